import type { EventFromLogic } from 'xstate';
import { signupMachine } from '@machines/signup';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type SignupModelEvent = EventFromLogic<typeof signupMachine> | DoneEvent<'register', void> | ErrorEvent<'register'>;

/** Payloads the paths use: one weak and one strong password, a matching and a differing confirmation. */
export const signupFixtures: SignupModelEvent[] = [
  { type: 'signup.email.set', value: 'ada@example.com' },
  { type: 'signup.password.set', value: 'weakpass' },
  { type: 'signup.password.set', value: 'Str0ng!pass' },
  { type: 'signup.confirm.set', value: 'Str0ng!pass' },
  { type: 'signup.confirm.set', value: 'Str0ng!pasS' },
  { type: 'xstate.done.actor.register', output: undefined },
  {
    type: 'xstate.error.actor.register',
    error: new CallFailed({ kind: 'refused', status: 409, message: 'An account with this email already exists' }),
  },
];

export const signupFlow = createFlowModel(signupMachine, { fixtures: signupFixtures });
export const signupPaths = signupFlow.paths();
