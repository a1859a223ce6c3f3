import type { EventFromLogic } from 'xstate';
import { resetPasswordMachine } from '@machines/reset-password';
import { CallFailed } from '@/domain/call-failure';
import { type AfterEvent, type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type ResetPasswordModelEvent =
  | EventFromLogic<typeof resetPasswordMachine>
  | DoneEvent<'resetPassword', void>
  | ErrorEvent<'resetPassword'>
  | AfterEvent<'redirectDelay', 'resetPassword.succeeded'>;

export const RESET_TOKEN = 'reset-token-123';
export const RESET_FAILURE = 'This reset link is invalid or has expired.';

export const resetPasswordFixtures: ResetPasswordModelEvent[] = [
  { type: 'reset.password.set', value: 'weakpass' },
  { type: 'reset.password.set', value: 'N3w!passw' },
  { type: 'reset.confirm.set', value: 'N3w!passw' },
  { type: 'reset.confirm.set', value: 'N3w!passW' },
  { type: 'xstate.done.actor.resetPassword', output: undefined },
  { type: 'xstate.error.actor.resetPassword', error: new CallFailed({ kind: 'refused', status: 400, message: RESET_FAILURE }) },
];

/** Two links: a good one, and one without a token. */
export const resetPasswordFlows = [RESET_TOKEN, null].map((token) => {
  const flow = createFlowModel(resetPasswordMachine, { fixtures: resetPasswordFixtures, input: { token } });
  return { token, flow, paths: flow.paths() };
});
