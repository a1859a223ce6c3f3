import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK } from '@/domain/networks';
import { LeaseAuthority } from '@server/cluster/lease-authority';
import { LeasedAdmission, type WorkerKey, type WorkerTicket } from '@server/cluster/leased-admission';
import type { LeaseAnswer, LeaseRequest } from '@server/cluster/protocol';
import { compileAccessRules } from '@server/gateway/access-rules';
import { Gateway, type GatewayAnswer } from '@server/gateway/gateway';
import { GatewayKeyCache, type KeyEntry } from '@server/gateway/key-cache';
import { RateLimiter } from '@server/gateway/rate-limiter';
import { MemoryAdmissionStore } from '@server/gateway/admission-store';
import { Upstream, type UpstreamAnswer } from '@server/gateway/upstream';
import { CreditLedger } from '@server/metering/credit-ledger';
import { UsageMeter } from '@server/metering/usage-meter';
import { type AnvilNode, startAnvil } from '@server/nodes/anvil';
import { directNodes } from './helpers/node-routers';
import { UNCAPPED } from '../support/key-spend';

/**
 * An HTTP worker's gateway overlapping a lease with the node (Gateway + LeasedAdmission, a real
 * main-process LeaseAuthority and a real anvil): a call that only reads goes to the node while it
 * waits for its lease, and is answered only if admitted; a refused one's answer is dropped and
 * charges nothing; calls that change the node's state never go before they are admitted; and a
 * burst or a client past its rate makes the node answer no more than what is admitted.
 */
const lists = { domains: [], ips: [], cidrs: [] };
const plan = { rate: 10, creditLimit: 1_000_000 };
const startMs = Date.parse('2030-01-15T12:00:00Z');

/** The node, counted: every body the gateway sends it, in order (what it sends still goes to anvil). */
class CountedUpstream extends Upstream {
  readonly sent: string[] = [];

  override forward(body: Buffer): Promise<UpstreamAnswer> {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    this.sent.push(typeof parsed === 'object' && parsed !== null && 'method' in parsed ? String(parsed.method) : '?');
    return super.forward(body);
  }
}

let node: AnvilNode;

beforeAll(async () => {
  node = await startAnvil({ chainId: 31_337 });
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

interface Lease {
  readonly request: LeaseRequest;
  answer(answer?: LeaseAnswer): void;
  /** The main process could not answer (IPC 'failed'). */
  fail(error: Error): void;
}

/**
 * One worker. `held: true` keeps each lease waiting until the test answers it (by the authority, or
 * with the answer given); otherwise leases go to the authority at once.
 */
const stored = {
  userId: 7,
  anchor: new Date('2030-01-01T00:00:00Z'),
  creditsUsed: 0,
  countedCycleStart: new Date('2030-01-01T00:00:00Z'),
  creditLimit: plan.creditLimit,
};

function worker(options: { held: boolean }) {
  let nowMs = startMs;
  const ledger = new CreditLedger();
  const limiter = new RateLimiter();
  const keys = new GatewayKeyCache<KeyEntry>(
    async (apiKey) => ({
      apiKey,
      keyId: 3,
      planId: 1,
      userId: 7,
      rate: plan.rate,
      credits: ledger.sync(stored, new Date(nowMs), ledger.generation),
      spend: ledger.syncKey(3, stored, UNCAPPED, new Date(nowMs), ledger.generation),
      access: compileAccessRules(lists),
      lists,
    }),
    () => nowMs,
  );
  const authority = new LeaseAuthority({ keys, store: new MemoryAdmissionStore(limiter, ledger), ledger, meter: new UsageMeter() });
  const waiting: Lease[] = [];
  const admission = new LeasedAdmission(
    (request) =>
      options.held
        ? new Promise<LeaseAnswer>((resolve, reject) =>
            waiting.push({
              request,
              answer: (given) => (given === undefined ? authority.lease(1, request, nowMs).then(resolve) : resolve(given)),
              fail: reject,
            }),
          )
        : authority.lease(1, request, nowMs),
    () => undefined,
  );
  const key: WorkerKey = { apiKey: 'rpk_early', keyId: 3, planId: 1, userId: 7, ...plan, capped: false, access: compileAccessRules(lists) };
  const upstream = new CountedUpstream(node.url, 5_000);
  const meter = new UsageMeter();
  const gateway = new Gateway<WorkerKey, WorkerTicket>({
    keys: { peek: () => key, get: async () => key },
    admission,
    meter,
    nodes: directNodes({ [DEFAULT_NETWORK]: upstream }),
    timeoutMs: 5_000,
    now: () => nowMs,
  });
  const call = (method: string, params: unknown[] = []): Promise<GatewayAnswer> =>
    gateway.call({
      network: 'mainnet',
      apiKey: key.apiKey,
      body: Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })),
      origin: undefined,
      clientIp: '127.0.0.1',
    });
  return {
    call,
    upstream,
    waiting,
    admission,
    meter,
    /** Lets the clock run (the bucket refills). */
    later: (ms: number) => {
      nowMs += ms;
    },
    now: () => nowMs,
  };
}

