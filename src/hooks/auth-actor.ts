import { createActorContext } from '@xstate/react';
import { fromCallback } from 'xstate';
import { type AuthEvent, authMachine } from '@machines/auth';
import { authCalls } from '@/api/auth-calls';
import { clearToken, watchToken, writeToken } from '@/api/token-store';
import { clearServerCache } from '@/hooks/server-cache';

/**
 * The auth machine with the SPA's effects: the token in localStorage (and its changes by other
 * tabs), the server-data cache cleared at logout, and the calls to the API. Tests provide their
 * own actors on top of this.
 */
export const appAuthMachine = authMachine.provide({
  actions: {
    persistToken: ({ context }) => {
      if (context.token !== null) writeToken(context.token);
    },
    forgetToken: () => clearToken(),
    resetCache: () => clearServerCache(),
  },
  actors: {
    ...authCalls,
    watchStoredToken: fromCallback(({ sendBack }) =>
      watchToken((token) => {
        const event: AuthEvent = token === null ? { type: 'auth.token.cleared' } : { type: 'auth.token.stored', token };
        sendBack(event);
      }),
    ),
  },
});

/**
 * The one app-wide auth actor; views read it with `AuthActor.useSelector(select...)` from machines/auth.
 * Screens that sign in (login form, auth callback) take its ref as their machine's input and talk
 * to it with events: a request naming their actor, the session's reply to it.
 */
export const AuthActor = createActorContext(appAuthMachine);
