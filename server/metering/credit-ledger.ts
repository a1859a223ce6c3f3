import type { KeyCapPeriod } from '@/domain/key-rules';
import {
  type CreditAccount,
  dayAnchor,
  dropIdle,
  holder,
  isCurrent,
  type KeySpend,
  keyAccountId,
  periodAt,
  rollIfEnded,
} from '@server/metering/credit-account';
import { creditsInCycle, cycleAt, type Cycle } from '@server/metering/cycle';
import type { CreditDelta, KeyCreditDelta, StoredCredits, StoredKeySpend, StoredSpend } from '@server/repos/stored-credits';

/** What one batch took from the accounts, to settle when the write ends. */
export interface LedgerBatch {
  readonly deltas: readonly CreditDelta[];
  readonly accounts: ReadonlyMap<number, CreditAccount>;
  readonly keyDeltas: readonly KeyCreditDelta[];
  readonly keyAccounts: ReadonlyMap<string, CreditAccount>;
}

/** What a batch write answers: the credits now stored of the users and keys it added to. */
export interface StoredBatch {
  readonly users: readonly StoredCredits[];
  readonly keys: readonly StoredKeySpend[];
}

/**
 * The quota's view of credits: stored + being written + pending + reserved. The stored part is
 * refreshed by every batch write (RETURNING) and by key loads, except when a load may have read
 * the database while a batch was being written (then the batch's own answer is the fresher one).
 */
export class CreditLedger {
  private readonly accounts = new Map<number, CreditAccount>();
  /** Every key's spend that made calls lately, by keyAccountId: capped or not, it is written, so a cap set later counts it. */
  private readonly keyAccounts = new Map<string, CreditAccount>();
  private writing = false;
  /** Moves at every batch start and end: a key load compares it before and after its read. */
  private writeGeneration = 0;

  get generation(): number {
    return this.writeGeneration;
  }

  account(userId: number): CreditAccount | undefined {
    return this.accounts.get(userId);
  }

  /** A key's spend accounts as this process holds them now; undefined when it holds neither. */
  keySpend(keyId: number): KeySpend | undefined {
    const day = this.keyAccounts.get(keyAccountId(keyId, 'day'));
    const cycle = this.keyAccounts.get(keyAccountId(keyId, 'cycle'));
    return day === undefined || cycle === undefined ? undefined : { day, cycle };
  }

  /** Takes a database read (key load) into account; `readGeneration` is `generation` before the read. */
  sync(stored: StoredCredits, now: Date, readGeneration: number): CreditAccount {
    const cycle = cycleAt(stored.anchor, now);
    const fresh = { userId: stored.userId, key: null, anchor: stored.anchor, limit: stored.creditLimit };
    return this.syncInto(this.accounts, stored.userId, fresh, cycle, creditsInCycle(stored, cycle), now, readGeneration);
  }

  /**
   * As sync, for one key's spend (read by the same key load): its day's and its cycle's accounts,
   * the cycle's anchored as its owner's (`stored`).
   */
  syncKey(keyId: number, stored: StoredCredits, spend: StoredSpend, now: Date, readGeneration: number): KeySpend {
    const one = (period: KeyCapPeriod): CreditAccount => {
      // A day is a UTC day whatever the owner's anchor: a plan change does not start it again.
      const anchor = period === 'day' ? dayAnchor : stored.anchor;
      const fresh = { userId: stored.userId, key: { keyId, period }, anchor, limit: spend[period].limit };
      const current = periodAt(fresh, now);
      const { periodStart, creditsUsed } = spend[period];
      const used = periodStart !== null && periodStart.getTime() >= current.start.getTime() ? creditsUsed : 0;
      return this.syncInto(this.keyAccounts, keyAccountId(keyId, period), fresh, current, used, now, readGeneration);
    };
    return { day: one('day'), cycle: one('cycle') };
  }

  private syncInto<Id>(
    accounts: Map<Id, CreditAccount>,
    id: Id,
    fresh: Pick<CreditAccount, 'userId' | 'key' | 'anchor' | 'limit'>,
    cycle: Cycle,
    used: number,
    now: Date,
    readGeneration: number,
  ): CreditAccount {
    const existing = accounts.get(id);
    if (
      existing !== undefined &&
      existing.anchor.getTime() === fresh.anchor.getTime() &&
      existing.cycle.start.getTime() === cycle.start.getTime()
    ) {
      existing.limit = fresh.limit;
      if (!this.writing && readGeneration === this.writeGeneration) existing.stored = used;
      return existing;
    }
    // A new account, or a new anchor (a plan change started a new cycle): what the old one had
    // pending belonged to the old cycle, and is not carried over. Calls still waiting for their
    // node keep counting, now against the new account, and settle there (see holder()).
    const account: CreditAccount = {
      ...fresh,
      cycle,
      stored: used,
      inflight: 0,
      pending: 0,
      reserved: existing?.reserved ?? 0,
      lastUsed: now.getTime(),
      successor: null,
    };
    if (existing !== undefined) {
      existing.reserved = 0;
      existing.successor = account;
    }
    accounts.set(id, account);
    return account;
  }

  /** Credits used in the current cycle, starting a new cycle (from 0) once `now` has passed its end. */
  used(account: CreditAccount, nowMs: number): number {
    const current = holder(account);
    rollIfEnded(current, nowMs);
    return current.stored + current.inflight + current.pending + current.reserved;
  }

