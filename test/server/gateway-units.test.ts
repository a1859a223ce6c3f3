import { describe, expect, it } from 'vitest';
import { NETWORKS } from '@/domain/networks';
import { newUsageMinute } from '@server/repos/usage';
import { loadConfig } from '@server/config';
import { checkAccess, compileAccessRules } from '@server/gateway/access-rules';
import { LocalAdmission, type LocalTicket } from '@server/gateway/admission';
import { Gateway } from '@server/gateway/gateway';
import { parsePayload } from '@server/gateway/json-rpc';
import { GatewayKeyCache, type KeyEntry } from '@server/gateway/key-cache';
import { RateLimiter } from '@server/gateway/rate-limiter';
import { MemoryAdmissionStore } from '@server/gateway/admission-store';
import { CreditLedger } from '@server/metering/credit-ledger';
import { addMonths, creditsInCycle, cycleAt } from '@server/metering/cycle';
import { methodLabel } from '@server/metering/method-label';
import { UsageMeter } from '@server/metering/usage-meter';
import { noNodes } from './helpers/node-routers';

const at = (iso: string) => new Date(iso);

describe('quota cycle: monthly from the anchor', () => {
  it.each([
    ['2030-01-15T10:00:00Z', 1, '2030-02-15T10:00:00.000Z'],
    ['2030-01-31T00:00:00Z', 1, '2030-02-28T00:00:00.000Z'],
    ['2032-01-31T00:00:00Z', 1, '2032-02-29T00:00:00.000Z'],
    ['2030-01-31T00:00:00Z', 2, '2030-03-31T00:00:00.000Z'],
    ['2030-11-30T12:00:00Z', 3, '2031-02-28T12:00:00.000Z'],
    ['2030-03-31T00:00:00Z', -1, '2030-02-28T00:00:00.000Z'],
  ])('%s + %i months = %s', (anchor, months, expected) => {
    expect(addMonths(at(anchor), months).toISOString()).toBe(expected);
  });

  it.each([
    ['before the first month ends', '2030-02-15T09:59:59Z', '2030-01-15T10:00:00.000Z', '2030-02-15T10:00:00.000Z'],
    ['at a cycle boundary', '2030-02-15T10:00:00Z', '2030-02-15T10:00:00.000Z', '2030-03-15T10:00:00.000Z'],
    ['a year on', '2031-01-20T00:00:00Z', '2031-01-15T10:00:00.000Z', '2031-02-15T10:00:00.000Z'],
    ['earlier in the month than the anchor day', '2030-06-01T00:00:00Z', '2030-05-15T10:00:00.000Z', '2030-06-15T10:00:00.000Z'],
    ['before the anchor (clock skew)', '2030-01-01T00:00:00Z', '2030-01-15T10:00:00.000Z', '2030-02-15T10:00:00.000Z'],
  ])('finds the cycle %s', (_name, now, start, end) => {
    const cycle = cycleAt(at('2030-01-15T10:00:00Z'), at(now));
    expect([cycle.start.toISOString(), cycle.end.toISOString()]).toEqual([start, end]);
  });

  it('keeps the anchor day across short months (no drift from the 31st)', () => {
    const cycle = cycleAt(at('2030-01-31T00:00:00Z'), at('2030-03-30T00:00:00Z'));
    expect(cycle.start.toISOString()).toBe('2030-02-28T00:00:00.000Z');
    expect(cycle.end.toISOString()).toBe('2030-03-31T00:00:00.000Z');
  });

  it('counts stored credits only for the cycle they were counted in', () => {
    const cycle = cycleAt(at('2030-01-15T10:00:00Z'), at('2030-03-01T00:00:00Z'));
    expect(creditsInCycle({ creditsUsed: 500, countedCycleStart: cycle.start }, cycle)).toBe(500);
    expect(creditsInCycle({ creditsUsed: 500, countedCycleStart: at('2030-01-15T10:00:00Z') }, cycle)).toBe(0);
  });
});

