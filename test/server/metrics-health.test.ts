import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { setUpTestAnvil } from '../support/anvil';
import { sample } from './helpers/prometheus';
import { setUpStartedAccount, type StartedAccount } from './helpers/started-account';

function metricsUrl(server: StartedAccount): string {
  const match = /Metrics for Prometheus at (http:\/\/\S+)/.exec(server.output());
  if (match?.[1] === undefined) throw new Error(`the server did not print its metrics address:\n${server.output()}`);
  return match[1];
}

async function scrape(server: StartedAccount): Promise<string> {
  const response = await fetch(metricsUrl(server));
  expect(response.status).toBe(200);
  return response.text();
}

function rpc(server: StartedAccount, apiKey: string): Promise<Response> {
  return fetch(`${server.url}/api/v1/mainnet/${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
}

describe.each([1, 2])('WORKERS=%i: health probes and Prometheus metrics', (workers) => {
  const anvil = setUpTestAnvil();
  const server = setUpStartedAccount({
    name: `metrics-health-${workers}`,
    settings: () => ({ ...anvil.upstream(), WORKERS: String(workers), METRICS_PORT: '0' }),
  });

  it('serves metrics on their own loopback port, never on the public one', async () => {
    expect(new URL(metricsUrl(server)).hostname).toBe('127.0.0.1');
    expect(new URL(metricsUrl(server)).port).not.toBe(new URL(server.url).port);
    expect((await fetch(`${server.url}/metrics`)).headers.get('content-type')).not.toContain('text/plain; version=0.0.4');
  });

  it('counts answered calls, refused keys and rate refusals, HTTP answers and node latency, across every process', async () => {
    const before = await scrape(server);
    const answered = { network: 'mainnet', outcome: 'answered' };
    const refusedKey = { network: 'mainnet', outcome: 'refused_key' };
    const refusedRate = { network: 'mainnet', outcome: 'refused_rate' };

    expect((await rpc(server, server.apiKey)).status).toBe(200);
    // A call the node refuses with a JSON-RPC error: answered (200), its error counted by code.
    const refusedByNode = await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_getBlockByNumber', params: ['not a block', false] }),
    });
    expect(await refusedByNode.json()).toMatchObject({ error: { code: expect.any(Number) } });
    expect((await rpc(server, `${server.apiKey.slice(0, -1)}${server.apiKey.endsWith('a') ? 'b' : 'a'}`)).status).toBe(401);
    // The Free plan's rate is far below a burst of 60: some are refused.
    const burst = await Promise.all(Array.from({ length: 60 }, () => rpc(server, server.apiKey)));
    const statuses = burst.map((response) => response.status);
    await Promise.all(burst.map((response) => response.arrayBuffer()));
    const limited = statuses.filter((status) => status === 429).length;
    const ok = statuses.filter((status) => status === 200).length;
    expect(limited).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);

    const after = await scrape(server);
    expect(sample(after, 'rpc_gateway_calls_total', answered) - sample(before, 'rpc_gateway_calls_total', answered)).toBe(2 + ok);
    expect(
      sample(after, 'rpc_node_errors_total', { network: 'mainnet' }) - sample(before, 'rpc_node_errors_total', { network: 'mainnet' }),
    ).toBe(1);
    expect(after).toMatch(/rpc_node_errors_total\{[^}]*code="(-32\d{3}|other)"/);
    expect(sample(after, 'rpc_gateway_calls_total', refusedKey) - sample(before, 'rpc_gateway_calls_total', refusedKey)).toBe(1);
    expect(sample(after, 'rpc_gateway_calls_total', refusedRate) - sample(before, 'rpc_gateway_calls_total', refusedRate)).toBe(limited);
    const route = { route: '/api/v1/:network/:apiKey', status: '429' };
    expect(sample(after, 'http_requests_total', route) - sample(before, 'http_requests_total', route)).toBe(limited);
    const healthz = { route: '/api/healthz', status: '200' };
    expect(sample(after, 'http_requests_total', healthz) - sample(before, 'http_requests_total', healthz)).toBe(1);
    // eth_chainId is asked of a node once per process, then answered from what the gateway keeps.
    const latency = { network: 'mainnet', method: 'eth_chainId' };
    expect(sample(after, 'rpc_upstream_latency_seconds_count', latency)).toBeGreaterThanOrEqual(1);
    const apiTime = { route: '/api/healthz' };
    expect(
      sample(after, 'http_request_duration_seconds_count', apiTime) - sample(before, 'http_request_duration_seconds_count', apiTime),
    ).toBe(1);
    expect(sample(after, 'rpc_node_requests_total', { network: 'mainnet', node: 'node 1', result: 'ok' })).toBeGreaterThanOrEqual(1);
    const hits = { result: 'hit' };
    expect(sample(after, 'rpc_cache_lookups_total', hits) - sample(before, 'rpc_cache_lookups_total', hits)).toBeGreaterThan(0);
    expect(sample(after, 'rpc_node_in_rotation', { network: 'mainnet', node: 'node 1' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'rpc_network_head_block', { network: 'mainnet' })).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'rpc_metering_flush_lag_seconds')).toBeLessThan(30);
    expect(after).toContain('rpc_metering_rows_dropped_total 0');
    // The request log's drops, by reason, summed over the processes (a Free key logs nothing: none).
    for (const reason of ['refused_allow_list', 'refused_method', 'refused_quota', 'refused_rate', 'ring_full']) {
      expect(after).toContain(`rpc_request_log_dropped_total{reason="${reason}"} 0`);
    }
    // Each process's event loop, labelled by process.
    expect(after).toContain('nodejs_eventloop_lag_p99_seconds{process="main"}');
    for (let worker = 1; worker <= (workers > 1 ? workers : 0); worker += 1) {
      expect(after).toContain(`nodejs_eventloop_lag_p99_seconds{process="worker-${worker}"}`);
    }
  });

  it('healthz answers; with its nodes away the replica stays ready, reporting them degraded in readyz and the gauges', async () => {
    expect(await (await fetch(`${server.url}/api/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/api/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: ['database', 'mainnet nodes', 'devnet nodes'], degraded: [] });
    const up = await scrape(server);
    expect(sample(up, 'rpc_dependency_up', { dependency: 'mainnet nodes', required: 'false' })).toBe(1);
    expect(sample(up, 'rpc_dependency_up', { dependency: 'database', required: 'true' })).toBe(1);
    expect(sample(up, 'rpc_ready')).toBe(1);

    await anvil.node.stop();
    // The last report is reused for a second.
    const readyz = async (): Promise<unknown> => (await fetch(`${server.url}/api/readyz`)).json();
    const reportsDegraded = (answer: unknown) =>
      typeof answer === 'object' &&
      answer !== null &&
      'degraded' in answer &&
      Array.isArray(answer.degraded) &&
      answer.degraded.length === 2;
    let body = await readyz();
    for (let tries = 0; !reportsDegraded(body) && tries < 30; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      body = await readyz();
    }
    expect(body).toEqual({
      status: 'ready',
      checks: ['database', 'mainnet nodes', 'devnet nodes'],
      // Why each node is out depends on when the node went: refused, cut mid-answer, or timed out.
      degraded: [
        expect.stringMatching(
          /^mainnet nodes: no node is serving \(node 1: (not reachable|not answering in time|answering with errors)\)$/,
        ),
        expect.stringMatching(/^devnet nodes: no node is serving \(node 1: (not reachable|not answering in time|answering with errors)\)$/),
      ],
    });
    expect((await fetch(`${server.url}/api/readyz`)).status).toBe(200);
    // The dashboard still serves.
    expect((await fetch(`${server.url}/api/config`)).status).toBe(200);
    const down = await scrape(server);
    expect(sample(down, 'rpc_dependency_up', { dependency: 'mainnet nodes' })).toBe(0);
    expect(sample(down, 'rpc_dependency_up', { dependency: 'devnet nodes' })).toBe(0);
    // Every process takes the node out of rotation at its own next check.
    let inRotation = sample(down, 'rpc_node_in_rotation', { network: 'mainnet', node: 'node 1' });
    for (let tries = 0; inRotation > 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      inRotation = sample(await scrape(server), 'rpc_node_in_rotation', { network: 'mainnet', node: 'node 1' });
    }
    expect(inRotation).toBe(0);
    expect(sample(down, 'rpc_dependency_up', { dependency: 'database' })).toBe(1);
    expect(sample(down, 'rpc_ready')).toBe(1);
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
  });
});

describe('METRICS_PORT and METRICS_HOST settings', () => {
  it('are off by default, on loopback when set, and never the public port', () => {
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT=8080 is the public PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT="abc" is not a valid port/);
    expect(() => loadConfig({ METRICS_HOST: 'not a host' })).toThrow(/METRICS_HOST="not a host"/);
  });
});
