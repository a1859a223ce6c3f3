import { createActor, type EventFromLogic, fromCallback } from 'xstate';
import type { SessionRequest } from '@machines/auth';
import { loginFormMachine } from '@machines/login-form';
import { createFlowModel } from '../flow-model';

export type LoginFormModelEvent = EventFromLogic<typeof loginFormMachine>;

/**
 * The session the form's paths are walked against (any actor taking its requests: the walk is
 * pure, nothing is sent). Tests give each path its own, and compare the fields, not the ref.
 */
export const walkedSession = createActor(fromCallback<SessionRequest>(() => undefined));

/** Payloads the paths use: the e-mail /signup hands over, filled, blank and empty fields (the session's answers carry none). */
export const loginFormFixtures: LoginFormModelEvent[] = [
  { type: 'login.prefill', email: 'just.signed.up@example.com' },
  { type: 'login.email.set', value: 'ada@example.com' },
  { type: 'login.email.set', value: '   ' },
  { type: 'login.password.set', value: 'Str0ng!pass' },
  { type: 'login.password.set', value: '' },
];

export const loginFormFlow = createFlowModel(loginFormMachine, { fixtures: loginFormFixtures, input: { session: walkedSession } });
export const loginFormPaths = loginFormFlow.paths();
