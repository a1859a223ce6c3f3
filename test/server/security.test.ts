import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '@server/http/security-headers';
import { bearer, signedInUser } from './helpers/accounts';
import { badAuthorizations, bearerOperations, callOperation } from './helpers/bearer-operations';
import { hours } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';
import { ContractChecker } from '../contract/helpers/contract-checker';

const operations = bearerOperations();
const contract = new ContractChecker();
let server: TestApp;
let tokens: { revokedToken: string; expiredToken: string };

beforeAll(async () => {
  server = await startTestApp({ SESSION_TTL_HOURS: '2' });
  const { app, clock } = server;
  const expired = await signedInUser(app, 'expired');
  clock.advance(hours(3));
  const revoked = await signedInUser(app, 'revoked');
  await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revoked.token) });
  tokens = { revokedToken: revoked.token, expiredToken: expired.token };
});
afterAll(() => server.close());

describe('every bearer-protected operation of openapi.yaml', () => {
  it('is found in the contract (getMe, listApiKeys, logout among them)', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(ids).toEqual(
      expect.arrayContaining(['getMe', 'logout', 'getUserPlan', 'listApiKeys', 'createApiKey', 'subscribe', 'getProject', 'renameProject']),
    );
    expect(ids).not.toContain('login');
    expect(ids).not.toContain('rpcCall');
  });

  for (const operation of operations) {
    it(`${operation.operationId} refuses a missing, malformed, unknown, revoked or expired token with 401`, async () => {
      for (const { name, headers } of badAuthorizations(tokens)) {
        const response = await callOperation(server.app, operation, headers);
        expect({ case: name, status: response.statusCode }).toEqual({ case: name, status: 401 });
        expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.stringContaining('Unauthorized') });
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    });

    it(`${operation.operationId} lets a valid token through (answers as the contract says, neither 401 nor a server error)`, async () => {
      // A fresh session each time: logout, one of the operations, ends the one it is called with.
      const { token } = await signedInUser(server.app, 'valid');
      const response = await callOperation(server.app, operation, bearer(token));
      expect(response.statusCode).not.toBe(401);
      // 501 is how the contract declares an operation this server does not offer yet (payments).
      if (response.statusCode !== 501) expect(response.statusCode, response.body).toBeLessThan(500);
      contract.check(operation.operationId, response);
    });
  }
});

describe('security headers', () => {
  it('are on API answers, errors included', async () => {
    for (const url of ['/api/config', '/api/users/me', '/api/no-such-thing']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('allow no inline script and no framing', () => {
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });
});

describe('server errors', () => {
  it('answer 500 in the envelope without internals', async () => {
    const broken = await startTestApp();
    try {
      // The database going away mid-flight is a server fault the client must not see details of.
      await broken.app.db.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/plans' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again later.',
      });
    } finally {
      // Closing closes the database a second time, which may complain: only the cleanup matters here.
      await broken.close().catch(() => undefined);
    }
  });
});
