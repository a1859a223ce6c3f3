import { expect } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  type AuthEvent,
  authMachine,
  selectIsAuthenticated,
  selectIsResolving,
  selectSessionEnded,
  type Credentials,
  type LoginResult,
  type User,
} from '@machines/auth';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type AuthModelEvent, authFlows } from './models/auth.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

describeModel('auth machine', authMachine, authFlows, async (path, { token, flow }) => {
  const login = pendingCall<LoginResult, Credentials>('login');
  const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
  const logout = pendingCall<void, { token: string | null }>('logout');
  // The browser's storage and the query cache, as the effects leave them.
  let stored: string | null = token;
  let cacheResets = 0;
  // Another tab's writes: the storage, then the event the browser fires in this tab.
  let fromAnotherTab: (event: AuthEvent) => void = () => {
    throw new Error('the stored token is not watched');
  };
  const actor = createActor(
    authMachine.provide({
      actors: {
        login: login.logic,
        fetchUser: fetchUser.logic,
        logout: logout.logic,
        watchStoredToken: fromCallback(({ sendBack }) => {
          fromAnotherTab = sendBack;
          return () => {
            fromAnotherTab = () => {
              throw new Error('the storage watcher stopped');
            };
          };
        }),
      },
      actions: {
        persistToken: (_, params) => {
          stored = params.token;
        },
        forgetToken: () => {
          stored = null;
        },
        resetCache: () => void cacheResets++,
      },
    }),
    { input: { token } },
  ).start();

  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };
  const loggedOut = async (settleCall: () => void) => {
    const resetsBefore = cacheResets;
    await settle(settleCall);
    // SPEC.md §4: logout always ends with token and user cleared and the cache reset, even if the call fails.
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(cacheResets).toBe(resetsBefore + 1);
  };

  await flow.run(
    path,
    {
      'auth.login': (event) => actor.send(event),
      'auth.tokenReceived': (event) => actor.send(event),
      'auth.refresh': (event) => actor.send(event),
      'auth.logout': (event) => actor.send(event),
      'auth.clearError': (event) => actor.send(event),
      'auth.token.stored': (event) => {
        stored = event.token;
        fromAnotherTab(event);
      },
      'auth.token.cleared': (event) => {
        stored = null;
        fromAnotherTab(event);
      },
      'xstate.done.actor.login': (event) => settle(() => login.resolve(event.output)),
      'xstate.error.actor.login': (event) => settle(() => login.reject(event.error)),
      'xstate.done.actor.loadUser': (event) => settle(() => fetchUser.resolve(event.output)),
      'xstate.error.actor.loadUser': (event) => settle(() => fetchUser.reject(event.error)),
      'xstate.done.actor.refreshUser': (event) => settle(() => fetchUser.resolve(event.output)),
      'xstate.error.actor.refreshUser': (event) => settle(() => fetchUser.reject(event.error)),
      'xstate.done.actor.logout': (event) => loggedOut(() => logout.resolve(event.output)),
      'xstate.error.actor.logout': (event) => loggedOut(() => logout.reject(event.error)),
    } satisfies Executors<AuthModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // SPEC.md §4: the stored token is the session — storage and machine never disagree.
      expect(stored).toBe(snapshot.context.token);
      if (selectIsAuthenticated(snapshot)) {
        expect(snapshot.context.token).not.toBeNull();
        expect(snapshot.context.user).not.toBeNull();
      }
      if (snapshot.matches('anonymous')) expect(snapshot.context.user).toBeNull();
      if (snapshot.matches('loggingIn')) {
        expect(snapshot.context.error).toBeNull();
        expect(login.inputs.at(-1)).toEqual({ email: 'ada@example.com', password: 'Str0ng!pass' });
      }
      if (snapshot.matches('loadingUser') || snapshot.matches({ authenticated: 'refreshing' })) {
        expect(fetchUser.inputs.at(-1)).toEqual({ token: snapshot.context.token });
      }
      if (snapshot.matches('loggingOut')) expect(logout.inputs.at(-1)).toEqual({ token: snapshot.context.token });
      expect(selectIsResolving(snapshot)).toBe(snapshot.matches('loadingUser'));
      // The route guard's plain /login: only after a session held in this visit ended.
      if (selectSessionEnded(snapshot)) expect(snapshot.context).toMatchObject({ token: null, user: null });
    },
  );
});