/** Lets the gateway take its steps up to its next wait (a lease or the node). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function rpc(answer: GatewayAnswer): unknown {
  const body = answer.body;
  return JSON.parse(typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '');
}

const rateRefusal: LeaseAnswer = { kind: 'rate', retryAfterMs: 100, nextTokenMs: 0 };

describe('a call that waits for its lease (WORKERS > 1)', () => {
  it('goes to the node while it waits when it only reads, and is answered with the node’s answer once admitted', async () => {
    const { call, upstream, waiting } = worker({ held: true });
    const answered = call('eth_chainId');
    await settle();
    expect(upstream.sent).toEqual(['eth_chainId']);
    expect(waiting).toHaveLength(1);
    waiting[0]?.answer();
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(rpc(answer)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
    expect(answer.headers['x-credits-used']).toBe('20');
    expect(upstream.sent).toEqual(['eth_chainId']);
  });

  it('is refused as any call is when its lease is: the node’s answer is dropped, nothing is charged, the refusal is counted', async () => {
    const { call, upstream, waiting, admission, meter, now } = worker({ held: true });
    const answered = call('eth_blockNumber');
    await settle();
    expect(upstream.sent).toEqual(['eth_blockNumber']);
    waiting[0]?.answer(rateRefusal);
    const answer = await answered;
    expect(answer.status).toBe(429);
    expect(rpc(answer)).toMatchObject({ error: { code: -32005 } });
    expect(answer.headers['x-credits-used']).toBe('0');
    expect(admission.takeSettlements(now())).toEqual([]);
    expect(meter.take()).toEqual([expect.objectContaining({ method: 'eth_blockNumber', requests: 0, rateLimited: 1, credits: 0 })]);
  });

  it.each([
    ['eth_sendRawTransaction', ['0x00']],
    ['eth_newFilter', [{}]],
    ['eth_newBlockFilter', []],
    ['eth_getFilterChanges', ['0x1']],
    ['eth_uninstallFilter', ['0x1']],
  ])('never sends %s before it is admitted, and not at all when refused', async (method, params) => {
    const { call, upstream, waiting } = worker({ held: true });
    const refused = call(method, params);
    await settle();
    expect(upstream.sent).toEqual([]);
    waiting[0]?.answer(rateRefusal);
    expect((await refused).status).toBe(429);
    expect(upstream.sent).toEqual([]);
  });

  it('answers an internal error with its id when its lease fails, and the next call is served', async () => {
    const { call, upstream, waiting } = worker({ held: true });
    const failed = call('eth_chainId');
    await settle();
    expect(upstream.sent).toEqual(['eth_chainId']);
    waiting[0]?.fail(new Error('the main process could not answer: the database is down'));
    const answer = await failed;
    expect(answer.status).toBe(500);
    expect(JSON.parse(String(answer.body))).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32603 } });
    const next = call('eth_chainId');
    await settle();
    waiting[1]?.answer();
    expect((await next).status).toBe(200);
  });

  it('goes alone: a second call of the user while one waits for its lease waits for its own before the node', async () => {
    const { call, upstream, waiting } = worker({ held: true });
    const first = call('eth_chainId');
    const second = call('eth_blockNumber');
    await settle();
    expect(upstream.sent).toEqual(['eth_chainId']);
    for (const lease of waiting) lease.answer();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(upstream.sent).toEqual(['eth_chainId', 'eth_blockNumber']);
  });

  it('waits for its lease for a second after the user was refused, then goes early again', async () => {
    const { call, upstream, waiting, later } = worker({ held: true });
    const refused = call('eth_chainId');
    await settle();
    waiting[0]?.answer(rateRefusal);
    expect((await refused).status).toBe(429);
    later(999);
    const paused = call('eth_chainId');
    await settle();
    expect(upstream.sent).toEqual(['eth_chainId']);
    waiting[1]?.answer();
    expect((await paused).status).toBe(200);
    expect(upstream.sent).toEqual(['eth_chainId', 'eth_chainId']);
    later(1);
    const early = call('eth_chainId');
    await settle();
    expect(upstream.sent).toHaveLength(3);
    waiting[2]?.answer();
    expect((await early).status).toBe(200);
  });

  it('makes the node answer only what is admitted: 60 calls at once on a bucket of 10, then a client past its rate', async () => {
    const { call, upstream, later } = worker({ held: false });
    const answers = await Promise.all(Array.from({ length: 60 }, () => call('eth_blockNumber')));
    const admitted = answers.filter((answer) => answer.status === 200).length;
    expect(admitted).toBe(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(50);
    expect(upstream.sent).toHaveLength(admitted);
    // Past its rate for three seconds, a call every 10 ms: the node sees what the bucket admits.
    let admittedSince = 0;
    for (let step = 0; step < 300; step += 1) {
      later(10);
      if ((await call('eth_blockNumber')).status === 200) admittedSince += 1;
    }
    expect(admittedSince).toBeGreaterThan(0);
    expect(upstream.sent).toHaveLength(admitted + admittedSince);
  });
});
