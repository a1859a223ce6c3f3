import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { LOG_NEEDS_PAID_PLAN } from '@server/handlers/request-log';
import {
  callBytes,
  type LoggedCall,
  maskAddress,
  REFUSED_LOG_BURST,
  REFUSED_LOG_PER_SECOND,
  REQUEST_LOG_PER_KEY,
  REQUEST_LOG_TEXT_BYTES,
  RequestLogRing,
  requestText,
  storedCall,
} from '@server/metering/request-log';
import { retainUsage } from '@server/metering/usage-retention';
import { appendRequestLog, trimRequestLog } from '@server/repos/request-log';
import { call, keyHolder, putOnPlan, rpc, type KeyHolder } from './gateway-harness';
import { bearer } from './helpers/accounts';
import { startFakeNode, type FakeNode } from './helpers/fake-node';
import { hours } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';

type RequestLogPage = components['schemas']['RequestLogPage'];

function logged(at: number, method = 'eth_call'): LoggedCall {
  return {
    keyId: 1,
    userId: 1,
    at,
    network: 'mainnet',
    transport: 'http',
    method,
    calls: 1,
    outcome: 'answered',
    accessRefusal: null,
    status: 200,
    latencyMs: 3.4,
    credits: 20,
    requestBytes: 10,
    answerBytes: 10,
    clientAddress: '203.0.113.0/24',
    origin: null,
    head: '{}',
    truncated: false,
  };
}

describe('the request log ring', () => {
  it('keeps the newest calls up to its bound, counting what it drops', () => {
    const ring = new RequestLogRing(3);
    for (let at = 1; at <= 5; at += 1) ring.record(logged(at));
    expect(ring.take().map((entry) => entry.at)).toEqual([3, 4, 5]);
    expect(ring.dropped.ring_full).toBe(2);
    expect(ring.size).toBe(0);
  });

  it('takes a failed write back in front of newer calls, the oldest dropped past the bound', () => {
    const ring = new RequestLogRing(4);
    ring.record(logged(1));
    ring.record(logged(2));
    const failed = ring.take();
    ring.record(logged(3));
    ring.record(logged(4));
    ring.record(logged(5));
    ring.restore(failed);
    expect(ring.take().map((entry) => entry.at)).toEqual([2, 3, 4, 5]);
    expect(ring.dropped.ring_full).toBe(1);
  });

  it('holds at most its bytes: the oldest go first, counted', () => {
    const big = (at: number): LoggedCall => ({ ...logged(at), head: 'x'.repeat(REQUEST_LOG_TEXT_BYTES), truncated: true });
    const ring = new RequestLogRing(1000, 20_000);
    for (let at = 0; at < 100; at += 1) ring.record(big(at));
    expect(ring.bytes).toBeLessThanOrEqual(20_000);
    const kept = ring.take();
    expect(kept.length).toBe(Math.floor(20_000 / callBytes(big(0))));
    expect(kept.at(-1)?.at).toBe(99);
    expect(ring.dropped.ring_full).toBe(100 - kept.length);
    ring.restore([...kept, ...kept]);
    expect(ring.bytes).toBeLessThanOrEqual(20_000);
    expect(ring.dropped.ring_full).toBe(100);
  });

  it('stays bounded through many drops', () => {
    const ring = new RequestLogRing(10);
    for (let at = 0; at < 10_000; at += 1) ring.record(logged(at));
    expect(ring.size).toBe(10);
    expect(ring.take().map((entry) => entry.at)).toEqual(Array.from({ length: 10 }, (_, index) => 9_990 + index));
  });
});