describe('credit ledger', () => {
  const stored = {
    userId: 1,
    anchor: at('2030-01-15T10:00:00Z'),
    creditsUsed: 100,
    countedCycleStart: at('2030-01-15T10:00:00Z'),
    creditLimit: 1000,
  };
  const now = at('2030-01-20T00:00:00Z');

  it('counts reserved, pending and written credits, and releases what the node never answered', () => {
    const ledger = new CreditLedger();
    const account = ledger.sync(stored, now, ledger.generation);
    ledger.reserve(account, 60, now.getTime());
    ledger.reserve(account, 20, now.getTime());
    expect(ledger.used(account, now.getTime())).toBe(180);
    ledger.charge(account, 60);
    ledger.release(account, 20);
    expect(ledger.used(account, now.getTime())).toBe(160);
    const batch = ledger.beginBatch(now.getTime());
    expect(batch.deltas).toEqual([{ userId: 1, anchor: stored.anchor, cycleStart: stored.anchor, credits: 60 }]);
    ledger.failBatch(batch, now.getTime());
    expect(ledger.beginBatch(now.getTime()).deltas[0]?.credits).toBe(60);
  });

  it('takes the stored figure a write returns, and does not let a racing key load overwrite it', () => {
    const ledger = new CreditLedger();
    const account = ledger.sync(stored, now, ledger.generation);
    ledger.reserve(account, 20, now.getTime());
    ledger.charge(account, 20);
    const readBefore = ledger.generation;
    const batch = ledger.beginBatch(now.getTime());
    ledger.sync({ ...stored, creditsUsed: 100 }, now, readBefore);
    expect(ledger.used(account, now.getTime())).toBe(120);
    expect(ledger.endBatch(batch, { users: [{ ...stored, creditsUsed: 120 }], keys: [] }, now.getTime())).toEqual([]);
    expect(ledger.used(account, now.getTime())).toBe(120);
  });

  it('settles calls admitted before a reload (a plan change) on the account that counts them now', () => {
    const ledger = new CreditLedger();
    const account = ledger.sync(stored, now, ledger.generation);
    ledger.reserve(account, 60, now.getTime());
    ledger.reserve(account, 20, now.getTime());
    const anchor = at('2030-01-18T00:00:00Z');
    const changed = { ...stored, anchor, creditsUsed: 0, countedCycleStart: anchor, creditLimit: 5000 };
    const fresh = ledger.sync(changed, now, ledger.generation);
    expect(fresh).not.toBe(account);
    // Calls still waiting for their node count against the new cycle...
    expect(ledger.used(fresh, now.getTime())).toBe(80);
    ledger.charge(account, 60);
    ledger.release(account, 20);
    // ...and once settled, only what was answered remains, charged in the new cycle.
    expect(ledger.used(fresh, now.getTime())).toBe(60);
    expect(fresh.reserved).toBe(0);
    expect(ledger.beginBatch(now.getTime()).deltas).toEqual([{ userId: 1, anchor, cycleStart: anchor, credits: 60 }]);
  });

  it('reports users whose cycle changed elsewhere, and starts a new cycle from 0 at its end', () => {
    const ledger = new CreditLedger();
    const account = ledger.sync(stored, now, ledger.generation);
    ledger.reserve(account, 20, now.getTime());
    ledger.charge(account, 20);
    expect(ledger.endBatch(ledger.beginBatch(now.getTime()), { users: [], keys: [] }, now.getTime())).toEqual([1]);
    const fresh = ledger.sync(stored, now, ledger.generation);
    expect(ledger.used(fresh, at('2030-02-15T10:00:00Z').getTime())).toBe(0);
    expect(fresh.cycle.start.toISOString()).toBe('2030-02-15T10:00:00.000Z');
  });
});

describe('metered method names', () => {
  it.each([
    ['eth_getLogs', 'eth_getLogs'],
    ['rpc.discover', 'rpc.discover'],
    ['zks:L1-ChainId', 'zks:L1-ChainId'],
    ['m'.repeat(64), 'm'.repeat(64)],
    ['m'.repeat(65), '(invalid method)'],
    ['', '(invalid method)'],
    ['\u0000', '(invalid method)'],
    ['\ud800', '(invalid method)'],
    ['\udc00', '(invalid method)'],
    ['eth_call ', '(invalid method)'],
    ['eth_call\n', '(invalid method)'],
    ['éth_call', '(invalid method)'],
    ["eth_call'; --", '(invalid method)'],
    ['(invalid method)', '(invalid method)'],
    ['(other methods)', '(other methods)'],
  ])('stores %j as %j', (method, label) => {
    expect(methodLabel(method)).toBe(label);
  });

  const key = { keyId: 1, userId: 2 };
  const minute = 60_000 * 1000;

  it('keeps 100 names per key and minute, across writes; the rest count under one label', () => {
    const meter = new UsageMeter();
    for (let index = 0; index < 150; index += 1) meter.count(key, 'mainnet', `m_${index}`, minute, 'refused_method');
    expect(meter.size).toBe(101);
    const first = meter.take();
    expect(first.find((row) => row.method === '(other methods)')?.refused).toBe(50);
    // A write later in the same minute: known names keep their rows, new ones are still bounded.
    meter.count(key, 'mainnet', 'm_0', minute, 'answered', 20);
    meter.count(key, 'devnet', 'm_new', minute, 'refused_method');
    expect(meter.take().map((row) => [row.network, row.method])).toEqual([
      ['mainnet', 'm_0'],
      ['devnet', '(other methods)'],
    ]);
    // Another key, or the next minute, starts afresh.
    meter.count({ keyId: 9, userId: 2 }, 'mainnet', 'm_new', minute, 'refused_method');
    meter.count(key, 'mainnet', 'm_new', minute + 60_000, 'refused_method');
    expect(meter.take().map((row) => row.method)).toEqual(['m_new', 'm_new']);
  });

  it('bounds the names of reports merged from several workers too', () => {
    const meter = new UsageMeter();
    const report = (from: number) =>
      Array.from({ length: 100 }, (_, index) => ({
        ...newUsageMinute({ apiKeyId: 1, userId: 2, network: 'mainnet', method: `m_${from + index}`, minute }),
        requests: 1,
        credits: 20,
      }));
    meter.restore(report(0));
    meter.restore(report(100));
    const rows = meter.take();
    expect(rows).toHaveLength(101);
    expect(rows.find((row) => row.method === '(other methods)')).toMatchObject({ requests: 100, credits: 2000 });
  });
});

