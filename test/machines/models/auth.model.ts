import type { EventFromLogic } from 'xstate';
import { authMachine, type LoginResult, type User } from '@machines/auth';
import { type DoneEvent, type ErrorEvent, createFlowModel, fixtureError } from '../flow-model';

export type AuthModelEvent =
  | EventFromLogic<typeof authMachine>
  | DoneEvent<'login', LoginResult>
  | ErrorEvent<'login'>
  | DoneEvent<'loadUser', User>
  | ErrorEvent<'loadUser'>
  | DoneEvent<'refreshUser', User>
  | ErrorEvent<'refreshUser'>
  | DoneEvent<'logout', void>
  | ErrorEvent<'logout'>;

export const ada: User = {
  id: 1,
  email: 'ada@example.com',
  apiKey: 'key_ada',
  planId: 1,
  currentCredit: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const authFixtures: AuthModelEvent[] = [
  { type: 'auth.login', email: 'ada@example.com', password: 'Str0ng!pass' },
  { type: 'auth.tokenReceived', token: 'google-token' },
  { type: 'auth.token.stored', token: 'other-tab-token' },
  { type: 'xstate.done.actor.login', output: { token: 'login-token', user: ada } },
  { type: 'xstate.done.actor.login', output: { token: 'login-token', user: null } },
  { type: 'xstate.error.actor.login', error: fixtureError('Bad credentials, please try again.') },
  { type: 'xstate.done.actor.loadUser', output: ada },
  { type: 'xstate.error.actor.loadUser', error: fixtureError('Session expired. Please log in again.') },
  { type: 'xstate.done.actor.refreshUser', output: { ...ada, currentCredit: 40 } },
  { type: 'xstate.error.actor.refreshUser', error: fixtureError('Session expired. Please log in again.') },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: fixtureError('Logout failed: 500') },
];

/** A first visit, and a return with a token left in storage. */
export const authFlows = [null, 'stored-token'].map((token) => {
  const flow = createFlowModel(authMachine, { fixtures: authFixtures, input: { token } });
  return { name: `stored token ${token}`, token, flow, paths: flow.paths() };
});
