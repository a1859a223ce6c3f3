import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SIGNUP_PLACEHOLDERS, createAuthCalls } from '@/api/auth-calls';
import { createApiClient } from '@/api/client';
import { failureIn } from '@/domain/call-failure';
import { type Operation, failureMessage } from '@/domain/failure-message';
import { tooManyLoginAttempts } from '@server/auth/login-limits';
import { emailTaken } from '@server/handlers/register';
import { invalidResetToken } from '@server/handlers/password-reset';
import { startTestApp, type TestApp } from '../server/helpers/test-app';
import { uniqueEmail } from '../server/helpers/accounts';

/**
 * The SPA's account calls (src/api/auth-calls.ts) against the real server, in-process: the
 * client's fetch is answered by `app.inject`, so every request goes through the real routes,
 * validation and handlers, every failure through the real error envelope and the SPA's client,
 * and the text checked is the one the screen shows (failureMessage).
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
/** The token store of these calls (the SPA's is localStorage, written by the auth machine). */
let stored: string | null = null;

beforeAll(async () => {
  server = await startTestApp();
  calls = createAuthCalls(createApiClient({ baseUrl: 'http://app.test/api', fetch: injectFetch(server.app), token: () => stored }));
});

/** The text the screen of `operation` shows for the call's failure. */
async function shown(operation: Operation, call: Promise<unknown>): Promise<string> {
  const error: unknown = await call.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  if (error === null) return 'the call succeeded';
  return failureMessage(operation, failureIn(error));
}
afterAll(() => server.close());

describe('account calls against the real server', () => {
  it('registers with the placeholder names, logs in, loads the user, logs out', async () => {
    const email = uniqueEmail('calls');
    await calls.register({ email, password });
    const { token, user } = await calls.login({ email, password });
    expect(token).not.toBe('');
    expect(user?.email).toBe(email);
    stored = token;
    expect(await calls.fetchUser({ token })).toMatchObject({ email });
    await calls.logout({ token });
    // SPEC.md §8: the revoked session reads as expired.
    expect(await shown('currentUser', calls.fetchUser({ token }))).toBe('Session expired. Please log in again.');
    stored = null;
    expect(SIGNUP_PLACEHOLDERS).toEqual({ firstname: 'Firstname', lastname: 'Lastname', company: 'Company' });
  });

  it('maps login refusals to the SPEC.md texts', async () => {
    const email = uniqueEmail('refused');
    await calls.register({ email, password });
    expect(await shown('login', calls.login({ email, password: 'Wrong!pass1' }))).toBe('Bad credentials, please try again.');
    expect(await shown('login', calls.login({ email: 'not-an-email', password }))).toBe(
      'Invalid email or password format. Please check your input.',
    );
  });

  it("shows the server's own message once login attempts are limited", async () => {
    const email = uniqueEmail('limited');
    await calls.register({ email, password });
    const messages: string[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      messages.push(await shown('login', calls.login({ email, password: 'Wrong!pass1' })));
    }
    expect(messages.slice(0, 5)).toEqual(Array(5).fill('Bad credentials, please try again.'));
    expect(messages.at(-1)).toBe(tooManyLoginAttempts);
  });

  it('refuses an existing e-mail at signup with the server message', async () => {
    const email = uniqueEmail('taken');
    await calls.register({ email, password });
    expect(await shown('register', calls.register({ email, password }))).toBe(emailTaken);
  });

  it('needs a token before asking for the user', async () => {
    expect(await shown('currentUser', calls.fetchUser({ token: null }))).toBe('No authentication token found');
  });

  it('asks for a reset link, and shows the server message for a bad reset token', async () => {
    await calls.forgotPassword({ email: uniqueEmail('forgot') });
    expect(await shown('resetPassword', calls.resetPassword({ token: 'not-a-token', password }))).toBe(invalidResetToken);
  });

  it('has no token to exchange without the sign-in cookie', async () => {
    expect(await calls.exchangeToken()).toBeNull();
  });

  it('reads a failed fetch as no response at all', async () => {
    const offline = createAuthCalls(
      createApiClient({
        baseUrl: 'http://app.test/api',
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
        token: () => 'a-token',
      }),
    );
    expect(await shown('login', offline.login({ email: 'ada@example.com', password }))).toBe(
      'No response from server. Please check your internet connection and try again.',
    );
    expect(await shown('register', offline.register({ email: 'ada@example.com', password }))).toBe(
      'Registration failed. Please try again.',
    );
    expect(await shown('forgotPassword', offline.forgotPassword({ email: 'ada@example.com' }))).toBe(
      'Failed to send password reset request. Please try again.',
    );
    expect(await shown('resetPassword', offline.resetPassword({ token: 't', password }))).toBe(
      'Failed to reset password. Please try again.',
    );
    expect(await shown('currentUser', offline.fetchUser({ token: 't' }))).toBe('Failed to fetch user data');
  });

  it('reads a success without a token, and a body that is not JSON, as an invalid response', async () => {
    for (const body of ['{"user":null}', '<html>maintenance</html>']) {
      const garbled = createAuthCalls(
        createApiClient({ baseUrl: 'http://app.test/api', fetch: async () => new Response(body, { status: 200 }) }),
      );
      expect(await shown('login', garbled.login({ email: 'ada@example.com', password }))).toBe('Invalid response from server');
    }
  });

  it("shows a server's HTML error page by its status", async () => {
    const proxy = createAuthCalls(
      createApiClient({ baseUrl: 'http://app.test/api', fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }) }),
    );
    expect(await shown('register', proxy.register({ email: 'ada@example.com', password }))).toBe('Error: 502');
    expect(await shown('login', proxy.login({ email: 'ada@example.com', password }))).toBe('Bad credentials, please try again.');
  });

  it("keeps the caller's abort an abort", async () => {
    const listening = createAuthCalls(
      createApiClient({
        baseUrl: 'http://app.test/api',
        fetch: async (input, init) => {
          new Request(input, init).signal.throwIfAborted();
          return Response.json({ access_token: 'never' });
        },
      }),
    );
    const caller = new AbortController();
    caller.abort();
    await expect(listening.login({ email: 'ada@example.com', password }, caller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
