import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import type { components, paths } from '@/api/schema';
import { api, bodyOf } from '@/api/client';
import { CallFailed, isRefusedWith } from '@/domain/call-failure';

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
 * needs or rejects with a CallFailed (the client's, or one of these checks'), which the machine
 * turns into the SPEC.md §8 text.
 */

/** SPEC.md §3: the signup form does not ask for these; the API receives fixed placeholder texts. */
export const SIGNUP_PLACEHOLDERS = { firstname: 'Firstname', lastname: 'Lastname', company: 'Company' } as const;

export function createAuthCalls(client: Client<paths>) {
  return {
    async login({ email, password }: Credentials, signal?: AbortSignal): Promise<LoginResult> {
      const { data, response } = await client.POST('/auth/login', { body: { email, password }, signal });
      const token = data?.access_token;
      if (typeof token !== 'string' || token === '') throw new CallFailed({ kind: 'bad-answer', status: response.status });
      return { token, user: data?.user ?? null };
    },

    /** GET /users/me with the stored token (the session's); without one, nothing is sent. */
    async fetchUser({ token }: { token: string | null }, signal?: AbortSignal): Promise<User> {
      if (!token) throw new CallFailed({ kind: 'not-sent', reason: 'no-token' });
      return bodyOf(await client.GET('/users/me', { signal }));
    },

    async logout({ token }: { token: string | null }, signal?: AbortSignal): Promise<void> {
      if (!token) return; // nothing to revoke on the server
      await client.POST('/auth/logout', { signal });
    },

    async register({ email, password }: Registration, signal?: AbortSignal): Promise<void> {
      await client.POST('/auth/register', { body: { email, password, ...SIGNUP_PLACEHOLDERS }, signal });
    },

    async forgotPassword({ email }: { email: string }, signal?: AbortSignal): Promise<void> {
      await client.POST('/auth/forgot-password', { body: { email }, signal });
    },

    async resetPassword({ token, password }: PasswordReset, signal?: AbortSignal): Promise<void> {
      await client.POST('/auth/reset-password', { body: { token, password }, signal });
    },

    async verifyEmail({ token }: { token: string }, signal?: AbortSignal): Promise<void> {
      await client.POST('/auth/verify-email', { body: { token }, signal });
    },

    /** A new verification link to the signed-in account's address. */
    async resendVerification(signal?: AbortSignal): Promise<void> {
      await client.POST('/auth/resend-verification', { signal });
    },

    /** Trades the httpOnly session cookie of a Google sign-in for a token; null when there is no session (401). */
    async exchangeToken(signal?: AbortSignal): Promise<string | null> {
      try {
        const { data } = await client.GET('/auth/token', { signal });
        const token = data?.access_token;
        return typeof token === 'string' && token !== '' ? token : null;
      } catch (error) {
        if (isRefusedWith(error, 401)) return null;
        throw error;
      }
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
    /** For `verifyEmailMachine.provide({ actors: ... })`. */
    verifyEmail: {
      verifyEmail: fromPromise<void, { token: string }>(({ input, signal }) => calls.verifyEmail(input, signal)),
    },
    /** For `verificationNoticeMachine.provide({ actors: ... })`. */
    verificationNotice: {
      resendVerification: fromPromise<void, void>(({ signal }) => calls.resendVerification(signal)),
    },
    /** For `authCallbackMachine.provide({ actors: ... })`: the token it exchanges goes to the session, its input. */
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
export const verifyEmailCalls = realActors.verifyEmail;
export const verificationNoticeCalls = realActors.verificationNotice;
