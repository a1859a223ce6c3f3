import { creditsInCycle, cycleAt, type Cycle } from '@server/metering/cycle';
import type { CreditDelta, StoredCredits } from '@server/repos/usage';

/** A user's credits in the current cycle, as this process knows them (no database read per call). */
export interface CreditAccount {
  readonly userId: number;
  readonly anchor: Date;
  cycle: Cycle;
  /** The plan's credits a month; null = unlimited. */
  limit: number | null;
  /** users.credits_used for this cycle, as last read or written. */
  stored: number;
  /** Credits in the batch being written now. */
  inflight: number;
  /** Credits charged since, not yet written. */
  pending: number;
  /** Credits of admitted calls still waiting for their node: they count, but are only charged once answered. */
  reserved: number;
  /** Epoch ms of the last call (idle accounts are dropped). */
  lastUsed: number;
  /**
   * The account a reload (plan change, new cycle) replaced this one with: it took over the
   * reservations, so tickets and leases taken on this one settle there.
   */
  successor: CreditAccount | null;
}

/** What one batch took from the accounts, to settle when the write ends. */
export interface LedgerBatch {
  readonly deltas: readonly CreditDelta[];
  readonly accounts: ReadonlyMap<number, CreditAccount>;
}

const idleMs = 10 * 60_000;

/** The account that holds `account`'s reservations now: itself, or what reloads replaced it with. */
function holder(account: CreditAccount): CreditAccount {
  let current = account;
  while (current.successor !== null) current = current.successor;
  return current;
}

/**
 * The quota's view of credits: stored + being written + pending + reserved. The stored part is
 * refreshed by every batch write (RETURNING) and by key loads, except when a load may have read
 * the database while a batch was being written (then the batch's own answer is the fresher one).
 */
export class CreditLedger {
  private readonly accounts = new Map<number, CreditAccount>();
  private writing = false;
  /** Moves at every batch start and end: a key load compares it before and after its read. */
  private writeGeneration = 0;

  get generation(): number {
    return this.writeGeneration;
  }

  account(userId: number): CreditAccount | undefined {
    return this.accounts.get(userId);
  }

  /** Takes a database read (key load) into account; `readGeneration` is `generation` before the read. */
  sync(stored: StoredCredits, now: Date, readGeneration: number): CreditAccount {
    const cycle = cycleAt(stored.anchor, now);
    const used = creditsInCycle(stored, cycle);
    const existing = this.accounts.get(stored.userId);
    if (
      existing !== undefined &&
      existing.anchor.getTime() === stored.anchor.getTime() &&
      existing.cycle.start.getTime() === cycle.start.getTime()
    ) {
      existing.limit = stored.creditLimit;
      if (!this.writing && readGeneration === this.writeGeneration) existing.stored = used;
      return existing;
    }
    // A new account, or a new anchor (a plan change started a new cycle): what the old one had
    // pending belonged to the old cycle, and is not carried over. Calls still waiting for their
    // node keep counting, now against the new account, and settle there (see holder()).
    const account: CreditAccount = {
      userId: stored.userId,
      anchor: stored.anchor,
      cycle,
      limit: stored.creditLimit,
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
    this.accounts.set(stored.userId, account);
    return account;
  }

  /** Credits used in the current cycle, starting a new cycle (from 0) once `now` has passed its end. */
  used(account: CreditAccount, nowMs: number): number {
    const current = holder(account);
    this.rollIfEnded(current, nowMs);
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
    return false;
  }

  /** Moves every pending charge into a batch (one delta per user) for writeUsageBatch. */
  beginBatch(nowMs: number): LedgerBatch {
    this.writing = true;
    this.writeGeneration += 1;
    const deltas: CreditDelta[] = [];
    const accounts = new Map<number, CreditAccount>();
    for (const account of this.accounts.values()) {
      // Unlimited plans never ask used(): their cycle turns here.
      this.rollIfEnded(account, nowMs);
      if (account.pending === 0) continue;
      deltas.push({ userId: account.userId, anchor: account.anchor, cycleStart: account.cycle.start, credits: account.pending });
      accounts.set(account.userId, account);
      account.inflight += account.pending;
      account.pending = 0;
    }
    return { deltas, accounts };
  }

  /**
   * The batch is written: each account takes the stored figure the database returned. A user the
   * write skipped changed anchor or cycle elsewhere (plan change): returned so its cached keys reload.
   */
  endBatch(batch: LedgerBatch, stored: readonly StoredCredits[], nowMs: number): number[] {
    const byUser = new Map(stored.map((row) => [row.userId, row]));
    const stale: number[] = [];
    for (const delta of batch.deltas) {
      const account = batch.accounts.get(delta.userId);
      if (account === undefined || !this.isCurrent(account, delta)) continue;
      account.inflight -= delta.credits;
      const row = byUser.get(delta.userId);
      if (row === undefined) {
        this.accounts.delete(delta.userId);
        stale.push(delta.userId);
      } else {
        account.stored = creditsInCycle(row, account.cycle);
      }
    }
    this.finishBatch(nowMs);
    return stale;
  }

  /** The write failed: its charges are pending again, for the next batch. */
  failBatch(batch: LedgerBatch, nowMs: number): void {
    for (const delta of batch.deltas) {
      const account = batch.accounts.get(delta.userId);
      if (account === undefined || !this.isCurrent(account, delta)) continue;
      account.inflight -= delta.credits;
      account.pending += delta.credits;
    }
    this.finishBatch(nowMs);
  }

  /**
   * Once the cycle has ended a new one starts from 0. What was pending belonged to the cycle that
   * ended: it stays in the metered minutes, but no longer counts against the quota.
   */
  private rollIfEnded(account: CreditAccount, nowMs: number): void {
    if (nowMs < account.cycle.end.getTime()) return;
    account.cycle = cycleAt(account.anchor, new Date(nowMs));
    account.stored = 0;
    account.inflight = 0;
    account.pending = 0;
  }

  private isCurrent(account: CreditAccount, delta: CreditDelta): boolean {
    return this.accounts.get(account.userId) === account && account.cycle.start.getTime() === delta.cycleStart.getTime();
  }

  private finishBatch(nowMs: number): void {
    this.writing = false;
    this.writeGeneration += 1;
    for (const [userId, account] of this.accounts) {
      const idle = account.pending === 0 && account.inflight === 0 && account.reserved === 0 && nowMs - account.lastUsed > idleMs;
      if (idle) this.accounts.delete(userId);
    }
  }
}
