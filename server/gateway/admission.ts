import type { AdmissionStore, Taken } from '@server/gateway/admission-store';
import type { KeyCapPeriod } from '@/domain/key-rules';
import type { CreditAccount, KeySpend } from '@server/metering/credit-account';
import type { CreditLedger } from '@server/metering/credit-ledger';

/** What admission needs to know of a key: whose it is and the plan's rate. */
export interface AdmittedKey {
  readonly userId: number;
  /** Requests per second of the plan; null = unlimited (no bucket). */
  readonly rate: number | null;
}

/**
 * The quota and rate decision for one call, in that order (a call over quota is refused as such
 * even when the bucket is empty too). An admitted call holds its credits until `settle`.
 */
export type Admit<Ticket> =
  | {
      readonly kind: 'admitted';
      readonly ticket: Ticket /** Tokens left; null when the plan has no rate. */;
      readonly remaining: number | null;
    }
  | { readonly kind: 'quota'; readonly used: number; readonly limit: number; readonly cycleEnd: Date }
  /** The key's own spend cap for a period (its rules): refused until the period ends. */
  | { readonly kind: 'keyCap'; readonly period: KeyCapPeriod; readonly used: number; readonly limit: number; readonly periodEnd: Date }
  /** retryAfterMs: until the call would be admitted (a whole token back in the bucket). */
  | { readonly kind: 'rate'; readonly retryAfterMs: number }
  /** The key was deleted after it was cached (only where keys are cached away from the database). */
  | { readonly kind: 'unknownKey' };

/**
 * Where the gateway takes tokens and credits: here in memory (LocalAdmission), or leased from the
 * main process by an HTTP worker (server/cluster/leased-admission.ts). Synchronous when it can be.
 */
export interface Admission<Key extends AdmittedKey, Ticket> {
  /** `calls` 0: credits that are no call (a subscription's notification), checked against the quota only. */
  admit(key: Key, credits: number, calls: number, nowMs: number): Admit<Ticket> | Promise<Admit<Ticket>>;
  /** The node answered 2xx (the credits are spent) or did not (they are given back). */
  settle(ticket: Ticket, answered: boolean): void;
  /** Tokens left without taking any (X-RateLimit-Remaining of a call refused before the bucket). */
  remaining(key: Key, nowMs: number): number;
  /**
   * Asked before admit(): whether a read-only call of this key that has to wait for its admission
   * (an HTTP worker's lease) may go to the node meanwhile, its answer dropped if it is refused.
   * Absent: never (one process decides at once).
   */
  mayForwardEarly?(key: Key, nowMs: number): boolean;
}

/** A key as this process loaded it: with its owner's credit account, and its own spend (its caps). */
export interface LocalKey extends AdmittedKey {
  readonly credits: CreditAccount;
  readonly spend: KeySpend;
}

export interface LocalTicket {
  /** Every account the credits were reserved on: the user's, then the key's. */
  readonly accounts: readonly CreditAccount[];
  readonly credits: number;
}

/**
 * Admission where the call is served: one process deciding from its AdmissionStore (its own memory,
 * or the buckets and credits every replica shares in Redis). Exact by construction in one process.
 */
export class LocalAdmission implements Admission<LocalKey, LocalTicket> {
  constructor(
    private readonly store: AdmissionStore,
    private readonly ledger: CreditLedger,
  ) {}

  admit(key: LocalKey, credits: number, calls: number, nowMs: number): Admit<LocalTicket> | Promise<Admit<LocalTicket>> {
    // The ledger's account when it has a newer one (another key of the user loaded a plan change).
    const account = this.ledger.account(key.userId) ?? key.credits;
    // No call (a subscription's notification): the quota only, no token of the bucket.
    const rate = calls === 0 ? null : key.rate;
    const spend = [key.spend.day, key.spend.cycle];
    const request = { userId: key.userId, rate, account, spend, tokens: calls, spareTokens: 0, credits, spareCredits: 0 };
    const taken = this.store.take(request, nowMs);
    const accounts = [account, ...spend] as const;
    return taken instanceof Promise ? taken.then((answer) => admitted(answer, accounts)) : admitted(taken, accounts);
  }

  settle(ticket: LocalTicket, answered: boolean): void {
    for (const account of ticket.accounts) {
      if (answered) this.store.charge(account, ticket.credits);
      else this.store.release(account, ticket.credits);
    }
  }

  remaining(key: LocalKey, nowMs: number): number {
    return key.rate === null ? 0 : this.store.remaining(key.userId, key.rate, nowMs);
  }

  mayForwardEarly(key: LocalKey, nowMs: number): boolean {
    return this.store.mayForwardEarly?.(key.userId, nowMs) === true;
  }
}

/** The refusal of a key's cap, from the account that refused (its period ends its refusal). */
export function keyCapRefusal(taken: {
  readonly account: CreditAccount;
  readonly used: number;
  readonly limit: number;
}): Extract<Admit<never>, { kind: 'keyCap' }> {
  const { account, used, limit } = taken;
  return { kind: 'keyCap', period: account.key?.period ?? 'cycle', used, limit, periodEnd: account.cycle.end };
}

function admitted(taken: Taken, accounts: readonly [CreditAccount, ...CreditAccount[]]): Admit<LocalTicket> {
  switch (taken.kind) {
    case 'granted':
      return { kind: 'admitted', ticket: { accounts, credits: taken.credits }, remaining: taken.remaining };
    case 'quota':
      return { kind: 'quota', used: taken.used, limit: taken.limit, cycleEnd: accounts[0].cycle.end };
    case 'keyCap':
      return keyCapRefusal(taken);
    case 'rate':
      return { kind: 'rate', retryAfterMs: taken.retryAfterMs };
  }
}
