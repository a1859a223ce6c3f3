import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '@server/app';
import { contentSecurityPolicy } from '@server/http/security-headers';
import { objectAt } from '@server/openapi/json';
import type { OperationSpec } from '@server/openapi/operations';
import { bearer, goodPassword, signedInUser, uniqueEmail } from './helpers/accounts';
import { apiOperations, sampleUrl } from './helpers/bearer-operations';
import { sampleWith, stringFields } from './helpers/schema-samples';
import { RawConnection } from './helpers/raw-http';
import { startTestApp, type TestApp } from './helpers/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const post = (url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

function expectBadRequest(response: { statusCode: number; json: () => unknown }, message: string | RegExp): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(message) });
}

describe('request validation from openapi.yaml', () => {
  it('names a missing field', async () => {
    expectBadRequest(await post('/api/auth/login', { email: uniqueEmail() }), /^body\/password is required$/);
  });

  it('names a field of the wrong format or type', async () => {
    expectBadRequest(
      await post('/api/auth/login', { email: 'not-an-email', password: goodPassword }),
      /^body\/email must match format "email"$/,
    );
    expectBadRequest(await post('/api/auth/login', { email: uniqueEmail(), password: 12345678 }), /^body\/password must be string$/);
  });

  it('refuses an unknown field instead of dropping it', async () => {
    expectBadRequest(
      await post('/api/auth/register', { email: uniqueEmail(), password: goodPassword, isAdmin: true }),
      /^body\/isAdmin is not an allowed field$/,
    );
  });

  it('does not coerce JSON types in bodies', async () => {
    expectBadRequest(
      await post('/api/auth/register', { email: uniqueEmail(), password: goodPassword, company: 42 }),
      /^body\/company must be string$/,
    );
  });

  it('names an invalid path parameter', async () => {
    const { token } = await signedInUser(server.app);
    const response = await server.app.inject({ method: 'DELETE', url: '/api/apiKeys/abc', headers: bearer(token) });
    expectBadRequest(response, /^params\/id must be integer$/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expectBadRequest(response, /not valid JSON/);
  });

  it('answers 400 for a missing required body', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login' });
    expectBadRequest(response, /^body must be object$/);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await post('/api/auth/login', { email: uniqueEmail(), password: 'x'.repeat(bodyLimitBytes) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('answers 415 in the envelope for a body type the API does not take', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'text/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No operation GET /api/nothing/here' });
  });
});

/**
 * PostgreSQL text cannot hold U+0000 (error 22021): every string a request carries — each field of
 * each body, each path and query parameter of openapi.yaml — is refused with 400 naming it, never
 * passed on to SQL as a 500. Generated from the contract, so a new operation or field is covered.
 */
describe('the NUL character, anywhere in a request', () => {
  const nul = 'x\u0000y';
  const operations = apiOperations();
  let token: string;
  beforeAll(async () => {
    token = (await signedInUser(server.app, 'nul')).token;
  });

  const send = (operation: OperationSpec, url: string, payload?: unknown) =>
    server.app.inject({
      method: operation.method,
      url,
      headers: { ...(operation.bearer ? bearer(token) : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  const expectRefused = (response: { statusCode: number; json: () => unknown }, field: string) =>
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: `${field} must not contain the NUL character` });

  const bodyCases = operations.flatMap((operation) => {
    const schema = operation.body?.schema;
    return schema === undefined ? [] : stringFields(schema).map((path) => ({ operation, schema, path }));
  });
  const parameterCases = operations.flatMap((operation) =>
    (['params', 'querystring'] as const).flatMap((part) =>
      Object.keys(objectAt(operation[part], 'properties') ?? {}).map((name) => ({ operation, part, name })),
    ),
  );

  it('covers the string fields of every body and every parameter of the contract', () => {
    const covered = (cases: Array<{ operation: OperationSpec }>) => new Set(cases.map((entry) => entry.operation.operationId));
    expect([...covered(bodyCases)]).toEqual(
      expect.arrayContaining([
        'register',
        'login',
        'forgotPassword',
        'resetPassword',
        'createApiKey',
        'renameApiKey',
        'putAccessControl',
        'subscribe',
      ]),
    );
    expect([...covered(parameterCases)]).toEqual(expect.arrayContaining(['renameApiKey', 'deleteApiKey', 'getUsage', 'googleCallback']));
  });

  for (const { operation, schema, path } of bodyCases) {
    const field = ['body', ...path].join('/');
    it(`${operation.operationId}: ${field}`, async () => {
      expectRefused(await send(operation, sampleUrl(operation), sampleWith(schema, path, nul)), field);
    });
  }

  for (const { operation, part, name } of parameterCases) {
    const field = `${part}/${name}`;
    it(`${operation.operationId}: ${field}`, async () => {
      const url =
        part === 'params'
          ? operation.url.replace(/:([^/]+)/g, (_, param: string) => (param === name ? encodeURIComponent(nul) : '1'))
          : `${sampleUrl(operation)}?${name}=${encodeURIComponent(nul)}`;
      expectRefused(await send(operation, url, operation.body === null ? undefined : sampleWith(operation.body.schema, [], {})), field);
    });
  }

  it('is refused in a property name too, and in a key name that SQL would store', async () => {
    const headers = { ...bearer(token), 'content-type': 'application/json' };
    const oddName = await server.app.inject({
      method: 'POST',
      url: '/api/apiKeys',
      headers,
      payload: JSON.stringify({ 'na\u0000me': 'x' }),
    });
    expectRefused(oddName, 'body');
    const created = await server.app.inject({ method: 'POST', url: '/api/apiKeys', headers, payload: JSON.stringify({ name: 'a\u0000' }) });
    expectRefused(created, 'body/name');
  });
});

/** A client's mistake in the request line or head: a 4xx in the answer's own form, never a 500 or the framework's. */
describe('mistakes in the URL and the head', () => {
  const securityHeaders = {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };

  it.each(['1e999', 'Infinity', '-Infinity', '9'.repeat(309)])('answers 400 naming the key id for %s, on DELETE and PATCH', async (id) => {
    const { token } = await signedInUser(server.app);
    for (const method of ['DELETE', 'PATCH'] as const) {
      const response = await server.app.inject({
        method,
        url: `/api/apiKeys/${id}`,
        headers: bearer(token),
        ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}),
      });
      expectBadRequest(response, /^params\/id must be a finite number$/);
    }
  });

  it("answers a gateway path with a bad percent-escape with the gateway's JSON-RPC 400 and the security headers", async () => {
    for (const url of ['/api/v1/mainnet/%ZZ', '/api/v1/%E0%A4%A/rpk_abc']) {
      const response = await server.app.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: the URL path is not valid percent-encoding.' },
      });
      expect(response.headers).toMatchObject({ ...securityHeaders, 'access-control-allow-origin': '*' });
    }
  });

  it('answers an API path with a bad percent-escape with the error envelope and the security headers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/plans%ZZ' });
    expectBadRequest(response, /^The URL path is not valid percent-encoding\.$/);
    expect(response.headers).toMatchObject(securityHeaders);
  });

  describe('on the wire', () => {
    let port: number;
    beforeAll(async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address: AddressInfo | string | null = server.app.server.address();
      port = typeof address === 'object' && address !== null ? address.port : 0;
    });

    it.each([
      ['GET /api/plans', { statusCode: 400, error: 'Bad Request', message: 'A request carries exactly one Host header.' }],
      [
        'POST /api/v1/mainnet/rpk_abc',
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: a request carries exactly one Host header.' } },
      ],
    ])('refuses %s with two Host headers', async (line, expected) => {
      const connection = await RawConnection.open(port, '127.0.0.1');
      connection.write(
        `${line} HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      );
      const answer = await connection.answer();
      connection.destroy();
      expect(answer?.status).toBe(400);
      expect(JSON.parse(answer?.body ?? 'null')).toEqual(expected);
      expect(answer?.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });
});
