import type { EventFromLogic } from 'xstate';
import { forgotPasswordMachine } from '@machines/forgot-password';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type ForgotPasswordModelEvent =
  | EventFromLogic<typeof forgotPasswordMachine>
  | DoneEvent<'requestReset', void>
  | ErrorEvent<'requestReset'>;

export const FORGOT_FAILURE = 'Too many requests. Please try again later.';

export const forgotPasswordFixtures: ForgotPasswordModelEvent[] = [
  { type: 'forgot.email.set', value: 'ada@example.com' },
  { type: 'forgot.email.set', value: '' },
  { type: 'xstate.done.actor.requestReset', output: undefined },
  { type: 'xstate.error.actor.requestReset', error: new CallFailed({ kind: 'refused', status: 429, message: FORGOT_FAILURE }) },
];

export const forgotPasswordFlow = createFlowModel(forgotPasswordMachine, { fixtures: forgotPasswordFixtures });
export const forgotPasswordPaths = forgotPasswordFlow.paths();
