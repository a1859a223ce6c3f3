import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { uniqueEmail } from './helpers/accounts';
import { refusal, startFakeNode, type FakeNode } from './helpers/fake-node';
import { field, json, rpcOver, signUp, start, type StartedServer, stop, stopAllStarted } from './helpers/started-server';

/**
 * WORKERS=2 as `npm start` runs it, in front of a misbehaving node: the workers' fast path answers
 * as the main process does (test/server/gateway-upstream.test.ts, gateway-method-names.test.ts).
 */
let dataDir: string;
let fakeNode: FakeNode;
let server: StartedServer;
let apiKey: string;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cluster-upstream-'));
  fakeNode = await startFakeNode();
  server = await start(join(dataDir, 'data'), await freePort(), {
    WORKERS: '2',
    UPSTREAM_MAINNET_URL: fakeNode.url,
    UPSTREAM_DEVNET_URL: fakeNode.url,
  });
  const email = uniqueEmail('clusterupstream');
  ({ token, apiKey } = await signUp(server.url, email));
}, 120_000);
afterAll(async () => {
  if (server !== undefined) expect(await stop(server)).toBe(0);
  await stopAllStarted();
  await fakeNode?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function post(
  method: string,
  key = apiKey,
  params: unknown[] = [],
): Promise<{ status: number; body: string; credits: string | null }> {
  const response = await rpcOver(server.url, 'mainnet', key, method, params);
  return { status: response.status, body: await response.text(), credits: response.headers.get('x-credits-used') };
}

describe('the HTTP workers in front of a misbehaving node', () => {
  it('answer a node error that is not JSON with 502 -32603, and pass a JSON one through', async () => {
    // The fake node reacts to a word in the call: put in the params of a method the gateway serves.
    const busy = await post('eth_call', apiKey, ['busy']);
    expect(busy.status).toBe(502);
    expect(JSON.parse(busy.body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32603,
        message: 'Upstream node unavailable: the mainnet node answered HTTP 503 without a JSON-RPC answer. Please try again later.',
      },
    });
    expect(await post('eth_call', apiKey, ['refusal'])).toEqual({ status: 500, body: refusal, credits: '0' });
    expect(await post('eth_call', apiKey, ['page'])).toEqual({ status: 200, body: '<html>maintenance</html>', credits: '0' });
  });

  it('refuse long and implausible keys with 401 -32001', async () => {
    for (const key of ['k'.repeat(101), 'k'.repeat(129), 'k'.repeat(8000)]) {
      const answer = await post('eth_chainId', key);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32001 } });
    }
  });

  it('keep metering whatever method names a client sends', async () => {
    // Names the gateway does not serve are refused (403), counted as refused, charged nothing.
    for (const method of ['\u0000', '\ud800', '\udc00']) expect((await post(method)).status).toBe(403);
    expect((await post('eth_chainId')).status).toBe(200);
    // The workers report every 200 ms; GET /usage then writes what the main process holds.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const response = await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const report = field(await json(response), 'totals');
    expect(report).toEqual({ requests: 1, credits: 20, rateLimited: 0, refused: 3 });
  });
});
