import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayKeyCache } from '@server/gateway/key-cache';
import { bearer, signedInUser } from './helpers/accounts';
import { keyCalls } from './helpers/key-calls';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The gateway keeps keys in memory (30 s); the manual clock never lets an entry expire here, so
 * only the invalidation done by the dashboard's operations can make a change show. No node is
 * configured: a call the gateway lets through ends in 502 (no node), one it refuses in 401 or 403.
 */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const throughTheGateway = 502;

async function rpcStatus(apiKey: string, remoteAddress = '203.0.113.9'): Promise<number> {
  const answer = await server.app.inject({
    method: 'POST',
    url: `/api/v1/mainnet/${apiKey}`,
    payload: { jsonrpc: '2.0', method: 'eth_chainId', id: 1, params: [] },
    remoteAddress,
  });
  return answer.statusCode;
}

describe('key changes reach the gateway at once', () => {
  it('a deleted key is refused on the next call', async () => {
    const keys = keyCalls(server.app, (await signedInUser(server.app)).token);
    const [key] = await keys.list();
    if (key === undefined) throw new Error('register made no key');
    expect(await rpcStatus(key.apiKey)).toBe(throughTheGateway);
    expect((await keys.rename(key.id, 'renamed')).statusCode).toBe(200);
    expect(await rpcStatus(key.apiKey)).toBe(throughTheGateway);
    expect((await keys.remove(key.id)).statusCode).toBe(204);
    expect(await rpcStatus(key.apiKey)).toBe(401);
  });

  it('saved allow-lists apply on the next call, and clearing them lifts the restriction', async () => {
    const { token } = await signedInUser(server.app);
    const [key] = await keyCalls(server.app, token).list();
    if (key === undefined) throw new Error('register made no key');
    const save = (lists: { domains: string[]; ips: string[]; cidrs: string[] }) =>
      server.app.inject({ method: 'PUT', url: '/api/accessControl', headers: bearer(token), payload: lists });

    expect(await rpcStatus(key.apiKey)).toBe(throughTheGateway);
    expect((await save({ domains: [], ips: ['198.51.100.1'], cidrs: [] })).statusCode).toBe(200);
    expect(await rpcStatus(key.apiKey)).toBe(403);
    expect(await rpcStatus(key.apiKey, '198.51.100.1')).toBe(throughTheGateway);
    expect((await save({ domains: [], ips: [], cidrs: [] })).statusCode).toBe(200);
    expect(await rpcStatus(key.apiKey)).toBe(throughTheGateway);
  });
});

describe('a key created is served at once', () => {
  it('drops whatever the gateway remembers of the new key (a miss for it included) as it is created', async () => {
    const { keyCache } = server.app;
    if (!(keyCache instanceof GatewayKeyCache)) throw new Error('the app has no gateway key cache');
    const dropped: Array<string | null> = [];
    keyCache.onInvalidate((apiKey) => dropped.push(apiKey));
    const keys = keyCalls(server.app, (await signedInUser(server.app)).token);
    const created = await keys.create({ name: 'fresh' });
    expect(created.statusCode).toBe(201);
    const { apiKey } = created.json<{ apiKey: string }>();
    expect(dropped).toContain(apiKey);
    expect(await rpcStatus(apiKey)).toBe(throughTheGateway);
  });
});
