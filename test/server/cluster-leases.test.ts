import { describe, expect, it } from 'vitest';
import { newUsageMinute } from '@server/repos/usage';
import { LeaseAuthority } from '@server/cluster/lease-authority';
import { LeasedAdmission, type WorkerKey } from '@server/cluster/leased-admission';
import { compileAccessRules } from '@server/gateway/access-rules';
import { GatewayKeyCache, type KeyEntry } from '@server/gateway/key-cache';
import { RateLimiter } from '@server/gateway/rate-limiter';
import { MemoryAdmissionStore } from '@server/gateway/admission-store';
import { CreditLedger } from '@server/metering/credit-ledger';
import { UsageMeter } from '@server/metering/usage-meter';
import { UNCAPPED } from '../support/key-spend';

/**
 * Two HTTP workers' admissions leasing from one main process's authority, wired in memory (the
 * real processes pass the same messages over IPC: test/server/gateway-start.test.ts runs them).
 */
const nowMs = Date.parse('2030-01-15T12:00:00Z');
const lists = { domains: [], ips: [], cidrs: [] };

function setting(plan: { rate: number | null; creditLimit: number | null }) {
  const ledger = new CreditLedger();
  const limiter = new RateLimiter();
  const meter = new UsageMeter();
  let stored = {
    userId: 7,
    anchor: new Date('2030-01-01T00:00:00Z'),
    creditsUsed: 0,
    countedCycleStart: new Date('2030-01-01T00:00:00Z'),
    creditLimit: plan.creditLimit,
  };
  let exists = true;
  const keys = new GatewayKeyCache<KeyEntry>(
    async (apiKey) =>
      exists
        ? {
            apiKey,
            keyId: 3,
            planId: 1,
            userId: 7,
            rate: plan.rate,
            credits: ledger.sync(stored, new Date(nowMs), ledger.generation),
            spend: ledger.syncKey(3, stored, UNCAPPED, new Date(nowMs), ledger.generation),
            access: compileAccessRules(lists),
            lists,
          }
        : null,
    () => nowMs,
  );
  const authority = new LeaseAuthority({ keys, store: new MemoryAdmissionStore(limiter, ledger), ledger, meter });
  const key: WorkerKey = {
    apiKey: 'rpk_test',
    keyId: 3,
    planId: 1,
    userId: 7,
    rate: plan.rate,
    creditLimit: plan.creditLimit,
    capped: false,
    access: compileAccessRules(lists),
  };
  const unknown: string[] = [];
  const worker = (id: number) =>
    new LeasedAdmission(
      (request) => authority.lease(id, request, nowMs),
      (apiKey) => unknown.push(apiKey),
    );
  const account = async () => {
    const entry = await keys.get('rpk_test');
    if (entry === null) throw new Error('no key');
    return ledger.account(7) ?? entry.credits;
  };
  /** What a plan change does: a new anchor (a new cycle from 0), then the key reloads. */
  const changePlan = () => {
    const anchor = new Date('2030-01-10T00:00:00Z');
    stored = { ...stored, anchor, creditsUsed: 0, countedCycleStart: anchor };
    keys.invalidateUser(7);
  };
  return {
    authority,
    ledger,
    limiter,
    meter,
    key,
    worker,
    account,
    unknown,
    changePlan,
    deleteKey: () => {
      exists = false;
      keys.invalidateKey('rpk_test');
    },
  };
}

