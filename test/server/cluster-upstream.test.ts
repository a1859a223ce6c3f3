import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusal, startFakeNode, type FakeNode } from './helpers/fake-node';
import { setUpStartedAccount } from './helpers/started-account';
import { field, json, rpcOver } from './helpers/started-server';

/**
 * WORKERS=2 as `npm start` runs it, in front of a misbehaving node: the workers' fast path answers
 * as the main process does (test/server/gateway-upstream.test.ts, gateway-method-names.test.ts).
 */
let fakeNode: FakeNode;

// Registered before the server: started first, closed after the server stopped.
beforeAll(async () => {
  fakeNode = await startFakeNode();
});
afterAll(async () => {
  await fakeNode?.close();
});
const server = setUpStartedAccount({
  name: 'cluster-upstream',
  settings: () => ({ WORKERS: '2', UPSTREAM_MAINNET_URL: fakeNode.url, UPSTREAM_DEVNET_URL: fakeNode.url }),
});

async function post(
  method: string,
  key = server.apiKey,
  params: unknown[] = [],
): Promise<{ status: number; body: string; credits: string | null }> {
  const response = await rpcOver(server.url, 'mainnet', key, method, params);
  return { status: response.status, body: await response.text(), credits: response.headers.get('x-credits-used') };
}

describe('the HTTP workers in front of a misbehaving node', () => {
  it('answer a node error that is not JSON with 502 -32603, and pass a JSON one through', async () => {
    // The fake node reacts to a word in the call: put in the params of a method the gateway serves.
    const busy = await post('eth_call', server.apiKey, ['busy']);
    expect(busy.status).toBe(502);
    expect(JSON.parse(busy.body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32603,
        message: 'Upstream node unavailable: the mainnet node answered HTTP 503 without a JSON-RPC answer. Please try again later.',
      },
    });
    expect(await post('eth_call', server.apiKey, ['refusal'])).toEqual({ status: 500, body: refusal, credits: '0' });
    expect(await post('eth_call', server.apiKey, ['page'])).toEqual({ status: 200, body: '<html>maintenance</html>', credits: '0' });
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
    // The workers report every 200 ms, later on a busy machine; GET /usage then writes what the main process holds.
    await vi.waitFor(
      async () => {
        const response = await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${server.token}` } });
        expect(response.status).toBe(200);
        const report = field(await json(response), 'totals');
        expect(report).toEqual({ requests: 1, credits: 20, rateLimited: 0, refused: 3 });
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