describe('token bucket', () => {
  it('starts full, refills at the rate, never above it', () => {
    const limiter = new RateLimiter();
    expect(limiter.take(1, 5, 5, 0)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    expect(limiter.take(1, 5, 1, 0)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 200 });
    expect(limiter.take(1, 5, 1, 200).allowed).toBe(true);
    expect(limiter.remaining(1, 5, 100_000)).toBe(5);
    expect(limiter.take(2, 5, 1, 0).remaining).toBe(4);
  });

  it('admits a batch larger than what is left into debt, and nothing more until the debt is paid back', () => {
    const limiter = new RateLimiter();
    // 12 on a full bucket of 5: 7 in debt, shown as 0 remaining.
    expect(limiter.take(1, 5, 12, 100_000)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    // A whole token is back 8 tokens later: 1.6 s at 5 a second.
    expect(limiter.take(1, 5, 1, 100_000)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1600 });
    expect(limiter.waitMs(1, 5, 100_000)).toBe(1600);
    expect(limiter.take(1, 5, 1, 101_599).allowed).toBe(false);
    expect(limiter.take(1, 5, 1, 101_600)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    // A lease's spare never comes out of a bucket the call left in debt.
    expect(limiter.takeUpTo(2, 5, 8, 4, 100_000)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0, taken: 8 });
    expect(limiter.remaining(2, 5, 100_000)).toBe(0);
    // A full bucket again once idle long enough: sweep drops it.
    limiter.sweep(200_000);
    expect(limiter.remaining(1, 5, 200_000)).toBe(5);
  });
});

describe('allow-list rules', () => {
  const rules = compileAccessRules({ domains: ['Example.com.'], ips: ['2001:db8:0:0:0:0:0:1', '192.0.2.1'], cidrs: [] });

  it('treats an IPv4-mapped client address as IPv4, and compares IPv6 in any notation', () => {
    expect(checkAccess(rules, 'https://example.com', '::ffff:192.0.2.1')).toBeNull();
    expect(checkAccess(rules, 'https://a.b.example.com', '2001:0db8::0001')).toBeNull();
    expect(checkAccess(rules, 'https://example.com', '192.0.2.2')).toBe('ips');
  });

  it('refuses an Origin that is not a URL', () => {
    expect(checkAccess(rules, 'example.com', '192.0.2.1')).toBe('domains');
  });

  it('fails closed on a stored value that does not parse', () => {
    const broken = compileAccessRules({ domains: [], ips: ['not-an-ip'], cidrs: ['10.0.0.0/99'] });
    expect(checkAccess(broken, undefined, '10.0.0.1')).toBe('ips');
    expect(checkAccess(compileAccessRules({ domains: [], ips: [], cidrs: ['10.0.0.0/99'] }), undefined, '10.0.0.1')).toBe('cidrs');
  });

  it('matches an IPv4-mapped CIDR against IPv4 clients', () => {
    const mapped = compileAccessRules({ domains: [], ips: [], cidrs: ['::ffff:10.0.0.0/104'] });
    expect(checkAccess(mapped, undefined, '10.200.0.1')).toBeNull();
    expect(checkAccess(mapped, undefined, '11.0.0.1')).toBe('cidrs');
  });
});

