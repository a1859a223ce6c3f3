import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { startFakeNode, type FakeNode } from './helpers/fake-node';
import { sample } from './helpers/prometheus';
import { startTestApp, type TestApp } from './helpers/test-app';
import { call, keyHolder, rpc } from './gateway-harness';

/**
 * Ready means "this replica can serve": only the database is required. A node (or Redis) away
 * degrades it, reported in readyz's `degraded` and the gauges, while it keeps serving the rest.
 */
describe('readiness: required and degraded dependencies', () => {
  let node: FakeNode;
  let server: TestApp;
  const metrics = new ProcessMetrics('main');

  beforeAll(async () => {
    node = await startFakeNode();
    // Devnet's node refuses connections (a closed port on loopback).
    server = await startTestApp({ UPSTREAM_MAINNET_URL: node.url, UPSTREAM_DEVNET_URL: 'http://127.0.0.1:9' }, { metrics });
  });
  afterAll(async () => {
    await server?.close();
    await node?.close();
  });

  it('with the devnet node down: ready, devnet reported degraded, mainnet and the dashboard served', async () => {
    // The fleet checks its nodes from start-up on; the report is reused for a second.
    let answer = await server.app.inject({ method: 'GET', url: '/api/readyz' });
    for (let tries = 0; answer.json<{ degraded: unknown[] }>().degraded.length === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await server.app.inject({ method: 'GET', url: '/api/readyz' });
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'ready',
      checks: ['database', 'mainnet nodes', 'devnet nodes'],
      degraded: ['devnet nodes: no node is serving (node 1: not reachable)'],
    });
    const scrape = await metrics.registry.metrics();
    expect(sample(scrape, 'rpc_dependency_up', { dependency: 'devnet nodes', required: 'false' })).toBe(0);
    expect(sample(scrape, 'rpc_dependency_up', { dependency: 'mainnet nodes', required: 'false' })).toBe(1);
    expect(sample(scrape, 'rpc_dependency_up', { dependency: 'database', required: 'true' })).toBe(1);
    expect(sample(scrape, 'rpc_ready')).toBe(1);
    const holder = await keyHolder(server.app, 'readiness');
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('with the database away: not ready (503 naming it first), and the gauges say so', async () => {
    await server.app.db.close();
    // The last report is reused for a second: asked again until a fresh one says it.
    let answer = await server.app.inject({ method: 'GET', url: '/api/readyz' });
    for (let tries = 0; answer.statusCode === 200 && tries < 30; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await server.app.inject({ method: 'GET', url: '/api/readyz' });
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      statusCode: 503,
      message: ['database: could not be queried', 'devnet nodes: no node is serving (node 1: not reachable)'],
    });
    const scrape = await metrics.registry.metrics();
    expect(sample(scrape, 'rpc_dependency_up', { dependency: 'database' })).toBe(0);
    expect(sample(scrape, 'rpc_ready')).toBe(0);
    expect((await server.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
  });
});
