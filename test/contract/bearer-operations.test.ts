import { describe, expect, it } from 'vitest';
import { SENDS_BEARER } from '@/api/bearer-operations';
import { createApiClient } from '@/api/client';
import { loadOpenApiDocument } from '@server/openapi/document';
import { listOperations } from '@server/openapi/operations';

/**
 * The session token goes on the operations whose security in openapi.yaml is bearer, and on no
 * other: the SPA's table (src/api/bearer-operations.ts) is checked against the contract, and the
 * client is watched adding the header.
 */
describe('bearer operations', () => {
  it('are exactly those whose security in openapi.yaml is bearer', () => {
    const contract = Object.fromEntries(
      listOperations(loadOpenApiDocument()).map((operation) => [`${operation.method} ${operation.path}`, operation.bearer]),
    );
    expect(SENDS_BEARER).toEqual(contract);
  });

  /** A client with a stored token whose fetch records the Authorization header of each request. */
  function recordingClient() {
    const sent: Array<string | null> = [];
    const client = createApiClient({
      baseUrl: 'http://app.test/api',
      token: () => 'stored-token',
      fetch: async (input, init) => {
        sent.push(new Request(input, init).headers.get('Authorization'));
        return Response.json({});
      },
    });
    return { client, sent };
  }

  it('sends the stored token on a bearer operation only', async () => {
    const { client, sent } = recordingClient();
    await client.GET('/users/me');
    await client.PATCH('/apiKeys/{id}', { params: { path: { id: 7 } }, body: { name: 'Production' } });
    await client.POST('/auth/login', { body: { email: 'ada@example.com', password: 'Str0ng!pass' } });
    await client.GET('/config');
    await client.GET('/auth/token');
    expect(sent).toEqual(['Bearer stored-token', 'Bearer stored-token', null, null, null]);
  });

  it('sends no header when no token is stored', async () => {
    const sent: Array<string | null> = [];
    const client = createApiClient({
      baseUrl: 'http://app.test/api',
      token: () => null,
      fetch: async (input, init) => {
        sent.push(new Request(input, init).headers.get('Authorization'));
        return Response.json({});
      },
    });
    await client.GET('/users/me');
    expect(sent).toEqual([null]);
  });

  it('sends the project picked (X-Project) with the token, on bearer operations only', async () => {
    const sent: Array<string | null> = [];
    let picked: string | null = null;
    const client = createApiClient({
      baseUrl: 'http://app.test/api',
      token: () => 'stored-token',
      project: () => picked,
      fetch: async (input, init) => {
        sent.push(new Request(input, init).headers.get('X-Project'));
        return Response.json({});
      },
    });
    await client.GET('/apiKeys');
    picked = 'prj_00000042';
    await client.GET('/apiKeys');
    await client.GET('/config');
    expect(sent).toEqual([null, 'prj_00000042', null]);
  });
});
