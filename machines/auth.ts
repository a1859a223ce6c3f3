import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';

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
  | { type: 'auth.refresh' }
  | { type: 'auth.logout' }
  | { type: 'auth.clearError' };

/** Turns an actor's rejection into the message shown; actors reject with SPEC.md §8 texts. */
const messageOf = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback);

/**
 * The app-wide session (SPEC.md §4 "Auth").
 *
 * - `booting` decides once: a stored token means we trust it and load the user.
 * - `loadingUser` fails closed: any error forgets the token, so a stale token never loops.
 * - `loggingOut` always ends logged out, even when the call fails (SPEC.md: "even if the call fails").
 * Effects (storage, cache reset, calls) are named actions and actors supplied by the SPA.
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
  },
  actions: {
    persistToken: (_, _params: { token: string }) => {},
    forgetToken: () => {},
    resetCache: () => {},
    clearError: assign({ error: null }),
    forgetSession: assign({ token: null, user: null }),
    takeToken: assign(({ event }) => (event.type === 'auth.tokenReceived' ? { token: event.token, user: null, error: null } : {})),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input.token, user: null, error: null }),
  initial: 'booting',
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
      on: {
        'auth.login': { target: 'loggingIn' },
      },
    },
    loggingIn: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
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
          actions: assign({ error: ({ event }) => messageOf(event.error, 'Authentication failed. Please try again.') }),
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
      },
      invoke: {
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'authenticated', actions: assign({ user: ({ event }) => event.output }) },
        onError: {
          target: 'anonymous',
          actions: ['forgetToken', 'forgetSession', assign({ error: ({ event }) => messageOf(event.error, 'Failed to fetch user data') })],
        },
      },
    },
    authenticated: {
      tags: ['authenticated'],
      initial: 'idle',
      on: {
        'auth.logout': { target: 'loggingOut' },
      },
      states: {
        idle: {
          on: { 'auth.refresh': { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            src: 'fetchUser',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'idle', actions: assign({ user: ({ event }) => event.output }) },
            onError: {
              target: '#auth.anonymous',
              actions: [
                'forgetToken',
                'forgetSession',
                assign({ error: ({ event }) => messageOf(event.error, 'Failed to fetch user data') }),
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
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'anonymous', actions: ['forgetToken', 'forgetSession', 'resetCache'] },
        onError: { target: 'anonymous', actions: ['forgetToken', 'forgetSession', 'resetCache'] },
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