  reserve(account: CreditAccount, credits: number, nowMs: number): void {
    const current = holder(account);
    current.reserved += credits;
    current.lastUsed = nowMs;
  }

  /** The node answered: the reserved credits are spent (in the cycle of the account that holds them now). */
  charge(account: CreditAccount, credits: number): void {
    const current = holder(account);
    current.reserved -= credits;
    current.pending += credits;
  }

  /** The node never answered: nothing is spent. */
  release(account: CreditAccount, credits: number): void {
    holder(account).reserved -= credits;
  }

  hasPending(): boolean {
    for (const account of this.accounts.values()) if (account.pending > 0) return true;
    for (const account of this.keyAccounts.values()) if (account.pending > 0) return true;
    return false;
  }

  /** Moves every pending charge into a batch (one delta per user, and per key and period) for writeUsageBatch. */
  beginBatch(nowMs: number): LedgerBatch {
    this.writing = true;
    this.writeGeneration += 1;
    const deltas: CreditDelta[] = [];
    const accounts = new Map<number, CreditAccount>();
    for (const [account, credits] of this.takePending(this.accounts, nowMs)) {
      deltas.push({ userId: account.userId, anchor: account.anchor, cycleStart: account.cycle.start, credits });
      accounts.set(account.userId, account);
    }
    const keyDeltas: KeyCreditDelta[] = [];
    const keyAccounts = new Map<string, CreditAccount>();
    for (const [account, credits] of this.takePending(this.keyAccounts, nowMs)) {
      if (account.key === null) continue;
      const { keyId, period } = account.key;
      keyDeltas.push({ keyId, period, periodStart: account.cycle.start, credits });
      keyAccounts.set(keyAccountId(keyId, period), account);
    }
    return { deltas, accounts, keyDeltas, keyAccounts };
  }

  /** The accounts with pending credits and how many, each moved to inflight (a batch takes them). */
  private takePending(accounts: ReadonlyMap<unknown, CreditAccount>, nowMs: number): Array<[CreditAccount, number]> {
    const taken: Array<[CreditAccount, number]> = [];
    for (const account of accounts.values()) {
      // Unlimited plans never ask used(): their cycle turns here.
      rollIfEnded(account, nowMs);
      if (account.pending === 0) continue;
      taken.push([account, account.pending]);
      account.inflight += account.pending;
      account.pending = 0;
    }
    return taken;
  }

  /**
   * The batch is written: each account takes the stored figure the database returned. A user the
   * write skipped changed anchor or cycle elsewhere (plan change), and so did a key's owner when the
   * write skipped the key (or the key is gone): returned so their cached keys reload.
   */
  endBatch(batch: LedgerBatch, stored: StoredBatch, nowMs: number): number[] {
    const byUser = new Map(stored.users.map((row) => [row.userId, row]));
    const stale = new Set<number>();
    for (const delta of batch.deltas) {
      const account = batch.accounts.get(delta.userId);
      if (account === undefined || !isCurrent(this.accounts, delta.userId, account, delta.cycleStart)) continue;
      account.inflight -= delta.credits;
      const row = byUser.get(delta.userId);
      if (row === undefined) {
        this.accounts.delete(delta.userId);
        stale.add(delta.userId);
      } else {
        account.stored = creditsInCycle(row, account.cycle);
      }
    }
    const byKey = new Map(stored.keys.map((row) => [keyAccountId(row.keyId, row.period), row]));
    for (const delta of batch.keyDeltas) {
      const id = keyAccountId(delta.keyId, delta.period);
      const account = batch.keyAccounts.get(id);
      if (account === undefined || !isCurrent(this.keyAccounts, id, account, delta.periodStart)) continue;
      account.inflight -= delta.credits;
      const row = byKey.get(id);
      if (row === undefined) {
        this.keyAccounts.delete(id);
        stale.add(account.userId);
      } else if (row.periodStart.getTime() === account.cycle.start.getTime()) {
        account.stored = row.creditsUsed;
      }
    }
    this.finishBatch(nowMs);
    return [...stale];
  }

  /** The write failed: its charges are pending again, for the next batch. */
  failBatch(batch: LedgerBatch, nowMs: number): void {
    const putBack = <Id>(
      accounts: ReadonlyMap<Id, CreditAccount>,
      id: Id,
      account: CreditAccount | undefined,
      start: Date,
      credits: number,
    ) => {
      if (account === undefined || !isCurrent(accounts, id, account, start)) return;
      account.inflight -= credits;
      account.pending += credits;
    };
    for (const delta of batch.deltas)
      putBack(this.accounts, delta.userId, batch.accounts.get(delta.userId), delta.cycleStart, delta.credits);
    for (const delta of batch.keyDeltas) {
      const id = keyAccountId(delta.keyId, delta.period);
      putBack(this.keyAccounts, id, batch.keyAccounts.get(id), delta.periodStart, delta.credits);
    }
    this.finishBatch(nowMs);
  }

  private finishBatch(nowMs: number): void {
    this.writing = false;
    this.writeGeneration += 1;
    dropIdle(this.accounts, nowMs);
    dropIdle(this.keyAccounts, nowMs);
  }
}