describe('leases of the HTTP workers (server/cluster)', () => {
  it('admits exactly the bucket across two workers for a burst sent at once', async () => {
    const { key, worker } = setting({ rate: 10, creditLimit: null });
    const workers = [worker(1), worker(2)];
    const answers = await Promise.all(Array.from({ length: 25 }, (_, index) => workers[index % 2]?.admit(key, 20, 1, nowMs)));
    const kinds = answers.map((answer) => answer?.kind);
    expect(kinds.filter((kind) => kind === 'admitted')).toHaveLength(10);
    expect(kinds.filter((kind) => kind === 'rate')).toHaveLength(15);
  });

  it('admits exactly the quota across two workers, then refuses as the quota with the figures', async () => {
    const { key, worker, account, ledger } = setting({ rate: null, creditLimit: 100 });
    const workers = [worker(1), worker(2)];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => workers[index % 2]?.admit(key, 20, 1, nowMs)));
    expect(answers.filter((answer) => answer?.kind === 'admitted')).toHaveLength(5);
    expect(answers.find((answer) => answer?.kind === 'quota')).toMatchObject({ kind: 'quota', used: 100, limit: 100 });
    expect(ledger.used(await account(), nowMs)).toBe(100);
  });

  it("charges what was answered and gives back the rest at the report; a dead worker's lease is freed", async () => {
    const { authority, key, worker, account, ledger } = setting({ rate: 1000, creditLimit: 1_000_000 });
    const first = worker(1);
    const answered = await first.admit(key, 20, 1, nowMs);
    const failed = await first.admit(key, 20, 1, nowMs);
    if (answered.kind !== 'admitted' || failed.kind !== 'admitted') throw new Error('not admitted');
    first.settle(answered.ticket, true);
    first.settle(failed.ticket, false);
    // Above 100 req/s a lease carries spare tokens and credits: the second call did not ask.
    const held = ledger.used(await account(), nowMs);
    expect(held).toBeGreaterThan(40);
    await authority.report(1, [], first.takeSettlements(nowMs), nowMs);
    expect(ledger.used(await account(), nowMs)).toBe(20);
    expect((await account()).pending).toBe(20);

    const second = worker(2);
    expect((await second.admit(key, 20, 1, nowMs)).kind).toBe('admitted');
    expect(ledger.used(await account(), nowMs)).toBeGreaterThan(40);
    authority.forget(2);
    expect(ledger.used(await account(), nowMs)).toBe(20);
  });

  it('settles a lease held across a plan change on the account that counts it now', async () => {
    const { authority, key, worker, account, ledger, changePlan } = setting({ rate: 1000, creditLimit: 1_000_000 });
    const first = worker(1);
    const answered = await first.admit(key, 20, 1, nowMs);
    if (answered.kind !== 'admitted') throw new Error('not admitted');
    const leased = ledger.used(await account(), nowMs);
    expect(leased).toBeGreaterThan(20);
    changePlan();
    const fresh = await account();
    // The lease still counts against the new cycle until the worker reports.
    expect(ledger.used(fresh, nowMs)).toBe(leased);
    first.settle(answered.ticket, true);
    await authority.report(1, [], first.takeSettlements(nowMs), nowMs);
    expect(ledger.used(await account(), nowMs)).toBe(20);
    // A lease taken on the new account, then a dead worker: all of it is free again.
    const second = worker(2);
    expect((await second.admit(key, 20, 1, nowMs)).kind).toBe('admitted');
    authority.forget(2);
    expect(ledger.used(await account(), nowMs)).toBe(20);
  });

  it('keeps a refusal until a token can be back, without asking again', async () => {
    let asked = 0;
    const { key, authority } = setting({ rate: 2, creditLimit: null });
    const admission = new LeasedAdmission(
      (request) => {
        asked += 1;
        return authority.lease(1, request, nowMs);
      },
      () => undefined,
    );
    for (let call = 0; call < 2; call += 1) expect((await admission.admit(key, 20, 1, nowMs)).kind).toBe('admitted');
    expect(await admission.admit(key, 20, 1, nowMs)).toEqual({ kind: 'rate', retryAfterMs: 500 });
    expect(asked).toBe(3);
    expect(await admission.admit(key, 20, 1, nowMs + 499)).toEqual({ kind: 'rate', retryAfterMs: 1 });
    expect(asked).toBe(3);
    expect((await admission.admit(key, 20, 1, nowMs + 500)).kind).toBe('rate');
    expect(asked).toBe(4);
  });

  it('admits a batch larger than the rate into debt, as one process does (src/domain/admission-rule.ts)', async () => {
    const { key, authority, limiter } = setting({ rate: 10, creditLimit: 500_000 });
    let at = nowMs;
    const worker = (id: number) =>
      new LeasedAdmission(
        (request) => authority.lease(id, request, at),
        () => undefined,
      );
    const first = worker(1);
    const second = worker(2);
    // Free: 10 a second. A batch of 12 on a full bucket goes, and leaves the bucket 2 in debt...
    expect((await first.admit(key, 240, 12, at)).kind).toBe('admitted');
    expect(limiter.waitMs(7, 10, at)).toBe(300);
    // ...which every worker sees: nothing more until a whole token is back, 300 ms later.
    expect(await second.admit(key, 20, 1, at)).toEqual({ kind: 'rate', retryAfterMs: 300 });
    at += 299;
    expect(await second.admit(key, 240, 12, at)).toEqual({ kind: 'rate', retryAfterMs: 1 });
    at += 1;
    expect((await second.admit(key, 240, 12, at)).kind).toBe('admitted');
  });

  it('refuses an exhausted quota whatever the rate, before taking a token', async () => {
    const { key, worker, limiter } = setting({ rate: 10, creditLimit: 100 });
    const first = worker(1);
    expect((await first.admit(key, 100, 5, nowMs)).kind).toBe('admitted');
    expect(await worker(2).admit(key, 20, 1, nowMs)).toMatchObject({ kind: 'quota', used: 100, limit: 100 });
    expect(limiter.remaining(7, 10, nowMs)).toBe(5);
  });

  it('merges reported minutes into the meter, and answers a key deleted meanwhile as unknown', async () => {
    const { authority, meter, key, worker, deleteKey, unknown } = setting({ rate: null, creditLimit: null });
    const minute = {
      ...newUsageMinute({ apiKeyId: 3, userId: 7, network: 'mainnet', method: 'eth_chainId', minute: nowMs - (nowMs % 60_000) }),
      requests: 2,
      credits: 40,
      rateLimited: 1,
    };
    await authority.report(1, [minute], [], nowMs);
    await authority.report(2, [{ ...minute, requests: 1, credits: 20, rateLimited: 0 }], [], nowMs);
    expect(meter.take()).toEqual([{ ...minute, requests: 3, credits: 60, rateLimited: 1 }]);

    deleteKey();
    const admission = worker(1);
    expect(await admission.admit({ ...key, creditLimit: 100 }, 20, 1, nowMs)).toEqual({ kind: 'unknownKey' });
    expect(unknown).toEqual(['rpk_test']);
  });
});
