import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@server/auth/accounts';
import { emailTaken } from '@server/handlers/register';
import { oldestApiKey } from '@server/repos/api-keys';
import { invalidCredentials } from '@server/handlers/login';
import { call, keyHolder, me, rpc, setUpGatewayApp } from './gateway-harness';
import { bearer, goodPassword, login, register, signedInUser, uniqueEmail } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

describe('register', () => {
  it('creates the account with its first API key and answers the User', async () => {
    const email = uniqueEmail();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: goodPassword, firstname: 'First', lastname: 'Last', company: 'Company' },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ email, planId: 1, currentCredit: 0, createdAt: server.clock.now().toISOString() });
    expect(user.apiKey).toMatch(/^rpk_[0-9A-Za-z]{32}$/);
  });

  it('makes the gateway forget any miss it remembers for the first key, once the key exists', async () => {
    const forgotten: string[] = [];
    const user = await createAccount(
      server.app.db,
      { invalidateKey: (apiKey) => forgotten.push(apiKey) },
      {
        email: uniqueEmail(),
        passwordHash: null,
        origin: 'google',
        now: server.clock.now(),
        emailVerified: true,
      },
    );
    expect(forgotten).toEqual([await oldestApiKey(server.app.db, user.id)]);
  });

  it('stores an argon2id hash, never the password', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const { rows } = await server.app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(goodPassword);
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email.toUpperCase(), password: goodPassword },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: 'Conflict', message: emailTaken });
  });

  it('enforces the password rules of SPEC.md section 5 and lists the broken ones in order', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (@$!%*?&)',
    ]);
  });
});

describe('login, me, logout', () => {
  it('logs in whatever the case of the e-mail, and the token reads the current user', async () => {
    const email = uniqueEmail('Mixed');
    await register(server.app, email);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: email.toUpperCase(), password: goodPassword },
    });
    expect(response.statusCode).toBe(200);
    const { access_token: token, user } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.email).toBe(email);
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('stores sessions hashed', async () => {
    const { token } = await signedInUser(server.app);
    const { rows } = await server.app.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    for (const payload of [
      { email, password: 'Wrong$Passw0rd' },
      { email: uniqueEmail('nobody'), password: goodPassword },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: '10.1.0.1' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: invalidCredentials });
    }
  });

  it('logout revokes only that session', async () => {
    const { email, token } = await signedInUser(server.app);
    const other = await login(server.app, email);
    const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(other) })).statusCode).toBe(200);
  });

  it('logout accepts an empty JSON body, as the SPA sends it', async () => {
    const { token } = await signedInUser(server.app);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('GET /users/me right after gateway calls', () => {
  const gateway = setUpGatewayApp({ devnet: true });

  it('counts every call already answered in currentCredit (the dashboard credits bar does not lag)', async () => {
    const holder = await keyHolder(gateway.app);
    const calls = ['eth_chainId', 'eth_blockNumber', 'eth_getLogs', 'eth_chainId'];
    let spent = 0;
    for (const [index, method] of calls.entries()) {
      const answer = await rpc(
        gateway.app,
        holder.apiKey,
        call(method, index, method === 'eth_getLogs' ? [{ fromBlock: '0x0', toBlock: 'latest' }] : []),
      );
      expect(answer.statusCode).toBe(200);
      spent += Number(answer.headers['x-credits-used']);
      // At once, well inside the metering's one-second write interval.
      expect((await me(gateway.app, holder.token)).currentCredit).toBe(spent);
    }
    expect(spent).toBe(20 + 20 + 60 + 20);
  });
});
