import { assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { CALLBACK_NO_TOKEN, callbackErrorMessage } from '@/domain/auth-errors';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { shownText } from '@/domain/shown-text';
import { isFreshSignInAttempt } from '@/domain/sign-in-attempt';
import type { SessionRef, SessionReply } from './auth.types';
import { messageShown, REDIRECT_DELAY_MS, redirectedToLogin } from './to-login.states';

/** What the sign-in redirect put in the query string (SPEC.md /auth/callback). */
export interface CallbackQuery {
  token: string | null;
  error: string | null;
}

/** The query, and whether this browser started the sign-in that comes back. */
export interface CallbackInput extends CallbackQuery {
  /** When this browser tab started a sign-in (the Google button), ms since the epoch; null: it did not. */
  signInStartedAt: number | null;
  /** When the screen opened, ms since the epoch (the machine reads no clock). */
  now: number;
}

/** What the callback machine starts from: the arrival, and the app-wide session it hands a token to. */
export interface AuthCallbackInput extends CallbackInput {
  session: SessionRef;
}

export interface AuthCallbackContext {
  /** '' until a token is known. */
  token: string;
  error: string | null;
  /** The app-wide session the token is handed to. */
  session: SessionRef;
}

/**
 * Finishing a redirect sign-in (Google) on /auth/callback (SPEC.md §2, §8).
 *
 * - `starting` reads the query once: a reported error wins (shown as one bounded line of text); a
 *   token in the query is used only when this browser started a sign-in less than 10 minutes ago —
 *   else anyone's link could sign the visitor into the link maker's account — and is otherwise
 *   ignored, never stored. Either way the attempt is used up (`forgetSignInAttempt`) and the token
 *   leaves the address bar (`hideQueryToken`). Without a usable token, the server holds the
 *   session in an httpOnly cookie (bound to this browser by the OIDC state) and `exchanging`
 *   trades it for a token (GET /auth/token; its actor resolves null when there is no session yet).
 * - No token on the first exchange: the cookie may still be on its way, so `waitingToRetry` waits
 *   `retryDelay` (1 s) and `retrying` asks once more; a second miss is final.
 * - `signingIn` hands the token to the app-wide session (`auth.token.received`, naming this actor
 *   as `replyTo`: it stores the token and loads the user) and ends in `signedIn` (`goHome`) on
 *   `session.granted`. On `session.refused` the session already holds why (its error, shown on
 *   /login); this screen shows its own text. The session may not have started yet when this
 *   screen does: the request waits in its mailbox, and the answer comes whenever it decides.
 * - `failed` shows its message for `redirectDelay` (3 s), then `goToLogin`.
 */
export const authCallbackMachine = setup({
  types: {
    context: {} as AuthCallbackContext,
    events: {} as SessionReply,
    input: {} as AuthCallbackInput,
  },
  actors: {
    exchangeToken: fromPromise<string | null, void>(async () => {
      throw new Error('exchangeToken actor not provided');
    }),
  },
  actions: {
    handTokenToSession: sendTo(
      ({ context }) => context.session,
      ({ context, self }) => ({ type: 'auth.token.received' as const, token: context.token, replyTo: self }),
    ),
    forgetSignInAttempt: () => {},
    hideQueryToken: () => {},
    goHome: () => {},
    goToLogin: () => {},
  },
  delays: {
    retryDelay: 1000,
    redirectDelay: REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'authCallback',
  context: ({ input }) => {
    const error = shownText(input.error);
    const startedHere = isFreshSignInAttempt(input.signInStartedAt, input.now);
    return {
      token: startedHere ? (input.token?.trim() ?? '') : '',
      error: error ? callbackErrorMessage(error) : null,
      session: input.session,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      entry: ['forgetSignInAttempt', 'hideQueryToken'],
      always: [
        { guard: ({ context }) => context.error !== null, target: 'failed' },
        { guard: ({ context }) => context.token !== '', target: 'signingIn' },
        { target: 'exchanging' },
      ],
    },
    exchanging: {
      invoke: {
        id: 'exchangeToken',
        src: 'exchangeToken',
        onDone: [
          { guard: ({ event }) => !!event.output, target: 'signingIn', actions: assign({ token: ({ event }) => event.output ?? '' }) },
          { target: 'waitingToRetry' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage('authCallback', failureIn(event.error)) }) },
      },
    },
    waitingToRetry: {
      after: { retryDelay: { target: 'retrying' } },
    },
    retrying: {
      invoke: {
        id: 'retryExchangeToken',
        src: 'exchangeToken',
        onDone: [
          { guard: ({ event }) => !!event.output, target: 'signingIn', actions: assign({ token: ({ event }) => event.output ?? '' }) },
          { target: 'failed', actions: assign({ error: CALLBACK_NO_TOKEN }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage('authCallback', failureIn(event.error)) }) },
      },
    },
    signingIn: {
      entry: 'handTokenToSession',
      on: {
        'session.granted': { target: 'signedIn' },
        'session.refused': { target: 'failed', actions: assign({ error: failureMessage('authCallback', { kind: 'unexpected' }) }) },
      },
    },
    signedIn: {
      type: 'final',
      entry: 'goHome',
    },
    failed: messageShown,
    redirected: redirectedToLogin,
  },
});

export type AuthCallbackSnapshot = SnapshotFrom<typeof authCallbackMachine>;

/** The message to show; null while authenticating ('Authenticating...'). */
export const selectError = (s: AuthCallbackSnapshot) => s.context.error;
