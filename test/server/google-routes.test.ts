import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createAccount } from '@server/auth/accounts';
import { loadConfig } from '@server/config';
import { notStandInAccount, passwordAccount } from '@server/handlers/google';
import { goodPassword } from './helpers/accounts';
import { freePort } from '../support/free-port';
import { TestBrowser } from './google-browser';
import { openChooser, submitChooser } from './google-local-flow';

/**
 * "Continue with Google" through the real server routes, in local mode: /api/auth/google → the
 * development provider's chooser → /api/auth/google/callback (session cookie) → the SPA's
 * /auth/callback, which trades the cookie for a token at /api/auth/token.
 */
describe('Google sign-in through the API routes (local provider)', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const config = loadConfig({ PORT: String(port), PUBLIC_URL: url, DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
    app = await buildApp(config, { distDir: null });
    await app.listen({ host: '127.0.0.1', port });
  });

  afterAll(async () => {
    await app.close();
  });

  const isSpaCallback = (next: URL) => next.pathname === '/auth/callback';

  /** From the Google button to the SPA's /auth/callback, choosing `email` or cancelling. */
  async function signInWithGoogle(browser: TestBrowser, choice: { email?: string; action: 'continue' | 'cancel' }) {
    const start = await browser.get(`${url}/api/auth/google`);
    expect(start.status).toBe(302);
    expect(browser.cookie('oauth_pending')).toBeTruthy();
    const page = await openChooser(browser, start.headers.get('location') ?? '');
    const callbackUrl = await submitChooser(browser, page, choice);
    const callback = await browser.get(callbackUrl);
    return browser.follow(callbackUrl, callback, isSpaCallback);
  }

  async function me(token: string) {
    return fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
  }

  it('signs a new user in: session cookie, token exchange once, then /users/me is that e-mail', async () => {
    const browser = new TestBrowser();
    const landing = await signInWithGoogle(browser, { email: 'New.Google.User@Example.com', action: 'continue' });
    expect(landing.url.href).toBe(`${url}/auth/callback`);
    expect(browser.cookie('session')).toBeTruthy();
    expect(browser.cookie('oauth_pending')).toBeUndefined();

    const exchange = await browser.get(`${url}/api/auth/token`);
    expect(exchange.status).toBe(200);
    const body: unknown = await exchange.json();
    expect(body).toEqual({ access_token: expect.any(String) });
    const token = typeof body === 'object' && body !== null && 'access_token' in body ? String(body.access_token) : '';

    const user = await me(token);
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ email: 'new.google.user@example.com' });

    // The cookie is traded once: a second exchange finds none.
    expect((await browser.get(`${url}/api/auth/token`)).status).toBe(401);
  });

  it('signs the same user in again with the same account', async () => {
    const first = new TestBrowser();
    await signInWithGoogle(first, { email: 'returning@example.com', action: 'continue' });
    const firstToken = await (await first.get(`${url}/api/auth/token`)).json();
    const second = new TestBrowser();
    await signInWithGoogle(second, { email: 'returning@example.com', action: 'continue' });
    const secondToken = await (await second.get(`${url}/api/auth/token`)).json();
    const idOf = async (token: unknown) => {
      const value = typeof token === 'object' && token !== null && 'access_token' in token ? String(token.access_token) : '';
      const body: unknown = await (await me(value)).json();
      return typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined;
    };
    const id = await idOf(firstToken);
    expect(id).toBeDefined();
    expect(await idOf(secondToken)).toEqual(id);
  });

  it('sends a cancelled sign-in back to the SPA with the reason, and no session', async () => {
    const browser = new TestBrowser();
    const landing = await signInWithGoogle(browser, { action: 'cancel' });
    expect(landing.url.pathname).toBe('/auth/callback');
    expect(landing.url.searchParams.get('error')).toBe('Sign-in was cancelled.');
    expect(browser.cookie('session')).toBeUndefined();
    expect((await browser.get(`${url}/api/auth/token`)).status).toBe(401);
  });

  it('refuses a callback that arrives without the pending cookie of its browser', async () => {
    const victim = new TestBrowser();
    const start = await victim.get(`${url}/api/auth/google`);
    const page = await openChooser(victim, start.headers.get('location') ?? '');
    const callbackUrl = await submitChooser(victim, page, { email: 'victim@example.com', action: 'continue' });

    // Another browser (no oauth_pending cookie) replays the callback URL.
    const attacker = new TestBrowser();
    const landing = await attacker.follow(callbackUrl, await attacker.get(callbackUrl), isSpaCallback);
    expect(landing.url.pathname).toBe('/auth/callback');
    expect(landing.url.searchParams.get('error')).toBe('This sign-in attempt has expired. Please try again.');
    expect(attacker.cookie('session')).toBeUndefined();
  });

  /** What the attacker gets when the stand-in refuses: the SPA with the reason, no session at all. */
  async function expectRefused(email: string, reason: string) {
    const browser = new TestBrowser();
    const landing = await signInWithGoogle(browser, { email, action: 'continue' });
    expect(landing.url.href).toBe(`${url}/auth/callback?error=${encodeURIComponent(reason)}`);
    expect(browser.cookie('session')).toBeUndefined();
    expect((await browser.get(`${url}/api/auth/token`)).status).toBe(401);
  }

  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('never signs in to a password account, whatever the case of the typed e-mail', async () => {
    expect((await post('/api/auth/register', { email: 'Password.Owner@example.com', password: goodPassword })).status).toBe(201);
    await expectRefused('password.owner@example.com', passwordAccount);
    await expectRefused('PASSWORD.OWNER@EXAMPLE.COM', passwordAccount);
    // The owner's password still works.
    expect((await post('/api/auth/login', { email: 'password.owner@example.com', password: goodPassword })).status).toBe(200);
  });

  it('refuses an account it created once its owner has set a password', async () => {
    const email = 'stand-in.then.password@example.com';
    const first = new TestBrowser();
    await signInWithGoogle(first, { email, action: 'continue' });
    expect((await first.get(`${url}/api/auth/token`)).status).toBe(200);

    expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
    const token = app.outbox.findLast((mail) => mail.to === email)?.link?.split('/reset-password/')[1];
    expect(token).toBeDefined();
    expect((await post('/api/auth/reset-password', { token, password: goodPassword })).status).toBe(200);
    await expectRefused(email, passwordAccount);
  });

  it('refuses an account without a password that it did not create (a Google account)', async () => {
    await createAccount(app.db, app.keyCache, {
      email: 'real.google.user@example.com',
      passwordHash: null,
      origin: 'google',
      now: new Date(),
      emailVerified: true,
    });
    await expectRefused('real.google.user@example.com', notStandInAccount);
  });
});
