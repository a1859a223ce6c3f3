import type { EventFromLogic } from 'xstate';
import { autoscalingFormMachine } from '@machines/autoscaling-form';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type AutoscalingFormModelEvent =
  | EventFromLogic<typeof autoscalingFormMachine>
  | DoneEvent<'saveAutoscaling', undefined>
  | ErrorEvent<'saveAutoscaling'>;

export const SAVE_FAILURE = 'Autoscaling is paused for maintenance.';

/**
 * Two percentages the keyboard reaches in one key (Home: 0, End: 100) besides the initial 25, so
 * the paths stay few; both modes; the save's end and a refusal. The other ranges' messages are
 * table-tested in test/domain/autoscaling.test.ts and stepped through by arrow keys in the view test.
 */
export const autoscalingFormFixtures: AutoscalingFormModelEvent[] = [
  { type: 'autoscaling.set', percent: 0 },
  { type: 'autoscaling.set', percent: 100 },
  { type: 'autoscaling.mode', enabled: true },
  { type: 'autoscaling.mode', enabled: false },
  { type: 'xstate.done.actor.saveAutoscaling', output: undefined },
  { type: 'xstate.error.actor.saveAutoscaling', error: new CallFailed({ kind: 'refused', status: 503, message: SAVE_FAILURE }) },
];

/** A visitor on Free: the form starts locked, and the Premium Plan Demo unlocks it. */
export const autoscalingFormFlow = createFlowModel(autoscalingFormMachine, {
  fixtures: autoscalingFormFixtures,
  input: { locked: true },
});
export const autoscalingFormPaths = autoscalingFormFlow.paths();
