import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import type { MeteredOutcome } from '@/domain/call-outcomes';
import {
  type LogDrop,
  ORIGIN_CHARACTERS,
  REFUSED_LOG_BURST,
  REFUSED_LOG_PER_SECOND,
  REQUEST_LOG_TEXT_BYTES,
  SECRET_PARAMS_MARKER,
} from '@server/metering/request-log';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { call, keyHolder, putOnPlan, rpc, type KeyHolder } from './gateway-harness';
import { bearer } from './helpers/accounts';
import { startFakeNode, type FakeNode } from './helpers/fake-node';
import { startTestApp, type TestApp } from './helpers/test-app';
import { rawClient, until } from './helpers/ws-client';

type RequestLogPage = components['schemas']['RequestLogPage'];

/**
 * What refused calls cost the request log: a key's refused calls are logged within its budget
 * (REFUSED_LOG_BURST, then REFUSED_LOG_PER_SECOND), the rest only counted; calls with unknown keys
 * write nothing; every field is cut before the ring; secrets' params are never kept.
 */
let server: TestApp;
let node: FakeNode;

beforeAll(async () => {
  node = await startFakeNode();
  server = await startTestApp({ UPSTREAM_MAINNET_URL: node.url });
});
afterAll(async () => {
  await server?.close();
  await node?.close();
});

/** A signed-up user on Developer (its calls are logged) with its key's server id. */
async function loggingKey(label: string): Promise<KeyHolder & { keyId: number }> {
  const holder = await keyHolder(server.app, label);
  await putOnPlan(server.app, server.clock, holder.userId, 'Developer');
  const { rows } = await server.app.db.query<{ id: number }>('SELECT id FROM api_keys WHERE key = $1', [holder.apiKey]);
  return { ...holder, keyId: rows[0]?.id ?? 0 };
}

/** The key's stored rows by outcome, after a flush. */
async function storedOutcomes(keyId: number): Promise<Partial<Record<MeteredOutcome, number>>> {
  await server.app.metering.flush();
  const { rows } = await server.app.db.query<{ outcome: MeteredOutcome; n: string | number }>(
    'SELECT outcome, count(*) AS n FROM request_log WHERE api_key_id = $1 GROUP BY outcome',
    [keyId],
  );
  return Object.fromEntries(rows.map((row) => [row.outcome, Number(row.n)]));
}

async function count(table: 'request_log' | 'usage_minutes'): Promise<number> {
  await server.app.metering.flush();
  const { rows } = await server.app.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0]?.n);
}

const drops = (): Record<LogDrop, number> => ({ ...server.app.metering.requestLog.dropped });

