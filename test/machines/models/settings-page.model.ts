import type { EventFromLogic } from 'xstate';
import { settingsPageMachine } from '@machines/settings-page';
import type { AccountPlan } from '@/domain/project-settings';
import { accountPlanOf } from '../../support/plan-fixtures';
import { createFlowModel } from '../flow-model';

export type SettingsPageModelEvent = EventFromLogic<typeof settingsPageMachine>;

/**
 * Both positions of the toggle, and the account's plan answered as Free (autoscaling locked in the
 * account's view) or as a paid plan (open in both views), whichever it was before.
 */
export const settingsPageFixtures: SettingsPageModelEvent[] = [
  { type: 'view.show', view: 'account' },
  { type: 'view.show', view: 'premiumDemo' },
  { type: 'plan.loaded', plan: accountPlanOf('Free') },
  { type: 'plan.loaded', plan: accountPlanOf('Developer') },
];

export interface SettingsArrival {
  name: string;
  /** The plan in the cache when the screen opens; null while GET /users/plan has not answered. */
  input: { accountPlan: AccountPlan | null };
}

export const settingsArrivals: SettingsArrival[] = [
  { name: 'with the plan known (Free)', input: { accountPlan: accountPlanOf('Free') } },
  { name: 'before the plan is known', input: { accountPlan: null } },
];

export const settingsPageFlows = settingsArrivals.map((arrival) => {
  const flow = createFlowModel(settingsPageMachine, { fixtures: settingsPageFixtures, input: arrival.input });
  return { ...arrival, flow, paths: flow.paths() };
});
