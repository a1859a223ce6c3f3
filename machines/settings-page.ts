import { type AnyEventObject, assign, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import { type AccountPlan, type PlanView, autoscalingLocked, offersInviteUpgrade, planShown } from '@/domain/project-settings';
import { autoscalingFormMachine } from './autoscaling-form';

export interface SettingsPageContext {
  /** The user's real plan and what it unlocks (GET /users/plan); null until it is known. */
  accountPlan: AccountPlan | null;
}

export type SettingsPageEvent =
  /** The toggle between the account as it is and the Premium Plan Demo. */
  | { type: 'view.show'; view: PlanView }
  /** GET /users/plan answered (first, or again with a changed plan): sent by the `userPlan` actor. */
  | { type: 'plan.loaded'; plan: AccountPlan };

/**
 * The Settings screen's plan view (SPEC.md "Settings (demo)", §4 "Plan view in settings", §6).
 *
 * - `account` shows the account as it is, `premiumDemo` the Professional plan's settings as a
 *   demonstration; `view.show` moves between them.
 * - The screen's autoscaling form is this machine's child (`autoscalingForm`), started locked or not
 *   from the plan known then. It is locked exactly while the plan shown lacks the autoscaling
 *   entitlement (Free): every change of
 *   the view, or of the account's plan while the account is shown, tells it so in the same step
 *   (`autoscaling.lock` / `unlock`), so a render never shows the toggle and the form disagreeing.
 * - The account's plan arrives from the `userPlan` actor (the SPA's watches the query cache), at
 *   start and on every later answer; a plan not known yet unlocks nothing. In the demo it is only
 *   kept: the demo's Professional plan does not change with it.
 */
export const settingsPageMachine = setup({
  types: {
    context: {} as SettingsPageContext,
    events: {} as SettingsPageEvent,
    input: {} as { accountPlan: AccountPlan | null },
    children: {} as { autoscalingForm: 'autoscalingForm'; userPlan: 'userPlan' },
  },
  actors: {
    autoscalingForm: autoscalingFormMachine,
    /** Sends `plan.loaded` with each answer of GET /users/plan; none unless the app provides it. */
    userPlan: fromCallback<AnyEventObject>(() => undefined),
  },
  actions: {
    setAccountPlan: assign((_, params: { plan: AccountPlan }) => ({ accountPlan: params.plan })),
    /** Tells the form whether the plan now shown (in `view`) lacks autoscaling. */
    tellForm: sendTo('autoscalingForm', ({ context }, params: { view: PlanView }) => ({
      type: autoscalingLocked(params.view, context.accountPlan) ? ('autoscaling.lock' as const) : ('autoscaling.unlock' as const),
    })),
  },
  guards: {
    asks: ({ event }, params: { view: PlanView }) => event.type === 'view.show' && event.view === params.view,
  },
}).createMachine({
  id: 'settingsPage',
  context: ({ input }) => ({ accountPlan: input.accountPlan }),
  invoke: [
    {
      id: 'autoscalingForm',
      src: 'autoscalingForm',
      input: ({ context }) => ({ locked: autoscalingLocked('account', context.accountPlan) }),
    },
    { id: 'userPlan', src: 'userPlan' },
  ],
  initial: 'account',
  states: {
    account: {
      on: {
        'view.show': {
          guard: { type: 'asks', params: { view: 'premiumDemo' } },
          target: 'premiumDemo',
          actions: { type: 'tellForm', params: { view: 'premiumDemo' } },
        },
        'plan.loaded': {
          actions: [
            { type: 'setAccountPlan', params: ({ event }) => event },
            { type: 'tellForm', params: { view: 'account' } },
          ],
        },
      },
    },
    premiumDemo: {
      on: {
        'view.show': {
          guard: { type: 'asks', params: { view: 'account' } },
          target: 'account',
          actions: { type: 'tellForm', params: { view: 'account' } },
        },
        'plan.loaded': { actions: { type: 'setAccountPlan', params: ({ event }) => event } },
      },
    },
  },
});

export type SettingsPageSnapshot = SnapshotFrom<typeof settingsPageMachine>;

export const selectView = (s: SettingsPageSnapshot): PlanView => (s.matches('premiumDemo') ? 'premiumDemo' : 'account');
/** The account's plan name (the toggle's label); null until it is known. */
export const selectAccountPlan = (s: SettingsPageSnapshot) => s.context.accountPlan?.name ?? null;
/** The name of the plan the screen shows: the demo's, or the account's (null until it is known). */
export const selectPlanShown = (s: SettingsPageSnapshot) => planShown(selectView(s), s.context.accountPlan)?.name ?? null;
/** Whether the plan shown lacks autoscaling, so the autoscaling form is locked (what the child is told). */
export const selectAutoscalingLocked = (s: SettingsPageSnapshot) => autoscalingLocked(selectView(s), s.context.accountPlan);
export const selectOffersInviteUpgrade = (s: SettingsPageSnapshot) => offersInviteUpgrade(selectView(s), s.context.accountPlan);
export const selectAutoscalingForm = (s: SettingsPageSnapshot) => s.children.autoscalingForm;
