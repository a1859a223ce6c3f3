import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyLoginAttempts } from '@server/auth/login-limits';
import { goodPassword, register, uniqueEmail } from './helpers/accounts';
import { minutes } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const attempt = (email: string, password: string, ip: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('login attempts', () => {
  it('are refused with 429 after 5 failures for one e-mail from one address, even with the right password, until 15 minutes pass', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(email, 'Wrong$Passw0rd', '10.0.0.1')).statusCode).toBe(401);
    }
    const limited = await attempt(email.toUpperCase(), goodPassword, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: tooManyLoginAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    server.clock.advance(minutes(15));
    expect((await attempt(email, goodPassword, '10.0.0.1')).statusCode).toBe(200);
  });

  it('failures from other addresses do not lock the owner out', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(email, 'Wrong$Passw0rd', `10.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await attempt(email, goodPassword, '10.0.3.1')).statusCode).toBe(200);
  });

  it('are refused with 429 after 20 failures from one IP address, whatever the e-mail', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i += 1) {
      expect((await attempt(uniqueEmail('spray'), 'Wrong$Passw0rd', ip)).statusCode).toBe(401);
    }
    const email = uniqueEmail();
    await register(server.app, email);
    expect((await attempt(email, goodPassword, ip)).statusCode).toBe(429);
    expect((await attempt(email, goodPassword, '192.0.2.78')).statusCode).toBe(200);
  });

  it('say neither "credentials" nor "Unauthorized", so the SPA shows the message as it is', () => {
    expect(tooManyLoginAttempts).not.toMatch(/credentials|Unauthorized/);
  });

  it('a successful login clears the failures of that e-mail', async () => {
    const email = uniqueEmail();
    await register(server.app, email);
    for (let i = 0; i < 4; i += 1) await attempt(email, 'Wrong$Passw0rd', '198.51.100.1');
    expect((await attempt(email, goodPassword, '198.51.100.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt(email, 'Wrong$Passw0rd', '198.51.100.1')).statusCode).toBe(401);
    expect((await attempt(email, goodPassword, '198.51.100.1')).statusCode).toBe(200);
  });
});
