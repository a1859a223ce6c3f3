import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import type { components, paths } from '@/api/schema';
import { api } from '@/api/client';
import { failureOf, reach } from '@/api/call-outcome';
import {
  INVALID_LOGIN_RESPONSE,
  NO_TOKEN_FOUND,
  currentUserErrorMessage,
  forgotPasswordErrorMessage,
  loginErrorMessage,
  resetPasswordErrorMessage,
  signupErrorMessage,
} from '@/domain/auth-errors';

// Shapes the machines declare for their actors (src/api does not import machines; `provide` checks them).
type User = components['schemas']['User'];
interface Credentials {
  email: string;
  password: string;
}
interface LoginResult {
  token: string;
  user: User | null;
}
type Registration = Credentials;
interface PasswordReset {
  token: string;
  password: string;
}

/**
 * The account calls of SPEC.md §7 over the typed client. Each one resolves with what its machine
 * needs or rejects with an Error whose message is the SPEC.md §8 text to show.
 */

/** SPEC.md §3: the signup form does not ask for these; the API receives fixed placeholder texts. */
export const SIGNUP_PLACEHOLDERS = { firstname: 'Firstname', lastname: 'Lastname', company: 'Company' } as const;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function createAuthCalls(client: Client<paths>) {
  return {
    async login({ email, password }: Credentials, signal?: AbortSignal): Promise<LoginResult> {
      const { data, error, response } = await reach(client.POST('/auth/login', { body: { email, password }, signal }), loginErrorMessage);
      if (!response.ok) throw new Error(loginErrorMessage(failureOf(response, error)));
      const token = data?.access_token;
      if (typeof token !== 'string' || token === '') throw new Error(INVALID_LOGIN_RESPONSE);
      return { token, user: data?.user ?? null };
    },

    async fetchUser({ token }: { token: string | null }, signal?: AbortSignal): Promise<User> {
      if (!token) throw new Error(NO_TOKEN_FOUND);
      const { data, error, response } = await reach(client.GET('/users/me', { headers: bearer(token), signal }), currentUserErrorMessage);
      if (!response.ok || !data) throw new Error(currentUserErrorMessage(failureOf(response, error)));
      return data;
    },

    async logout({ token }: { token: string | null }, signal?: AbortSignal): Promise<void> {
      if (!token) return; // nothing to revoke on the server
      const { response } = await reach(client.POST('/auth/logout', { headers: bearer(token), signal }), () => 'Logout failed');
      if (!response.ok) throw new Error(`Logout failed: ${response.status}`);
    },

    async register({ email, password }: Registration, signal?: AbortSignal): Promise<void> {
      const { error, response } = await reach(
        client.POST('/auth/register', { body: { email, password, ...SIGNUP_PLACEHOLDERS }, signal }),
        signupErrorMessage,
      );
      if (!response.ok) throw new Error(signupErrorMessage(failureOf(response, error)));
    },

    async forgotPassword({ email }: { email: string }, signal?: AbortSignal): Promise<void> {
      const { error, response } = await reach(
        client.POST('/auth/forgot-password', { body: { email }, signal }),
        forgotPasswordErrorMessage,
      );
      if (!response.ok) throw new Error(forgotPasswordErrorMessage(failureOf(response, error)));
    },

    async resetPassword({ token, password }: PasswordReset, signal?: AbortSignal): Promise<void> {
      const { error, response } = await reach(
        client.POST('/auth/reset-password', { body: { token, password }, signal }),
        resetPasswordErrorMessage,
      );
      if (!response.ok) throw new Error(resetPasswordErrorMessage(failureOf(response, error)));
    },

    /** Trades the httpOnly session cookie of a Google sign-in for a token; null when there is no session (401). */
    async exchangeToken(signal?: AbortSignal): Promise<string | null> {
      const { data, response } = await reach(client.GET('/auth/token', { signal }), () => 'No response');
      if (response.status === 401) return null;
      if (!response.ok) throw new Error(`Token exchange failed: ${response.status}`);
      const token = data?.access_token;
      return typeof token === 'string' && token !== '' ? token : null;
    },
  };
}

export type AuthCalls = ReturnType<typeof createAuthCalls>;

/** The calls as actors, in the shapes the machines declare, ready for `machine.provide({ actors })`. */
export function authActorsOver(calls: AuthCalls) {
  return {
    /** For `authMachine.provide({ actors: ... })`. */
    session: {
      login: fromPromise<LoginResult, Credentials>(({ input, signal }) => calls.login(input, signal)),
      fetchUser: fromPromise<User, { token: string | null }>(({ input, signal }) => calls.fetchUser(input, signal)),
      logout: fromPromise<void, { token: string | null }>(({ input, signal }) => calls.logout(input, signal)),
    },
    /** For `signupMachine.provide({ actors: ... })`. */
    signup: {
      register: fromPromise<void, Registration>(({ input, signal }) => calls.register(input, signal)),
    },
    /** For `forgotPasswordMachine.provide({ actors: ... })`. */
    forgotPassword: {
      requestReset: fromPromise<void, { email: string }>(({ input, signal }) => calls.forgotPassword(input, signal)),
    },
    /** For `resetPasswordMachine.provide({ actors: ... })`. */
    resetPassword: {
      resetPassword: fromPromise<void, PasswordReset>(({ input, signal }) => calls.resetPassword(input, signal)),
    },
    /** For `authCallbackMachine.provide({ actors: ... })` (acceptToken comes from the view: it needs the app's session). */
    authCallback: {
      exchangeToken: fromPromise<string | null, void>(({ signal }) => calls.exchangeToken(signal)),
    },
  };
}

const realActors = authActorsOver(createAuthCalls(api));

/** The app-wide session's real effects: `authMachine.provide({ actors: authCalls, actions: ... })`. */
export const authCalls = realActors.session;
export const signupCalls = realActors.signup;
export const forgotPasswordCalls = realActors.forgotPassword;
export const resetPasswordCalls = realActors.resetPassword;
export const authCallbackCalls = realActors.authCallback;
