import { type AnyEventObject, assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failureIn, isRefusedWith } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { actingProjectMachine } from './acting-project';
import type { AuthContext, AuthEvent, Credentials, LoginResult, User } from './auth.types';

export type { AuthContext, AuthEvent, Credentials, LoginResult, SessionReply, SessionRef, SessionRequest, User } from './auth.types';

/**
 * The app-wide session (SPEC.md §4 "Auth").
 *
 * - `booting` decides once: a stored token means we trust it and load the user.
 * - Only the server's 401 says a session is gone. `loadingUser` fails closed all the same (any error
 *   leaves this visit signed out, so a stale token never loops), but only a 401 forgets the stored
 *   token: a call that got no verdict (offline, a 5xx, a reload aborting it) is tried again next visit.
 * - `authenticated.refreshing` re-reads the user (after a key change, a 401 on some screen): a 401
 *   ends the session; any other failure keeps it and the user already loaded.
 * - `loggingOut` always ends logged out, even when the call fails (SPEC.md: "even if the call fails").
 * - `anonymous.sessionEnded` is a session that ended in this visit (logout, a refused refresh, a
 *   sign-out in another tab): the route guard then goes to /login without remembering the page.
 * - Every end of a session goes through `endSession`: storage, token, user and the server-data cache
 *   forget it together (forgetting what another tab already cleared changes nothing).
 * - The stored token is watched (`watchStoredToken`, for the whole life of the actor): a token
 *   stored by another tab is adopted like a new sign-in, one cleared there ends the session here.
 * - Screens ask to sign in with `auth.login` (credentials) or `auth.token.received` (a redirect
 *   sign-in's token) and name a `replyTo`: entering `authenticated` answers it `session.granted`,
 *   entering `anonymous` `session.refused` (the error says why). A login asked for while the session
 *   is busy (a stored token being checked, a logout) waits in `login` and starts from `anonymous`;
 *   asked for when signed in, it is answered at once.
 * - While signed in, `actingProject` (machines/acting-project.ts) holds the project the user acts
 *   on, starting from the one picked at the last visit (`project`); ending a session forgets it.
 * Effects (storage, cache reset, calls, the storage watcher) are named actions and actors supplied by the SPA.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { token: string | null; project?: string | null },
    children: {} as {
      actingProject: 'actingProject';
      login: 'login';
      loadUser: 'fetchUser';
      refreshUser: 'fetchUser';
      logout: 'logout';
      storedToken: 'watchStoredToken';
    },
  },
  actors: {
    /** The project the signed-in user acts on (its calls supplied by the SPA). */
    actingProject: actingProjectMachine,
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
    /** Stores `context.token` (for the next visit and the other tabs). */
    persistToken: () => {},
    forgetToken: () => {},
    /** Forgets the project picked (the next session starts in its user's own project). */
    forgetProject: () => {},
    resetCache: () => {},
    clearError: assign({ error: null }),
    takeToken: assign(({ event }) => (event.type === 'auth.token.stored' ? { token: event.token, user: null, error: null } : {})),
    takeRequester: assign(({ event }) => (event.type === 'auth.login' && event.replyTo ? { requester: event.replyTo } : {})),
    takeCredentials: assign(({ event }) =>
      event.type === 'auth.login' ? { login: { email: event.email, password: event.password } } : {},
    ),
    dropCredentials: assign({ login: null }),
    /** The one way a session is forgotten: storage, token, user and the server-data cache together. */
    endSession: enqueueActions(({ enqueue }) => {
      enqueue('forgetToken');
      enqueue('forgetProject');
      enqueue.assign({ project: null });
      enqueue('leaveSession');
    }),
    /** Signed out in this tab (token, user, server-data cache); the stored token is left for the next visit. */
    leaveSession: enqueueActions(({ enqueue }) => {
      enqueue.assign({ token: null, user: null });
      enqueue('resetCache');
    }),
    userLoadFailed: assign({ error: ({ event }) => failureMessage('currentUser', failureIn('error' in event ? event.error : undefined)) }),
    /** A redirect sign-in's token, stored; its requester hears the outcome instead of any login asked for. */
    takeRedirectToken: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'auth.token.received') return;
      enqueue.assign({ token: event.token, user: null, error: null, requester: event.replyTo ?? context.requester, login: null });
      enqueue('persistToken');
    }),
    answerSignedIn: enqueueActions(({ context, enqueue }) => {
      if (context.requester) enqueue.sendTo(context.requester, { type: 'session.granted' });
      enqueue.assign({ requester: null, login: null });
    }),
    /** A refusal is told once no login is left to try (one asked for while busy starts from `anonymous`). */
    answerRefused: enqueueActions(({ context, enqueue }) => {
      if (context.login !== null) return;
      if (context.requester) enqueue.sendTo(context.requester, { type: 'session.refused' });
      enqueue.assign({ requester: null });
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isNewToken: ({ context, event }) => event.type === 'auth.token.stored' && event.token !== context.token,
    loginAsked: ({ context }) => context.login !== null,
    /** The server said the session is gone (401); anything else is no verdict on it. */
    sessionRefused: ({ event }) => 'error' in event && isRefusedWith(event.error, 401),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input.token, project: input.project ?? null, user: null, error: null, requester: null, login: null }),
  initial: 'booting',
  invoke: { id: 'storedToken', src: 'watchStoredToken' },
  on: {
    'auth.error.clear': { actions: 'clearError' },
    // A redirect sign-in (Google) hands over a token whatever state we are in: it replaces any
    // session being loaded or held, and any login asked for, so signing in as another account never gets dropped.
    'auth.token.received': { target: '.loadingUser', actions: 'takeRedirectToken' },
    // Taken in any state; `anonymous` starts it, the busy states let it wait for their outcome.
    'auth.login': { actions: ['takeRequester', 'takeCredentials'] },
  },
  states: {
    booting: {
      always: [{ guard: 'hasToken', target: 'loadingUser' }, { target: 'anonymous' }],
    },
    anonymous: {
      entry: 'answerRefused',
      always: { guard: 'loginAsked', target: 'loggingIn' },
      initial: 'visiting',
      on: {
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
      exit: 'dropCredentials',
      // A login already under way: this requester hears its outcome.
      on: { 'auth.login': { actions: 'takeRequester' } },
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.login ?? { email: '', password: '' },
        onDone: [
          {
            guard: ({ event }) => event.output.user !== null,
            target: 'authenticated',
            actions: [assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }), 'persistToken'],
          },
          {
            target: 'loadingUser',
            actions: [assign({ token: ({ event }) => event.output.token, user: ({ event }) => event.output.user }), 'persistToken'],
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
        'auth.token.received': { target: 'loadingUser', reenter: true, actions: 'takeRedirectToken' },
        'auth.token.stored': { guard: 'isNewToken', target: 'loadingUser', reenter: true, actions: 'takeToken' },
        'auth.token.cleared': { target: 'anonymous', actions: 'endSession' },
      },
      invoke: {
        id: 'loadUser',
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'authenticated', actions: assign({ user: ({ event }) => event.output }) },
        onError: [
          { guard: 'sessionRefused', target: 'anonymous', actions: ['endSession', 'userLoadFailed'] },
          { target: 'anonymous', actions: ['leaveSession', 'userLoadFailed'] },
        ],
      },
    },
    authenticated: {
      tags: ['authenticated'],
      entry: 'answerSignedIn',
      // The project acted on, for as long as the session lasts (views reach it with selectActingProject).
      invoke: {
        id: 'actingProject',
        src: 'actingProject',
        input: ({ context }) => ({ picked: context.project }),
      },
      initial: 'idle',
      on: {
        // Already signed in: the requester is answered at once.
        'auth.login': { actions: ['takeRequester', 'answerSignedIn'] },
        'auth.logout': { target: 'loggingOut' },
        'auth.token.stored': { guard: 'isNewToken', target: 'loadingUser', actions: 'takeToken' },
        'auth.token.cleared': { target: 'anonymous.sessionEnded', actions: 'endSession' },
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
            onError: [
              { guard: 'sessionRefused', target: '#auth.anonymous.sessionEnded', actions: ['endSession', 'userLoadFailed'] },
              // No verdict on the session (a reload aborting the call, the server unreachable): it stands.
              { target: 'idle' },
            ],
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
        onDone: { target: 'anonymous.sessionEnded', actions: 'endSession' },
        onError: { target: 'anonymous.sessionEnded', actions: 'endSession' },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Narrow selectors for views (one useSelector each). */
export const selectUser = (s: AuthSnapshot) => s.context.user;
/** The acting project's actor while signed in (read it with machines/acting-project.selectors). */
export const selectActingProject = (s: AuthSnapshot) => s.children.actingProject;
export const selectAuthError = (s: AuthSnapshot) => s.context.error;
export const selectIsAuthenticated = (s: AuthSnapshot) => s.hasTag('authenticated');
export const selectIsBusy = (s: AuthSnapshot) => s.hasTag('busy');
/** True while the app cannot yet tell whether the visitor is signed in (route guard shows loading). */
export const selectIsResolving = (s: AuthSnapshot) => s.matches('booting') || s.hasTag('resolving');
export const selectIsLoggingOut = (s: AuthSnapshot) => s.matches('loggingOut');
/** A session ended in this visit: /login, without remembering the page it ended on. */
export const selectSessionEnded = (s: AuthSnapshot) => s.matches({ anonymous: 'sessionEnded' });
