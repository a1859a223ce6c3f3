import type { ActorRef, Snapshot } from 'xstate';
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

/** The session's answer to a screen that asked it to sign in: sent to the `replyTo` of the request. */
export type SessionReply = { type: 'session.granted' } | { type: 'session.refused' };

/** A screen's actor waiting for the session's answer. */
export type SessionRequester = ActorRef<Snapshot<unknown>, SessionReply>;

/**
 * What a screen asks of the session: sign in with credentials (/login) or with a token a redirect
 * sign-in brought back (/auth/callback). With `replyTo`, the requester hears the outcome as a
 * `SessionReply` event once the session has decided.
 */
export type SessionRequest =
  | { type: 'auth.login'; email: string; password: string; replyTo?: SessionRequester }
  | { type: 'auth.token.received'; token: string; replyTo?: SessionRequester };

/** The app-wide session as the screens that ask it to sign in see it: an actor that takes their requests. */
export type SessionRef = ActorRef<Snapshot<unknown>, SessionRequest>;

export interface AuthContext {
  token: string | null;
  /** The project picked at the last visit (the acting project starts from it); null: the user's own. */
  project: string | null;
  user: User | null;
  error: string | null;
  /** Who hears the outcome of the sign-in under way (null: nobody asked, or they were answered). */
  requester: SessionRequester | null;
  /** Credentials of the login asked for and not yet answered by the server (kept while the session is busy). */
  login: Credentials | null;
}

export type AuthEvent =
  | SessionRequest
  /** The stored token changed outside this tab's own writes (another tab signed in or out). */
  | { type: 'auth.token.stored'; token: string }
  | { type: 'auth.token.cleared' }
  | { type: 'auth.refresh' }
  | { type: 'auth.logout' }
  | { type: 'auth.error.clear' };
