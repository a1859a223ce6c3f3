import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { googleNotConfigured } from '@server/handlers/google';
import { bearer, signedInUser, uniqueEmail } from './helpers/accounts';
import { BrowserSession } from './helpers/browser-session';
import { setUpPostgresServer } from './helpers/postgres-server';
import { startTestApp } from './helpers/test-app';
import { productionSettings as production } from './helpers/production-settings';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('Google sign-in, not configured (production without credentials)', () => {
  // Production requires DATABASE_URL: a real PostgreSQL server, started once for this block.
  const postgres = setUpPostgresServer();

  it('answers 503 at the start, sends the callback back with the reason, and says so in /api/config', async () => {
    const database = await postgres.database();
    const server = await startTestApp(production, { database });
    try {
      const start = await server.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(start.statusCode).toBe(503);
      expect(start.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: googleNotConfigured });
      const callback = await server.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe(`https://dash.example.com/auth/callback?error=${encodeURIComponent(googleNotConfigured)}`);
      expect((await server.app.inject({ method: 'GET', url: '/api/config' })).json().googleSignIn).toBe(false);
      // No local stand-in in production: the development OpenID provider is not mounted.
      expect((await server.app.inject({ method: 'GET', url: '/api/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
    } finally {
      await server.close();
      await database.drop();
    }
  });
});

describe('GET /auth/token (cookie exchange)', () => {
  it('answers 401 without the session cookie or with a revoked one', async () => {
    const server = await startTestApp();
    try {
      expect((await server.app.inject({ method: 'GET', url: '/api/auth/token' })).statusCode).toBe(401);
      const { token } = await signedInUser(server.app);
      await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      const revoked = await server.app.inject({ method: 'GET', url: '/api/auth/token', cookies: { session: token } });
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    } finally {
      await server.close();
    }
  });
});

describe('Google sign-in through the local OpenID provider (local mode, no credentials)', () => {
  it('creates the account with a first key, sets the session cookie, and the SPA exchanges it once', async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const server = await startTestApp({ PORT: String(port) });
    await server.app.listen({ port, host: '127.0.0.1' });
    try {
      const browser = new BrowserSession();
      const email = uniqueEmail('google');

      const start = await browser.request(`${publicUrl}/api/auth/google`);
      expect(start.status).toBe(302);
      expect(browser.cookie('oauth_pending')).toBeDefined();
      const interaction = await browser.followUntil(start.headers.get('location') ?? '', (url) => url.pathname.includes('/interaction/'));
      const form = await (await browser.request(interaction.href)).text();
      const action = form.match(/<form method="post" action="([^"]+)"/)?.[1];
      expect(action).toBeDefined();

      const submitted = await browser.request(new URL(action ?? '', publicUrl).href, {
        method: 'POST',
        form: { email, action: 'continue' },
      });
      const callback = await browser.followUntil(
        submitted.headers.get('location') ?? '',
        (url) => url.pathname === '/api/auth/google/callback',
      );
      const finished = await browser.request(callback.href);
      expect(finished.status).toBe(302);
      expect(finished.headers.get('location')).toBe(`${publicUrl}/auth/callback`);
      expect(browser.cookie('oauth_pending')).toBeUndefined();
      expect(finished.headers.getSetCookie().find((line) => line.startsWith('session='))).toMatch(/HttpOnly/i);

      const exchange = await browser.request(`${publicUrl}/api/auth/token`);
      expect(exchange.status).toBe(200);
      const { access_token: token } = await exchange.json();
      expect(browser.cookie('session')).toBeUndefined();
      expect((await browser.request(`${publicUrl}/api/auth/token`)).status).toBe(401);

      const me = (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();
      expect(me).toMatchObject({ email, planId: 1 });
      expect(me.apiKey).toMatch(/^rpk_/);
    } finally {
      await server.close();
    }
  });
});
