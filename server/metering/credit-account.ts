import type { KeyCapPeriod } from '@/domain/key-rules';
import { cycleAt, dayAt, type Cycle } from '@server/metering/cycle';

// One credit account and the rules of its periods; server/metering/credit-ledger.ts holds them all.

/**
 * Credits in the current period, as this process knows them (no database read per call): a user's
 * in their cycle (the plan's quota), or one key's in its day or its owner's cycle (its spend caps).
 */
export interface CreditAccount {
  readonly userId: number;
  /** Null: the user's account. Else the key whose spend it counts, and over which period. */
  readonly key: { readonly keyId: number; readonly period: KeyCapPeriod } | null;
  /** The owner's cycle anchor (a day account's periods are UTC days whatever it is). */
  readonly anchor: Date;
  /** The current period: the cycle, or the UTC day. */
  cycle: Cycle;
  /** The plan's credits a month, or the key's cap for the period; null = unlimited. */
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

/** A key's two spend accounts: its day's and its cycle's. */
export interface KeySpend {
  readonly day: CreditAccount;
  readonly cycle: CreditAccount;
}

/** A day account's anchor: its periods are UTC days whatever its owner's cycle. */
export const dayAnchor = new Date(0);

export function keyAccountId(keyId: number, period: KeyCapPeriod): string {
  return `${keyId}:${period}`;
}

/** The period of `account` that contains `now`: the UTC day of a key's day account, else the cycle from its anchor. */
export function periodAt(account: Pick<CreditAccount, 'key' | 'anchor'>, now: Date): Cycle {
  return account.key?.period === 'day' ? dayAt(now) : cycleAt(account.anchor, now);
}

const idleMs = 10 * 60_000;

/** Forgets the accounts nothing has used for idleMs and that hold nothing (their next key load reads them again). */
export function dropIdle<Id>(accounts: Map<Id, CreditAccount>, nowMs: number): void {
  for (const [id, account] of accounts) {
    const idle = account.pending === 0 && account.inflight === 0 && account.reserved === 0 && nowMs - account.lastUsed > idleMs;
    if (idle) accounts.delete(id);
  }
}

/** The account that holds `account`'s reservations now: itself, or what reloads replaced it with. */
export function holder(account: CreditAccount): CreditAccount {
  let current = account;
  while (current.successor !== null) current = current.successor;
  return current;
}

/**
 * Once the cycle has ended a new one starts from 0. What was pending belonged to the cycle that
 * ended: it stays in the metered minutes, but no longer counts against the quota.
 */
export function rollIfEnded(account: CreditAccount, nowMs: number): void {
  if (nowMs < account.cycle.end.getTime()) return;
  account.cycle = periodAt(account, new Date(nowMs));
  account.stored = 0;
  account.inflight = 0;
  account.pending = 0;
}

/** Whether `account` is still the one held under `id`, in the period starting at `start` (a batch settles only that one). */
export function isCurrent<Id>(accounts: ReadonlyMap<Id, CreditAccount>, id: Id, account: CreditAccount, start: Date): boolean {
  return accounts.get(id) === account && account.cycle.start.getTime() === start.getTime();
}
