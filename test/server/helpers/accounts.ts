import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';

export const goodPassword = 'Sup3r$ecret';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

let signUps = 0;

/**
 * A distinct client address for each sign-up (198.18.0.0/15, the benchmarking range): sign-ups are
 * limited per address, and a test's accounts stand for many people, not one address signing up 100 times.
 */
function nextSignUpAddress(): string {
  signUps += 1;
  return `198.${18 + ((signUps >> 16) & 1)}.${(signUps >> 8) & 255}.${signUps & 255}`;
}

export async function register(app: FastifyInstance, email: string, password = goodPassword): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
    remoteAddress: nextSignUpAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
}

export async function login(app: FastifyInstance, email: string, password = goodPassword): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const body: unknown = response.json();
  if (
    response.statusCode !== 200 ||
    typeof body !== 'object' ||
    body === null ||
    !('access_token' in body) ||
    typeof body.access_token !== 'string'
  ) {
    throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  }
  return body.access_token;
}

/** A new account and a session for it. */
export async function signedInUser(app: FastifyInstance, label?: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  await register(app, email);
  return { email, token: await login(app, email) };
}

/** The token of the newest verification link mailed to `email` (the outbox of local mode). */
export function verificationToken(app: FastifyInstance, email: string): string {
  const link = app.outbox.findLast((sent) => sent.to === email && sent.link?.includes('/verify-email?token=') === true)?.link;
  const token = link === undefined ? null : new URL(link).searchParams.get('token');
  if (token === null) throw new Error(`no verification link mailed to ${email}`);
  return token;
}

export function verifyEmail(app: FastifyInstance, token: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token }, remoteAddress });
}

/** Opens the verification link of the sign-up mail, as the owner of the inbox does. */
export async function verifyAddress(app: FastifyInstance, email: string): Promise<void> {
  const response = await verifyEmail(app, verificationToken(app, email));
  if (response.statusCode !== 200) throw new Error(`verify-email answered ${response.statusCode}: ${response.body}`);
}