describe('implausible keys', () => {
  const garbage = ['not a key', 'é', 'x'.repeat(129), 'x'.repeat(16_000), ''];
  const body = Buffer.from('{"jsonrpc":"2.0","id":5,"method":"eth_chainId"}');

  it('are refused with 401 -32001 before any lookup', async () => {
    const looked: string[] = [];
    const keys = {
      peek: (apiKey: string) => {
        looked.push(apiKey);
        return undefined;
      },
      get: async (apiKey: string) => {
        looked.push(apiKey);
        return null;
      },
    };
    const ledger = new CreditLedger();
    const gateway = new Gateway<KeyEntry, LocalTicket>({
      keys,
      admission: new LocalAdmission(new MemoryAdmissionStore(new RateLimiter(), ledger), ledger),
      meter: new UsageMeter(),
      nodes: noNodes,
      timeoutMs: 1000,
      now: () => 0,
    });
    for (const apiKey of garbage) {
      const answer = await gateway.call({ network: 'mainnet', apiKey, body, origin: undefined, clientIp: '127.0.0.1' });
      expect([answer.status, answer.body]).toEqual([401, '{"jsonrpc":"2.0","id":5,"error":{"code":-32001,"message":"Invalid API key"}}']);
    }
    expect(looked).toEqual([]);
  });

  it('are never loaded nor cached by the key cache', async () => {
    const loaded: string[] = [];
    const cache = new GatewayKeyCache<KeyEntry>(
      async (apiKey) => {
        loaded.push(apiKey);
        return null;
      },
      () => 0,
    );
    for (const apiKey of garbage) {
      expect(await cache.get(apiKey)).toBeNull();
      expect(cache.peek(apiKey)).toBeUndefined();
    }
    expect(loaded).toEqual([]);
  });
});

describe('JSON-RPC payloads', () => {
  it('reads the methods, ids and params of a call and of a batch', () => {
    expect(parsePayload(Buffer.from('{"jsonrpc":"2.0","id":"a","method":"eth_call","params":[]}'))).toEqual({
      ok: true,
      payload: { batch: false, methods: ['eth_call'], id: 'a', ids: ['a'], params: [[]] },
    });
    expect(parsePayload(Buffer.from('[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","id":2,"method":"b","params":["0x1"]}]'))).toEqual({
      ok: true,
      payload: { batch: true, methods: ['a', 'b'], id: null, ids: [null, 2], params: [undefined, ['0x1']] },
    });
    expect(parsePayload(undefined)).toEqual({ ok: false, problem: { kind: 'parse' } });
  });

  it('refuses batches above 1000 calls', () => {
    const batch = JSON.stringify(Array.from({ length: 1001 }, () => ({ jsonrpc: '2.0', method: 'eth_chainId' })));
    expect(parsePayload(Buffer.from(batch))).toEqual({
      ok: false,
      problem: { kind: 'invalid', detail: 'a batch holds at most 1000 requests' },
    });
  });
});

describe('gateway configuration', () => {
  it('has defaults: no upstream, a 10 s time-out, a 1 MiB body limit', () => {
    expect(loadConfig({})).toMatchObject({
      networks: NETWORKS.map((name) => expect.objectContaining({ name, nodes: [] })),
      upstreamTimeoutMs: 10_000,
      gatewayBodyLimit: 1_048_576,
    });
  });

  it('reads the upstream URLs and limits', () => {
    const config = loadConfig({
      UPSTREAM_MAINNET_URL: 'https://rpc.example.com/v1/',
      UPSTREAM_DEVNET_URL: 'http://127.0.0.1:8545',
      UPSTREAM_TIMEOUT_MS: '2500',
      GATEWAY_BODY_LIMIT: '65536',
    });
    expect(config).toMatchObject({
      networks: [
        expect.objectContaining({ nodes: [{ url: 'https://rpc.example.com/v1', ws: null, archive: false, weight: 1 }] }),
        expect.objectContaining({ nodes: [{ url: 'http://127.0.0.1:8545', ws: null, archive: false, weight: 1 }] }),
      ],
      upstreamTimeoutMs: 2500,
      gatewayBodyLimit: 65_536,
    });
  });

  it.each([
    ['UPSTREAM_MAINNET_URL', 'ftp://node', 'UPSTREAM_MAINNET_URL="ftp://node" is not a valid URL: only http:// and https:// are allowed.'],
    ['UPSTREAM_DEVNET_URL', 'node:8545', 'UPSTREAM_DEVNET_URL="node:8545" is not a valid URL: only http:// and https:// are allowed.'],
    ['UPSTREAM_TIMEOUT_MS', '10s', 'UPSTREAM_TIMEOUT_MS="10s" is not valid: use a whole number from 100 to 600000.'],
    ['UPSTREAM_TIMEOUT_MS', '50', 'UPSTREAM_TIMEOUT_MS="50" is not valid: use a whole number from 100 to 600000.'],
    ['GATEWAY_BODY_LIMIT', '1MB', 'GATEWAY_BODY_LIMIT="1MB" is not valid: use a whole number from 1024 to 67108864.'],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
