import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import type { FastifyInstance } from 'fastify';
import type { paths } from '@/api/schema';
import { SIGNUP_PLACEHOLDERS, createAuthCalls } from '@/api/auth-calls';
import { tooManyLoginAttempts } from '@server/auth/login-limits';
import { emailTaken } from '@server/handlers/register';
import { invalidResetToken } from '@server/handlers/password-reset';
import { startTestApp, type TestApp } from '../server/helpers/test-app';
import { uniqueEmail } from '../server/helpers/accounts';

/**
 * The SPA's account calls (src/api/auth-calls.ts) against the real server, in-process: the
 * client's fetch is answered by `app.inject`, so every request goes through the real routes,
 * validation and handlers, and every failure through the real error envelope.
 */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const answer = await app.inject({
      method: request.method === 'POST' ? 'POST' : 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(request.body ? { payload: await request.text() } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.rawPayload.length === 0;
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
  };
}

const password = 'Str0ng!pass';
let server: TestApp;
let calls: ReturnType<typeof createAuthCalls>;

beforeAll(async () => {
  server = await startTestApp();
  calls = createAuthCalls(createClient<paths>({ baseUrl: 'http://app.test/api', fetch: injectFetch(server.app) }));
});
afterAll(() => server.close());

describe('account calls against the real server', () => {
  it('registers with the placeholder names, logs in, loads the user, logs out', async () => {
    const email = uniqueEmail('calls');
    await calls.register({ email, password });
    const { token, user } = await calls.login({ email, password });
    expect(token).not.toBe('');
    expect(user?.email).toBe(email);
    expect(await calls.fetchUser({ token })).toMatchObject({ email });
    await calls.logout({ token });
    // SPEC.md §8: the revoked session reads as expired.
    await expect(calls.fetchUser({ token })).rejects.toThrow(/^Session expired\. Please log in again\.$/);
    expect(SIGNUP_PLACEHOLDERS).toEqual({ firstname: 'Firstname', lastname: 'Lastname', company: 'Company' });
  });

  it('maps login refusals to the SPEC.md texts', async () => {
    const email = uniqueEmail('refused');
    await calls.register({ email, password });
    await expect(calls.login({ email, password: 'Wrong!pass1' })).rejects.toThrow(/^Bad credentials, please try again\.$/);
    await expect(calls.login({ email: 'not-an-email', password })).rejects.toThrow(
      /^Invalid email or password format\. Please check your input\.$/,
    );
  });

  it("shows the server's own message once login attempts are limited", async () => {
    const email = uniqueEmail('limited');
    await calls.register({ email, password });
    const messages: string[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      messages.push(
        await calls.login({ email, password: 'Wrong!pass1' }).then(
          () => 'signed in',
          (error: Error) => error.message,
        ),
      );
    }
    expect(messages.slice(0, 5)).toEqual(Array(5).fill('Bad credentials, please try again.'));
    expect(messages.at(-1)).toBe(tooManyLoginAttempts);
  });

  it('refuses an existing e-mail at signup with the server message', async () => {
    const email = uniqueEmail('taken');
    await calls.register({ email, password });
    await expect(calls.register({ email, password })).rejects.toThrow(emailTaken);
  });

  it('needs a token before asking for the user', async () => {
    await expect(calls.fetchUser({ token: null })).rejects.toThrow(/^No authentication token found$/);
  });

  it('asks for a reset link, and shows the server message for a bad reset token', async () => {
    await calls.forgotPassword({ email: uniqueEmail('forgot') });
    await expect(calls.resetPassword({ token: 'not-a-token', password })).rejects.toThrow(invalidResetToken);
  });

  it('has no token to exchange without the sign-in cookie', async () => {
    expect(await calls.exchangeToken()).toBeNull();
  });

  it('reads a failed fetch as no response at all', async () => {
    const offline = createAuthCalls(
      createClient<paths>({
        baseUrl: 'http://app.test/api',
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      }),
    );
    await expect(offline.login({ email: 'ada@example.com', password })).rejects.toThrow(
      /^No response from server\. Please check your internet connection and try again\.$/,
    );
    await expect(offline.register({ email: 'ada@example.com', password })).rejects.toThrow(/^Registration failed\. Please try again\.$/);
    await expect(offline.forgotPassword({ email: 'ada@example.com' })).rejects.toThrow(
      /^Failed to send password reset request\. Please try again\.$/,
    );
    await expect(offline.resetPassword({ token: 't', password })).rejects.toThrow(/^Failed to reset password\. Please try again\.$/);
    await expect(offline.fetchUser({ token: 't' })).rejects.toThrow(/^Failed to fetch user data$/);
  });
});