describe("a key's budget of refused calls logged", () => {
  it('admits the burst, then the rate per second, per key; answered and failed calls always', () => {
    const ring = new RequestLogRing();
    const admitted = (keyId: number, outcome: 'refused_rate' | 'answered' | 'upstream_error', at: number, times: number) =>
      Array.from({ length: times }, () => ring.admits(keyId, outcome, at)).filter(Boolean).length;
    expect(admitted(1, 'refused_rate', 0, 100)).toBe(REFUSED_LOG_BURST);
    expect(admitted(1, 'answered', 0, 100)).toBe(100);
    expect(admitted(1, 'upstream_error', 0, 100)).toBe(100);
    expect(admitted(2, 'refused_rate', 0, 100)).toBe(REFUSED_LOG_BURST);
    expect(admitted(1, 'refused_rate', 500, 100)).toBe(REFUSED_LOG_PER_SECOND / 2);
    expect(admitted(1, 'refused_rate', 60_000, 100)).toBe(REFUSED_LOG_BURST);
    expect(ring.dropped.refused_rate).toBe(4 * 100 - 3 * REFUSED_LOG_BURST - REFUSED_LOG_PER_SECOND / 2);
  });
});

describe('what the log stores of a call', () => {
  it.each([
    ['203.0.113.9', '203.0.113.0/24'],
    ['::ffff:198.51.100.7', '198.51.100.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['::1', '::/48'],
    ['not an address', 'unknown'],
    ['', 'unknown'],
  ])('masks %s as %s', (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });

  it('keeps the first 2 KB of the text, a character cut at the boundary dropped, and no NUL', () => {
    const euro = '€'.repeat(REQUEST_LOG_TEXT_BYTES);
    const head = Buffer.from(euro).toString('latin1', 0, REQUEST_LOG_TEXT_BYTES);
    const text = requestText(head, true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(REQUEST_LOG_TEXT_BYTES);
    expect(text).toBe('€'.repeat(Math.floor(REQUEST_LOG_TEXT_BYTES / 3)));
    expect(requestText(Buffer.from('a\u0000b').toString('latin1'), false)).toBe('ab');
  });

  it('names an unplausible method by its label', () => {
    const stored = storedCall({ ...logged(1), method: 'x\u0000y' });
    expect(stored.method).toBe('(invalid method)');
    expect(stored.latencyMs).toBe(3);
  });
});

describe('GET /apiKeys/{id}/requests', () => {
  let server: TestApp;
  let node: FakeNode;
  let holder: KeyHolder;
  let keyId: number;

  async function page(query = '', token = holder.token, id = keyId): Promise<RequestLogPage> {
    const response = await server.app.inject({ method: 'GET', url: `/api/apiKeys/${id}/requests${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function keyIdOf(apiKey: string): Promise<number> {
    const { rows } = await server.app.db.query<{ id: number }>('SELECT id FROM api_keys WHERE key = $1', [apiKey]);
    return rows[0]?.id ?? 0;
  }

  beforeAll(async () => {
    node = await startFakeNode();
    server = await startTestApp({ UPSTREAM_MAINNET_URL: node.url });
    holder = await keyHolder(server.app, 'logged');
    await putOnPlan(server.app, server.clock, holder.userId, 'Developer');
    keyId = await keyIdOf(holder.apiKey);
  });
  afterAll(async () => {
    await server?.close();
    await node?.close();
  });

  it('lists calls of three methods, a refused one and a node failure, newest first, with what the issue names', async () => {
    const from = { headers: { origin: 'https://dapp.example' }, remoteAddress: '198.51.100.23' };
    await rpc(server.app, holder.apiKey, call('eth_chainId', 1), from);
    server.clock.advance(1000);
    await rpc(server.app, holder.apiKey, call('eth_blockNumber', 2), from);
    server.clock.advance(1000);
    await rpc(server.app, holder.apiKey, call('eth_getBalance', 3, ['0x0000000000000000000000000000000000000001', 'latest']), from);
    server.clock.advance(1000);
    const refused = await rpc(server.app, holder.apiKey, call('admin_peers', 4), from);
    expect(refused.statusCode).toBe(403);
    server.clock.advance(1000);
    const failed = await rpc(server.app, holder.apiKey, call('eth_call', 5, ['busy']), from);
    expect(failed.statusCode).toBe(502);
    const { entries, enabled, nextCursor } = await page();
    expect(enabled).toBe(true);
    expect(nextCursor).toBeNull();
    expect(entries.map((entry) => [entry.method, entry.outcome, entry.status])).toEqual([
      ['eth_call', 'upstream_error', 502],
      ['admin_peers', 'refused_method', 403],
      ['eth_getBalance', 'answered', 200],
      ['eth_blockNumber', 'answered', 200],
      ['eth_chainId', 'answered', 200],
    ]);
    const balance = entries[2];
    expect(balance).toMatchObject({
      network: 'mainnet',
      calls: 1,
      credits: 20,
      clientAddress: '198.51.100.0/24',
      origin: 'https://dapp.example',
      requestTruncated: false,
    });
    expect(JSON.parse(balance?.request ?? '')).toEqual(call('eth_getBalance', 3, ['0x0000000000000000000000000000000000000001', 'latest']));
    expect(balance?.latencyMs).toBeGreaterThanOrEqual(0);
    // A balance at a block may be kept: its small answer is read whole (even streamed, as the fake node sends it), so it is counted.
    expect(balance?.answerBytes).toBeGreaterThan(0);
    expect(entries[1]).toMatchObject({ credits: 0, latencyMs: null });
    expect(entries[1]?.answerBytes).toBeGreaterThan(0);
  });

  it('filters by method and outcome, and pages by cursor without a gap or a repeat', async () => {
    expect((await page('?outcome=answered')).entries).toHaveLength(3);
    expect((await page('?method=admin_peers')).entries.map((entry) => entry.outcome)).toEqual(['refused_method']);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: RequestLogPage = await page(`?limit=2${cursor === '' ? '' : `&cursor=${cursor}`}`);
      expect(next.entries.length).toBeLessThanOrEqual(2);
      seen.push(...next.entries.map((entry) => entry.method));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(['eth_call', 'admin_peers', 'eth_getBalance', 'eth_blockNumber', 'eth_chainId']);
  });

  it('keeps the first 2 KB of a large request and says so', async () => {
    const big = call('eth_call', 6, [{ data: `0x${'ab'.repeat(3000)}` }, 'latest']);
    await rpc(server.app, holder.apiKey, big);
    const [newest] = (await page('?limit=1')).entries;
    expect(newest?.requestTruncated).toBe(true);
    expect(newest?.requestBytes).toBe(JSON.stringify(big).length);
    expect(Buffer.byteLength(newest?.request ?? '')).toBe(REQUEST_LOG_TEXT_BYTES);
  });

  it('turned off, deletes what it holds and logs nothing; on again, logs', async () => {
    const off = await server.app.inject({
      method: 'PUT',
      url: `/api/apiKeys/${keyId}/requestLog`,
      headers: bearer(holder.token),
      payload: { enabled: false },
    });
    expect(off.json()).toEqual({ enabled: false });
    await rpc(server.app, holder.apiKey, call('eth_chainId', 7));
    expect(await page()).toEqual({ enabled: false, entries: [], nextCursor: null });
    await server.app.inject({
      method: 'PUT',
      url: `/api/apiKeys/${keyId}/requestLog`,
      headers: bearer(holder.token),
      payload: { enabled: true },
    });
    await rpc(server.app, holder.apiKey, call('eth_chainId', 8));
    expect((await page()).entries).toHaveLength(1);
  });

  it('shows the last 24 hours; the retention job deletes older calls', async () => {
    server.clock.advance(hours(25));
    expect((await page()).entries).toEqual([]);
    await retainUsage({ db: server.app.db, clock: server.clock, log: server.app.log });
    const { rows } = await server.app.db.query<{ n: string | number }>('SELECT count(*) AS n FROM request_log WHERE api_key_id = $1', [
      keyId,
    ]);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('keeps at most the newest calls per key: a trim deletes the oldest, and reads never show more', async () => {
    const now = server.clock.now().getTime();
    const calls = Array.from({ length: REQUEST_LOG_PER_KEY + 12 }, (_, index) =>
      storedCall({ ...logged(now + index), keyId, userId: holder.userId }),
    );
    await appendRequestLog(server.app.db, calls);
    const times = async () => {
      const shown: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const next: RequestLogPage = await page(`?limit=100${cursor === '' ? '' : `&cursor=${cursor}`}`);
        shown.push(...next.entries.map((entry) => new Date(entry.at).getTime()));
        cursor = next.nextCursor;
      }
      return shown;
    };
    const newest = Array.from({ length: REQUEST_LOG_PER_KEY }, (_, index) => now + REQUEST_LOG_PER_KEY + 11 - index);
    // Stored but not trimmed yet: the read stops at the newest 10,000.
    expect(await times()).toEqual(newest);
    await trimRequestLog(server.app.db, [keyId], REQUEST_LOG_PER_KEY);
    const { rows } = await server.app.db.query<{ n: string | number }>('SELECT count(*) AS n FROM request_log WHERE api_key_id = $1', [
      keyId,
    ]);
    expect(Number(rows[0]?.n)).toBe(REQUEST_LOG_PER_KEY);
    expect(await times()).toEqual(newest);
  }, 120_000);

  it("logs nothing on Free, refuses the log there, and answers 404 for another user's key or a deleted one", async () => {
    const free = await keyHolder(server.app, 'free');
    await rpc(server.app, free.apiKey, call('eth_chainId', 1));
    await server.app.metering.flush();
    const freeKey = await keyIdOf(free.apiKey);
    const { rows } = await server.app.db.query<{ n: string | number }>('SELECT count(*) AS n FROM request_log WHERE api_key_id = $1', [
      freeKey,
    ]);
    expect(Number(rows[0]?.n)).toBe(0);
    const refused = await server.app.inject({ method: 'GET', url: `/api/apiKeys/${freeKey}/requests`, headers: bearer(free.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: LOG_NEEDS_PAID_PLAN });
    const other = await keyHolder(server.app, 'other');
    await putOnPlan(server.app, server.clock, other.userId, 'Business');
    const stranger = await server.app.inject({ method: 'GET', url: `/api/apiKeys/${keyId}/requests`, headers: bearer(other.token) });
    expect(stranger.statusCode).toBe(404);
    const switched = await server.app.inject({
      method: 'PUT',
      url: `/api/apiKeys/${keyId}/requestLog`,
      headers: bearer(other.token),
      payload: { enabled: false },
    });
    expect(switched.statusCode).toBe(404);
    const otherKey = await keyIdOf(other.apiKey);
    await rpc(server.app, other.apiKey, call('eth_chainId', 1));
    await server.app.metering.flush();
    await server.app.inject({ method: 'DELETE', url: `/api/apiKeys/${otherKey}`, headers: bearer(other.token) });
    const gone = await server.app.db.query<{ n: string | number }>('SELECT count(*) AS n FROM request_log WHERE api_key_id = $1', [
      otherKey,
    ]);
    expect(Number(gone.rows[0]?.n)).toBe(0);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of [
      '?cursor=abc',
      '?cursor=1_',
      '?limit=0',
      '?limit=101',
      '?outcome=refused_key',
      '?method=',
      `?method=${'m'.repeat(65)}`,
    ]) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/apiKeys/${keyId}/requests${query}`,
        headers: bearer(holder.token),
      });
      expect(response.statusCode, query).toBe(400);
    }
    const body = await server.app.inject({
      method: 'PUT',
      url: `/api/apiKeys/${keyId}/requestLog`,
      headers: bearer(holder.token),
      payload: { enabled: 'yes' },
    });
    expect(body.statusCode).toBe(400);
  });
});
