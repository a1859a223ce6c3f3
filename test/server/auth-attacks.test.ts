import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { limitFigures, tooManyLoginAttempts, tooManyResetAttempts, tooManySignUps } from '@server/auth/login-limits';
import { hashingBusy, hashingGate, passwordWork } from '@server/auth/password-hash';
import { invalidResetToken } from '@server/handlers/password-reset';
import { randomToken } from '@server/auth/tokens';
import { goodPassword, register, uniqueEmail } from './helpers/accounts';
import { minutes } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';

/** The attacks of the security review on sign-in, kept as tests: each one must stay harmless. */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const wrongPassword = 'Wrong$Passw0rd';
let addressCounter = 0;
/** A client address no other request used: no limit of another test applies to it. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const login = (email: string, password: string, remoteAddress: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

function statusCounts(responses: readonly { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('password guessing', () => {
  it('60 parallel wrong passwords at one e-mail from one address: at most 5 reach the password check', async () => {
    const email = uniqueEmail('race');
    await register(server.app, email);
    const address = freshAddress();
    const verificationsBefore = passwordWork.verifications;
    const responses = await Promise.all(Array.from({ length: 60 }, () => login(email, wrongPassword, address)));
    const counts = statusCounts(responses);
    expect(counts).toEqual({ 401: limitFigures.loginPerEmailAndAddress, 429: 60 - limitFigures.loginPerEmailAndAddress });
    expect(passwordWork.verifications - verificationsBefore).toBe(limitFigures.loginPerEmailAndAddress);
  });

  it('a stranger cannot lock the owner out: after 5 wrong passwords from one address, the owner signs in from another', async () => {
    const email = uniqueEmail('owner');
    await register(server.app, email);
    const attacker = freshAddress();
    for (let i = 0; i < 5; i += 1) expect((await login(email, wrongPassword, attacker)).statusCode).toBe(401);
    // The attacker's address is done with this e-mail, even with the right password...
    const refused = await login(email, goodPassword, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyLoginAttempts);
    // ...the owner is not.
    expect((await login(email, goodPassword, freshAddress())).statusCode).toBe(200);
  });

  it('one address gets 5 guesses at one e-mail per 15 minutes, and no more after the owner signs in elsewhere', async () => {
    const email = uniqueEmail('slow');
    await register(server.app, email);
    const attacker = freshAddress();
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) answers.push((await login(email, wrongPassword, attacker)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await login(email, goodPassword, freshAddress())).statusCode).toBe(200);
    expect((await login(email, wrongPassword, attacker)).statusCode).toBe(429);
    server.clock.advance(minutes(15));
    expect((await login(email, wrongPassword, attacker)).statusCode).toBe(401);
  });

  it('the per-e-mail ceiling holds across addresses: 100 wrong passwords from 100 addresses, then every address waits', async () => {
    server.clock.advance(minutes(15)); // nothing of the earlier tests still counts
    const email = uniqueEmail('ceiling');
    await register(server.app, email);
    for (let batch = 0; batch < limitFigures.loginPerEmail / 20; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 20 }, () => login(email, wrongPassword, freshAddress())));
      expect(statusCounts(responses)).toEqual({ 401: 20 });
    }
    const verificationsBefore = passwordWork.verifications;
    const after = await Promise.all(Array.from({ length: 10 }, () => login(email, goodPassword, freshAddress())));
    expect(statusCounts(after)).toEqual({ 429: 10 });
    expect(passwordWork.verifications).toBe(verificationsBefore);
    server.clock.advance(minutes(15));
    expect((await login(email, goodPassword, freshAddress())).statusCode).toBe(200);
  });
});

describe('CPU burn without an account', () => {
  const reset = (token: string, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3w&Better!' }, remoteAddress });
  const signUp = (email: string, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: goodPassword }, remoteAddress });

  it('300 resets with made-up tokens hash nothing', async () => {
    const hashesBefore = passwordWork.hashes;
    for (let batch = 0; batch < 10; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 30 }, () => reset(randomToken(), freshAddress())));
      expect(statusCounts(responses)).toEqual({ 400: 30 });
      for (const response of responses) expect(response.json().message).toBe(invalidResetToken);
    }
    expect(passwordWork.hashes).toBe(hashesBefore);
  });

  it('made-up reset tokens are limited per address', async () => {
    const address = freshAddress();
    const responses = await Promise.all(Array.from({ length: 60 }, () => reset(randomToken(), address)));
    expect(statusCounts(responses)).toEqual({
      400: limitFigures.resetSubmissionsPerAddress,
      429: 60 - limitFigures.resetSubmissionsPerAddress,
    });
    expect(responses.find((response) => response.statusCode === 429)?.json().message).toBe(tooManyResetAttempts);
  });

  it('sign-ups are limited per address, and a taken e-mail costs no hash', async () => {
    const address = freshAddress();
    const taken = uniqueEmail('taken');
    const hashesBefore = passwordWork.hashes;
    expect((await signUp(taken, address)).statusCode).toBe(201);
    const again = await Promise.all(Array.from({ length: 60 }, () => signUp(taken, address)));
    expect(statusCounts(again)).toEqual({ 409: limitFigures.signUpsPerAddress - 1, 429: 61 - limitFigures.signUpsPerAddress });
    expect(again.find((response) => response.statusCode === 429)?.json().message).toBe(tooManySignUps);
    expect(passwordWork.hashes - hashesBefore).toBe(1);
    expect((await signUp(uniqueEmail(), address)).statusCode).toBe(429);
    expect((await signUp(uniqueEmail(), freshAddress())).statusCode).toBe(201);
  });

  it('past the hashing queue, sign-up and login answer 503 with Retry-After, and the login is not counted as a guess', async () => {
    const email = uniqueEmail('busy');
    await register(server.app, email);
    const address = freshAddress();
    let unblock = () => {};
    const blocked = new Promise<void>((resolve) => {
      unblock = resolve;
    });
    // Fill every slot and the whole queue with work that waits until the test lets it go.
    const fillers = Array.from({ length: hashingGate.concurrency + hashingGate.maxWaiting }, () => hashingGate.run(() => blocked));
    try {
      await vi.waitFor(() => expect(hashingGate.load).toEqual({ running: hashingGate.concurrency, waiting: hashingGate.maxWaiting }));
      const refusedSignUp = await signUp(uniqueEmail(), address);
      expect(refusedSignUp.statusCode).toBe(503);
      expect(refusedSignUp.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: hashingBusy });
      expect(Number(refusedSignUp.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 0; i < 10; i += 1) expect((await login(email, wrongPassword, address)).statusCode).toBe(503);
    } finally {
      unblock();
      await Promise.all(fillers);
    }
    // Ten refusals while busy did not use up the address's five guesses.
    for (let i = 0; i < 5; i += 1) expect((await login(email, wrongPassword, address)).statusCode).toBe(401);
    expect((await login(email, wrongPassword, address)).statusCode).toBe(429);
    expect((await login(email, goodPassword, freshAddress())).statusCode).toBe(200);
  });
});

describe('forgot-password', () => {
  it('runs the same statements for an existing and an unknown e-mail', async () => {
    const email = uniqueEmail('known');
    await register(server.app, email);
    const forgot = (address: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: address }, remoteAddress: freshAddress() });
    const statementsOf = async (address: string): Promise<string[]> => {
      const spy = vi.spyOn(server.app.db, 'query');
      try {
        expect((await forgot(address)).statusCode).toBe(200);
        return spy.mock.calls.map(([sql]) => sql);
      } finally {
        spy.mockRestore();
      }
    };
    const known = await statementsOf(email);
    const unknown = await statementsOf(uniqueEmail('nobody'));
    expect(known).toHaveLength(1);
    expect(unknown).toEqual(known);
    expect(server.app.outbox.at(-1)?.to).toBe(email);
  });
});
