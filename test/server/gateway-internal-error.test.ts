import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { startFakeNode, type FakeNode } from './helpers/fake-node';
import { sample } from './helpers/prometheus';
import { startTestApp, type TestApp } from './helpers/test-app';
import { call, keyHolder, rpc } from './gateway-harness';

/**
 * With the database away, a call whose key is not cached cannot be admitted: the gateway answers a
 * JSON-RPC internal error addressed to the call (each call of a batch) and counts it by outcome.
 */
describe('a gateway call that fails inside (the database away)', () => {
  let node: FakeNode;
  let server: TestApp;
  const metrics = new ProcessMetrics('main');

  beforeAll(async () => {
    node = await startFakeNode();
    server = await startTestApp({ UPSTREAM_MAINNET_URL: node.url }, { metrics });
  });
  afterAll(async () => {
    await server?.close();
    await node?.close();
  });

  it('answers 500 with the request id, each id of a batch, and counts internal_error', async () => {
    // Keys never called: not in the gateway's cache, so reading them needs the database.
    const single = await keyHolder(server.app, 'internal-single');
    const batched = await keyHolder(server.app, 'internal-batch');
    await server.app.db.close();
    const before = await metrics.registry.metrics();

    const answer = await rpc(server.app, single.apiKey, call('eth_chainId', 'req-7'));
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 'req-7',
      error: { code: -32603, message: 'Internal error: the gateway failed on this call. Please try again later.' },
    });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');

    const batch = await rpc(server.app, batched.apiKey, [
      call('eth_chainId', 1),
      call('eth_blockNumber', 'two'),
      call('eth_chainId', null),
    ]);
    expect(batch.statusCode).toBe(500);
    expect(batch.json()).toEqual([1, 'two', null].map((id) => ({ jsonrpc: '2.0', id, error: expect.objectContaining({ code: -32603 }) })));

    const after = await metrics.registry.metrics();
    const internal = { network: 'mainnet', outcome: 'internal_error' };
    expect(sample(after, 'rpc_gateway_calls_total', internal) - sample(before, 'rpc_gateway_calls_total', internal)).toBe(2);
    const route = { route: '/api/v1/:network/:apiKey', status: '500' };
    expect(sample(after, 'http_requests_total', route) - sample(before, 'http_requests_total', route)).toBe(2);
  });
});
