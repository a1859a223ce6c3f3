import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidResetToken, resetRequested } from '@server/handlers/password-reset';
import { bearer, goodPassword, login, register, uniqueEmail } from './helpers/accounts';
import { hours, minutes } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';

const newPassword = 'N3w&Better!';
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ PUBLIC_URL: 'http://dashboard.test:8080' });
});
afterAll(() => server.close());

const forgot = (email: string, ip = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, password = newPassword) =>
  server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

/** Asks for a reset of a new account and returns the token from the mail's link. */
async function requestReset(email: string): Promise<string> {
  await forgot(email);
  const mail = server.app.outbox.findLast((sent) => sent.to === email);
  const token = mail?.link?.match(/^http:\/\/dashboard\.test:8080\/reset-password\/([A-Za-z0-9_-]{43})$/)?.[1];
  if (token === undefined) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe('forgot-password', () => {
  it('answers the same for an existing and an unknown e-mail, and mails only the existing one', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const before = server.app.outbox.length;
    const known = await forgot(email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: resetRequested });
    expect(server.app.outbox.slice(before).map((mail) => mail.to)).toEqual([email]);
    expect(server.app.outbox.at(-1)).toMatchObject({
      subject: expect.stringContaining('Reset'),
      text: expect.stringContaining('/reset-password/'),
    });
  });

  it('is limited per e-mail, whether or not the account exists', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 5; i += 1) expect((await forgot(email, `203.0.113.${i}`)).statusCode).toBe(200);
    expect((await forgot(email, '203.0.113.99')).statusCode).toBe(429);
  });
});

describe('reset-password', () => {
  it('sets the new password, revokes every session, and works once', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const session = await login(server.app, email);
    const token = await requestReset(email);

    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session) })).statusCode).toBe(401);
    await expect(login(server.app, email, goodPassword)).rejects.toThrow(/401/);
    expect(await login(server.app, email, newPassword)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await reset(token, 'An0ther&Pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(invalidResetToken);
  });

  it('refuses a token older than 1 hour', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const token = await requestReset(email);
    server.clock.advance(hours(1) + minutes(1));
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: invalidResetToken });
  });

  it('accepts a token within its hour', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const token = await requestReset(email);
    server.clock.advance(minutes(59));
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'not a token']) {
      const response = await reset(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(invalidResetToken);
    }
  });

  it('enforces the password rules, and keeps the token usable when they fail', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const token = await requestReset(email);
    const weak = await reset(token, 'alllowercase');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (@$!%*?&)',
    ]);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('a newer reset makes older links of the same user useless once one is used', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'Th1rd&Pass')).statusCode).toBe(400);
  });
});