async function page(holder: KeyHolder & { keyId: number }): Promise<RequestLogPage> {
  const response = await server.app.inject({ method: 'GET', url: `/api/apiKeys/${holder.keyId}/requests`, headers: bearer(holder.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('refused calls write at most their key’s budget', () => {
  const flood = 200;

  it('allow-list refusals: the burst, then the rate per second; the rest counted as dropped, with the list that refused', async () => {
    const holder = await loggingKey('allow-list-flood');
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/accessControl',
      headers: bearer(holder.token),
      payload: { domains: ['dapp.example'], ips: [], cidrs: [] },
    });
    expect(saved.statusCode).toBe(200);
    const before = drops();
    for (let index = 0; index < flood; index += 1) {
      const refused = await rpc(server.app, holder.apiKey, call('eth_chainId', index), { headers: { origin: 'https://other.example' } });
      expect(refused.statusCode).toBe(403);
    }
    expect(await storedOutcomes(holder.keyId)).toEqual({ refused_allow_list: REFUSED_LOG_BURST });
    expect(drops().refused_allow_list - before.refused_allow_list).toBe(flood - REFUSED_LOG_BURST);
    // A second later, the budget holds one second's worth more.
    server.clock.advance(1000);
    for (let index = 0; index < flood; index += 1) {
      await rpc(server.app, holder.apiKey, call('eth_chainId', index), { headers: { origin: 'https://other.example' } });
    }
    expect(await storedOutcomes(holder.keyId)).toEqual({ refused_allow_list: REFUSED_LOG_BURST + REFUSED_LOG_PER_SECOND });
    expect(drops().refused_allow_list - before.refused_allow_list).toBe(2 * flood - REFUSED_LOG_BURST - REFUSED_LOG_PER_SECOND);
    const { entries } = await page(holder);
    expect(new Set(entries.map((entry) => entry.accessRefusal))).toEqual(new Set(['domains']));
  });

  it('method-policy refusals', async () => {
    const holder = await loggingKey('method-flood');
    const before = drops();
    for (let index = 0; index < flood; index += 1) {
      expect((await rpc(server.app, holder.apiKey, call('admin_peers', index))).statusCode).toBe(403);
    }
    expect(await storedOutcomes(holder.keyId)).toEqual({ refused_method: REFUSED_LOG_BURST });
    expect(drops().refused_method - before.refused_method).toBe(flood - REFUSED_LOG_BURST);
  });

  it('rate refusals, while every answered call is logged', async () => {
    const holder = await loggingKey('rate-flood');
    const before = drops();
    const statuses = { 200: 0, 429: 0 };
    for (let index = 0; index < flood; index += 1) {
      const { statusCode } = await rpc(server.app, holder.apiKey, call('eth_chainId', index));
      if (statusCode === 200 || statusCode === 429) statuses[statusCode] += 1;
    }
    expect(statuses[200] + statuses[429]).toBe(flood);
    expect(statuses[429]).toBeGreaterThan(REFUSED_LOG_BURST);
    expect(await storedOutcomes(holder.keyId)).toEqual({ answered: statuses[200], refused_rate: REFUSED_LOG_BURST });
    expect(drops().refused_rate - before.refused_rate).toBe(statuses[429] - REFUSED_LOG_BURST);
  });

  it('one key’s flood leaves another key’s budget whole', async () => {
    const flooder = await loggingKey('flooder');
    const bystander = await loggingKey('bystander');
    for (let index = 0; index < flood; index += 1) await rpc(server.app, flooder.apiKey, call('admin_peers', index));
    for (let index = 0; index < 5; index += 1) await rpc(server.app, bystander.apiKey, call('admin_peers', index));
    expect(await storedOutcomes(bystander.keyId)).toEqual({ refused_method: 5 });
  });

  it('calls with unknown keys write nothing, from one address or many', async () => {
    const rows = await count('request_log');
    const minutes = await count('usage_minutes');
    for (let index = 0; index < flood; index += 1) {
      const unknown = await rpc(server.app, `unknown${index % 7}`, call('eth_chainId', index), { remoteAddress: '198.51.100.7' });
      expect(unknown.statusCode).toBe(401);
      const random = await rpc(server.app, `random${index}`, call('admin_peers', index), { remoteAddress: `203.0.113.${index % 250}` });
      expect(random.statusCode).toBe(401);
    }
    expect(await count('request_log')).toBe(rows);
    expect(await count('usage_minutes')).toBe(minutes);
  });

  it('exports the drops by reason at /metrics', async () => {
    const metrics = new ProcessMetrics('main');
    metrics.watchRequestLog(server.app.metering.requestLog);
    const text = await metrics.registry.metrics();
    const { refused_method } = drops();
    expect(refused_method).toBeGreaterThan(0);
    expect(text).toContain(`rpc_request_log_dropped_total{reason="refused_method"} ${refused_method}`);
    expect(text).toContain('rpc_request_log_dropped_total{reason="ring_full"} 0');
  });
});

describe('what a logged call holds', () => {
  it('is cut on the call’s path, before the ring: the Origin, the method, the address, the text', async () => {
    const holder = await loggingKey('huge-fields');
    const ring = server.app.metering.requestLog;
    await server.app.metering.flush();
    const hugeMethod = `admin_${'x'.repeat(12_000)}`;
    const body = JSON.stringify(call(hugeMethod, 1, ['y'.repeat(12_000)]));
    const refused = await rpc(server.app, holder.apiKey, body, {
      headers: { origin: `https://${'o'.repeat(12_000)}.example` },
      remoteAddress: '198.51.100.77',
    });
    expect(refused.statusCode).toBe(403);
    const held = ring.take();
    ring.restore(held);
    expect(held).toHaveLength(1);
    const [entry] = held;
    expect(entry?.origin).toHaveLength(ORIGIN_CHARACTERS);
    expect(entry?.method).toBe('(invalid method)');
    expect(entry?.clientAddress).toBe('198.51.100.0/24');
    expect(entry?.head).toHaveLength(REQUEST_LOG_TEXT_BYTES);
    expect(entry?.truncated).toBe(true);
    expect(ring.bytes).toBeLessThan(4 * 1024);
  });

  it('never keeps the params of a method whose params may hold secrets, whatever its outcome; the call is still logged', async () => {
    const holder = await loggingKey('secrets');
    const rawKey = `0x${'5e'.repeat(32)}`;
    await rpc(server.app, holder.apiKey, call('personal_importRawKey', 1, [rawKey, 'my passphrase']));
    server.clock.advance(1);
    await rpc(server.app, holder.apiKey, [call('eth_chainId', 2), call('personal_unlockAccount', 3, ['0x01', 'other passphrase', 60])]);
    server.clock.advance(1);
    // Unknown to the node under another case, and still a secret.
    await rpc(server.app, holder.apiKey, call('Personal_sign', 4, ['0x00', '0x01', 'third passphrase']));
    const { entries } = await page(holder);
    expect(entries.map((entry) => [entry.method, entry.outcome])).toEqual([
      ['Personal_sign', 'refused_method'],
      ['eth_chainId', 'refused_method'],
      ['personal_importRawKey', 'refused_method'],
    ]);
    for (const entry of entries) {
      expect(entry.request).not.toMatch(/passphrase|5e5e/);
      expect(entry.request).toContain(SECRET_PARAMS_MARKER);
    }
    expect(JSON.parse(entries[2]?.request ?? '')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'personal_importRawKey',
      params: SECRET_PARAMS_MARKER,
    });
    // A batch keeps its other entries' params.
    expect(JSON.parse(entries[1]?.request ?? '')).toEqual([
      call('eth_chainId', 2),
      { jsonrpc: '2.0', id: 3, method: 'personal_unlockAccount', params: SECRET_PARAMS_MARKER },
    ]);
  });

  it('marks the calls that came over a WebSocket', async () => {
    const holder = await loggingKey('websocket');
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const client = await rawClient(`${address.replace(/^http/, 'ws')}/api/v1/mainnet/${holder.apiKey}`);
    try {
      client.socket.send(JSON.stringify(call('eth_chainId', 1)));
      client.socket.send(JSON.stringify(call('admin_peers', 2)));
      await until(() => client.messages.length === 2, 'two answers');
    } finally {
      client.socket.close();
    }
    await rpc(server.app, holder.apiKey, call('eth_chainId', 3));
    const { entries } = await page(holder);
    expect(entries.map((entry) => [entry.method, entry.transport]).sort()).toEqual([
      ['admin_peers', 'websocket'],
      ['eth_chainId', 'http'],
      ['eth_chainId', 'websocket'],
    ]);
  });
});
