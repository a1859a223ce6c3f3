import type { EventFromLogic } from 'xstate';
import { autoscalingFormMachine } from '@machines/autoscaling-form';
import type { AutoscalingSettings } from '@/domain/autoscaling';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type AutoscalingFormModelEvent =
  | EventFromLogic<typeof autoscalingFormMachine>
  | DoneEvent<'saveAutoscaling', AutoscalingSettings>
  | ErrorEvent<'saveAutoscaling'>;

export const SAVE_FAILURE = 'Autoscaling is paused for maintenance.';
/** What the server answers to a save: the settings it stored. */
export const STORED_AFTER_SAVE: AutoscalingSettings = { percent: 100, enabled: true };
/** What a read of the project answers: settings saved earlier (or in another tab). */
export const STORED_SETTINGS: AutoscalingSettings = { percent: 60, enabled: true };

/**
 * Two percentages the keyboard reaches in one key (Home: 0, End: 100) besides the initial 25, so
 * the paths stay few; both modes; the stored settings read; the save's answer and a refusal. The other ranges' messages are
 * table-tested in test/domain/autoscaling.test.ts and stepped through by arrow keys in the view test.
 */
export const autoscalingFormFixtures: AutoscalingFormModelEvent[] = [
  { type: 'autoscaling.set', percent: 0 },
  { type: 'autoscaling.set', percent: 100 },
  { type: 'autoscaling.mode', enabled: true },
  { type: 'autoscaling.mode', enabled: false },
  { type: 'autoscaling.loaded', ...STORED_SETTINGS },
  { type: 'xstate.done.actor.saveAutoscaling', output: STORED_AFTER_SAVE },
  { type: 'xstate.error.actor.saveAutoscaling', error: new CallFailed({ kind: 'refused', status: 503, message: SAVE_FAILURE }) },
];

/** A visitor on Free: the form starts locked, and the Premium Plan Demo unlocks it. */
export const autoscalingFormFlow = createFlowModel(autoscalingFormMachine, {
  fixtures: autoscalingFormFixtures,
  input: { locked: true },
});
export const autoscalingFormPaths = autoscalingFormFlow.paths();
