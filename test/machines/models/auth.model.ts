import { createActor, type EventFromLogic, fromCallback } from 'xstate';
import { authMachine, type LoginResult, type SessionReply, type User } from '@machines/auth';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

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
  emailVerified: true,
};

/** What the screen that asked the session to sign in has heard back, oldest first (reset by each test). */
export const replies: Array<SessionReply['type']> = [];

/** A screen's actor that asked the session to sign in (the login form, the callback): it records the replies. */
export const requester = createActor(
  fromCallback<SessionReply>(({ receive }) => {
    receive((reply) => void replies.push(reply.type));
  }),
).start();

export const authFixtures: AuthModelEvent[] = [
  { type: 'auth.login', email: 'ada@example.com', password: 'Str0ng!pass', replyTo: requester },
  { type: 'auth.token.received', token: 'google-token', replyTo: requester },
  { type: 'auth.token.stored', token: 'other-tab-token' },
  { type: 'xstate.done.actor.login', output: { token: 'login-token', user: ada } },
  { type: 'xstate.done.actor.login', output: { token: 'login-token', user: null } },
  { type: 'xstate.error.actor.login', error: new CallFailed({ kind: 'refused', status: 401, message: 'Invalid e-mail or password' }) },
  { type: 'xstate.done.actor.loadUser', output: ada },
  { type: 'xstate.error.actor.loadUser', error: new CallFailed({ kind: 'refused', status: 401, message: 'Invalid or expired session' }) },
  // No verdict on the session: the server unreachable, or the call aborted by a reload.
  { type: 'xstate.error.actor.loadUser', error: new CallFailed({ kind: 'no-answer' }) },
  { type: 'xstate.done.actor.refreshUser', output: { ...ada, currentCredit: 40 } },
  {
    type: 'xstate.error.actor.refreshUser',
    error: new CallFailed({ kind: 'refused', status: 401, message: 'Invalid or expired session' }),
  },
  { type: 'xstate.error.actor.refreshUser', error: new CallFailed({ kind: 'no-answer' }) },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: new CallFailed({ kind: 'refused', status: 500, message: null }) },
];

/** A first visit, and a return with a token left in storage. */
export const authFlows = [null, 'stored-token'].map((token) => {
  const flow = createFlowModel(authMachine, { fixtures: authFixtures, input: { token } });
  return { name: `stored token ${token}`, token, flow, paths: flow.paths() };
});
