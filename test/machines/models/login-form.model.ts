import type { EventFromLogic } from 'xstate';
import { loginFormMachine, type SignInOutcome } from '@machines/login-form';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type LoginFormModelEvent = EventFromLogic<typeof loginFormMachine> | DoneEvent<'signIn', SignInOutcome> | ErrorEvent<'signIn'>;

/** Payloads the paths use: the e-mail /signup hands over, filled, blank and empty fields; both answers of the session. */
export const loginFormFixtures: LoginFormModelEvent[] = [
  { type: 'login.prefill', email: 'just.signed.up@example.com' },
  { type: 'login.setEmail', value: 'ada@example.com' },
  { type: 'login.setEmail', value: '   ' },
  { type: 'login.setPassword', value: 'Str0ng!pass' },
  { type: 'login.setPassword', value: '' },
  { type: 'xstate.done.actor.signIn', output: 'signedIn' },
  { type: 'xstate.done.actor.signIn', output: 'refused' },
  { type: 'xstate.error.actor.signIn', error: { kind: 'unexpected' } },
];

export const loginFormFlow = createFlowModel(loginFormMachine, { fixtures: loginFormFixtures });
export const loginFormPaths = loginFormFlow.paths();
