import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitFigures, tooManyVerificationMails, tooManyVerifyAttempts } from '@server/auth/login-limits';
import { alreadyVerified, emailVerified, invalidVerifyToken, verificationSent } from '@server/handlers/email-verification';
import { linkProvedAddress } from '@server/auth/accounts';
import {
  bearer,
  goodPassword,
  login,
  register,
  signedInUser,
  uniqueEmail,
  verificationToken,
  verifyAddress,
  verifyEmail,
} from './helpers/accounts';
import { hours, minutes } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';
import { me } from './gateway-harness';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ PUBLIC_URL: 'http://dashboard.test:8080', PRODUCT_NAME: 'Acme RPC' });
});
afterAll(() => server.close());

const resend = (token?: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: token === undefined ? {} : bearer(token) });
const mailsTo = (email: string) => server.app.outbox.filter((mail) => mail.to === email);

describe('sign-up', () => {
  it('mails a single-use verification link, with no text of the user in it, and the account is unverified', async () => {
    const email = uniqueEmail('fresh');
    await register(server.app, email);
    const [mail, ...others] = mailsTo(email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Confirm your Acme RPC e-mail address');
    expect(mail?.link).toMatch(/^http:\/\/dashboard\.test:8080\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(mail?.link);
    const token = await login(server.app, email);
    expect((await me(server.app, token)).emailVerified).toBe(false);
  });
});

describe('verify-email', () => {
  it('verifies the address once; the same link again is refused', async () => {
    const { email, token } = await signedInUser(server.app, 'once');
    const link = verificationToken(server.app, email);
    const first = await verifyEmail(server.app, link);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: emailVerified });
    expect((await me(server.app, token)).emailVerified).toBe(true);
    const again = await verifyEmail(server.app, link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: invalidVerifyToken });
  });

  it('refuses a link older than 24 hours', async () => {
    const { email, token } = await signedInUser(server.app, 'late');
    const link = verificationToken(server.app, email);
    server.clock.advance(hours(24) + minutes(1));
    const response = await verifyEmail(server.app, link);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(invalidVerifyToken);
    expect((await me(server.app, token)).emailVerified).toBe(false);
  });

  it('refuses malformed and unknown tokens with 400, and too many wrong ones from one address with 429', async () => {
    for (const token of ['', 'short', 'x'.repeat(300)]) {
      expect((await verifyEmail(server.app, token)).statusCode, JSON.stringify(token)).toBe(400);
    }
    const address = '203.0.113.77';
    const answers = [];
    for (let i = 0; i < limitFigures.verifySubmissionsPerAddress + 1; i += 1) {
      answers.push(await verifyEmail(server.app, 'A'.repeat(42) + String(i % 10), address));
    }
    expect(answers.slice(0, -1).map((answer) => answer.statusCode)).toEqual(Array(limitFigures.verifySubmissionsPerAddress).fill(400));
    expect(answers.at(-1)?.statusCode).toBe(429);
    expect(answers.at(-1)?.json().message).toBe(tooManyVerifyAttempts);
  });

  it('a used password reset link verifies the address too (it came to the inbox)', async () => {
    const { email } = await signedInUser(server.app, 'reset');
    await server.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const resetLink = mailsTo(email).at(-1)?.link ?? '';
    const resetToken = resetLink.split('/reset-password/')[1] ?? '';
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'N3w&Better!' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(server.app, await login(server.app, email, 'N3w&Better!'))).emailVerified).toBe(true);
  });
});

describe('resend-verification', () => {
  it('mails a new link to the signed-in account, a few times per 15 minutes; any unused link works', async () => {
    const { email, token } = await signedInUser(server.app, 'resend');
    const first = verificationToken(server.app, email);
    const answers = [];
    for (let i = 0; i < limitFigures.verificationMailsPerAccount + 1; i += 1) answers.push(await resend(token));
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(limitFigures.verificationMailsPerAccount).fill(200), 429]);
    expect(answers[0]?.json()).toEqual({ message: verificationSent });
    expect(answers.at(-1)?.json().message).toBe(tooManyVerificationMails);
    expect(mailsTo(email)).toHaveLength(1 + limitFigures.verificationMailsPerAccount);
    const newest = verificationToken(server.app, email);
    expect(newest).not.toBe(first);
    expect((await verifyEmail(server.app, first)).statusCode).toBe(200);
    // Verified: the other links are spent, and there is nothing more to send.
    expect((await verifyEmail(server.app, newest)).statusCode).toBe(400);
    server.clock.advance(minutes(16));
    const after = await resend(token);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(alreadyVerified);
  });

  it('needs a session', async () => {
    expect((await resend()).statusCode).toBe(401);
  });
});

describe('an address Google proves (linkProvedAddress, what real Google sign-in runs before linking)', () => {
  const loginStatus = (email: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: goodPassword } }).then((r) => r.statusCode);
  const userId = async (token: string) => (await me(server.app, token)).id;

  it("takes a stranger's account made in advance from them: its password stops working and its sessions end", async () => {
    // A stranger registers the victim's address with a password of theirs and never proves it.
    const { email, token } = await signedInUser(server.app, 'made-in-advance');
    const id = await userId(token);
    await linkProvedAddress(server.app.db, id, new Date());
    expect(await loginStatus(email)).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    // The inbox's owner sets a password of their own with a reset link, and holds a verified account.
    await server.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '192.0.2.77' });
    const reset = server.app.outbox.findLast((mail) => mail.to === email)?.link?.split('/reset-password/')[1];
    const newPassword = `${goodPassword}!owner`;
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: reset, password: newPassword },
    });
    expect(answer.statusCode).toBe(200);
    expect((await me(server.app, await login(server.app, email, newPassword))).emailVerified).toBe(true);
  });

  it('keeps the password and sessions of an account whose owner proved the address already', async () => {
    const { email, token } = await signedInUser(server.app, 'proved-first');
    await verifyAddress(server.app, email);
    await linkProvedAddress(server.app.db, await userId(token), new Date());
    expect(await loginStatus(email)).toBe(200);
    expect((await me(server.app, token)).emailVerified).toBe(true);
  });
});
