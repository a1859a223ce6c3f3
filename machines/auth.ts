import { type AnyEventObject, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';

export type User = components['schemas']['User'];

export interface Credentials {
  email: string;
  password: string;
}

/** What a successful login gives: the token, and the user when the server sent it. */
export interface LoginResult {
  token: string;
  user: User | null;
}

export interface AuthContext {
  token: string | null;
  user: User | null;
  error: string | null;
}

export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string }
  | { type: 'auth.tokenReceived'; token: string }
  /** The stored token changed outside this tab's own writes (another tab signed in or out). */
  | { type: 'auth.token.stored'; token: string }
  | { type: 'auth.token.cleared' }
  | { type: 'auth.refresh' }
  | { type: 'auth.logout' }
  | { type: 'auth.clearError' };

/**
 * The app-wide session (SPEC.md §4 "Auth").
 *
 * - `booting` decides once: a stored token means we trust it and load the user.
 * - `loadingUser` fails closed: any error forgets the token, so a stale token never loops.
 * - `loggingOut` always ends logged out, even when the call fails (SPEC.md: "even if the call fails").
 * - `anonymous.sessionEnded` is a session that ended in this visit (logout, a refused refresh, a
 *   sign-out in another tab): the route guard then goes to /login without remembering the page.
 * - The stored token is watched (`watchStoredToken`, for the whole life of the actor): a token
 *   stored by another tab is adopted like a new sign-in, one cleared there ends the session here.
 * Effects (storage, cache reset, calls, the storage watcher) are named actions and actors supplied by the SPA.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { token: string | null },
  },
  actors: {
    login: fromPromise<LoginResult, Credentials>(async () => {
      throw new Error('login actor not provided');
    }),
    fetchUser: fromPromise<User, { token: string | null }>(async () => {
      throw new Error('fetchUser actor not provided');
    }),
    logout: fromPromise<void, { token: string | null }>(async () => undefined),
    /** Sends `auth.token.stored` / `auth.token.cleared` when another tab changes the stored token. */
    watchStoredToken: fromCallback<AnyEventObject>(() => undefined),
  },
  actions: {
    persistToken: (_, _params: { token: string }) => {},
    forgetToken: () => {},
    resetCache: () => {},
    clearError: assign({ error: null }),
    forgetSession: assign({ token: null, user: null }),
    takeToken: assign(({ event }) =>
      event.type === 'auth.tokenReceived' || event.type === 'auth.token.stored' ? { token: event.token, user: null, error: null } : {},
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isNewToken: ({ context, event }) => event.type === 'auth.token.stored' && event.token !== context.token,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input.token, user: null, error: null }),
  initial: 'booting',
  invoke: { id: 'storedToken', src: 'watchStoredToken' },
  on: {
    'auth.clearError': { actions: 'clearError' },
    // A redirect sign-in (Google) hands over a token whatever state we are in: it replaces any
    // session being loaded or held, so signing in as another account never gets dropped.
    'auth.tokenReceived': {
      target: '.loadingUser',
      actions: ['takeToken', { type: 'persistToken', params: ({ event }) => ({ token: event.token }) }],
    },
  },
  states: {
    booting: {
      always: [{ guard: 'hasToken', target: 'loadingUser' }, { target: 'anonymous' }],
    },
    anonymous: {
      initial: 'visiting',
      on: {
        'auth.login': { target: 'loggingIn' },
        'auth.token.stored': { target: 'loadingUser', actions: 'takeToken' },
      },
      states: {
        visiting: {},
        sessionEnded: {},
      },
    },
    loggingIn: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'auth.login' ? { email: event.email, password: event.password } : { email: '', password: '' },
        onDone: [
          {
            guard: ({ event }) => event.output.user !== null,
            target: 'authenticated',
            actions: [
              assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }),
              { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
            ],
          },
          {
            target: 'loadingUser',
            actions: [
              assign({ token: ({ event }) => event.output.token }),
              { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
            ],
          },
        ],
        onError: {
          target: 'anonymous',
          actions: assign({ error: ({ event }) => failureMessage('login', failureIn(event.error)) }),
        },
      },
    },
    loadingUser: {
      tags: ['busy', 'resolving'],
      // A newer token while loading: start over, so the user loaded is the new token's.
      on: {
        'auth.tokenReceived': {
          target: 'loadingUser',
          reenter: true,
          actions: ['takeToken', { type: 'persistToken', params: ({ event }) => ({ token: event.token }) }],
        },
        'auth.token.stored': { guard: 'isNewToken', target: 'loadingUser', reenter: true, actions: 'takeToken' },
        'auth.token.cleared': { target: 'anonymous', actions: 'forgetSession' },
      },
      invoke: {
        id: 'loadUser',
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'authenticated', actions: assign({ user: ({ event }) => event.output }) },
        onError: {
          target: 'anonymous',
          actions: [
            'forgetToken',
            'forgetSession',
            assign({ error: ({ event }) => failureMessage('currentUser', failureIn(event.error)) }),
          ],
        },
      },
    },
    authenticated: {
      tags: ['authenticated'],
      initial: 'idle',
      on: {
        'auth.logout': { target: 'loggingOut' },
        'auth.token.stored': { guard: 'isNewToken', target: 'loadingUser', actions: 'takeToken' },
        'auth.token.cleared': { target: 'anonymous.sessionEnded', actions: ['forgetSession', 'resetCache'] },
      },
      states: {
        idle: {
          on: { 'auth.refresh': { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            id: 'refreshUser',
            src: 'fetchUser',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'idle', actions: assign({ user: ({ event }) => event.output }) },
            onError: {
              target: '#auth.anonymous.sessionEnded',
              actions: [
                'forgetToken',
                'forgetSession',
                assign({ error: ({ event }) => failureMessage('currentUser', failureIn(event.error)) }),
              ],
            },
          },
        },
      },
    },
    loggingOut: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'anonymous.sessionEnded', actions: ['forgetToken', 'forgetSession', 'resetCache'] },
        onError: { target: 'anonymous.sessionEnded', actions: ['forgetToken', 'forgetSession', 'resetCache'] },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Narrow selectors for views (one useSelector each). */
export const selectUser = (s: AuthSnapshot) => s.context.user;
export const selectAuthError = (s: AuthSnapshot) => s.context.error;
export const selectIsAuthenticated = (s: AuthSnapshot) => s.hasTag('authenticated');
export const selectIsBusy = (s: AuthSnapshot) => s.hasTag('busy');
/** True while the app cannot yet tell whether the visitor is signed in (route guard shows loading). */
export const selectIsResolving = (s: AuthSnapshot) => s.matches('booting') || s.hasTag('resolving');
export const selectIsLoggingOut = (s: AuthSnapshot) => s.matches('loggingOut');
/** A session ended in this visit: /login, without remembering the page it ended on. */
export const selectSessionEnded = (s: AuthSnapshot) => s.matches({ anonymous: 'sessionEnded' });
