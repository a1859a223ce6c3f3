import { overQuota } from '@/domain/admission-rule';
import type { RateLimiter } from '@server/gateway/rate-limiter';
import type { CreditAccount } from '@server/metering/credit-account';
import type { CreditLedger } from '@server/metering/credit-ledger';

/**
 * What one admission asks for: a call's tokens and credits (all or nothing) and, for an HTTP worker's
 * lease, a spare of each for its next calls when there is room.
 */
export interface TakeRequest {
  readonly userId: number;
  /** Requests per second of the plan; null = no bucket. */
  readonly rate: number | null;
  /** The user's credit account as this process holds it (limit null = unlimited). */
  readonly account: CreditAccount;
  /**
   * The key's spend accounts (its day's and its cycle's): each with a limit is a cap, checked after
   * the quota; every one of them reserves the credits, as the user's account does.
   */
  readonly spend: readonly CreditAccount[];
  readonly tokens: number;
  readonly spareTokens: number;
  readonly credits: number;
  readonly spareCredits: number;
}

export type Taken =
  /** `remaining`: whole tokens left in the bucket; null without a rate. */
  | { readonly kind: 'granted'; readonly tokens: number; readonly credits: number; readonly remaining: number | null }
  | { readonly kind: 'quota'; readonly used: number; readonly limit: number }
  /** The key's own cap for the period: it refuses until the period ends (the cap's account tells when). */
  | { readonly kind: 'keyCap'; readonly account: CreditAccount; readonly used: number; readonly limit: number }
  /** Until one whole token is back in the bucket: every call fits again then (a batch may take it into debt). */
  | { readonly kind: 'rate'; readonly retryAfterMs: number };

/**
 * Where the gateway's rate buckets and credit reservations live: in this process (MemoryAdmissionStore)
 * or shared by every replica in Redis (server/shared/redis-admission-store.ts). Both decide with the
 * rule of src/domain/admission-rule.ts: the quota first, then the rate.
 */
export interface AdmissionStore {
  take(request: TakeRequest, nowMs: number): Taken | Promise<Taken>;
  /** Credits reserved by take() are spent (the node answered). */
  charge(account: CreditAccount, credits: number): void;
  /** Credits reserved by take() were not spent (the node did not answer, or a lease went unused). */
  release(account: CreditAccount, credits: number): void;
  /** Credits spent that no take() reserved (a plan change a worker had not seen yet). */
  chargeUnreserved(account: CreditAccount, credits: number, nowMs: number): void;
  /** Tokens a lease did not use come back (never above the bucket's capacity). */
  giveBackTokens(userId: number, rate: number, tokens: number, nowMs: number): void;
  /** Whole tokens left without taking any (X-RateLimit-Remaining of a call refused before the bucket). */
  remaining(userId: number, rate: number, nowMs: number): number;
  /**
   * Where take() waits (a round trip): whether a read-only call of the user may go to the node
   * meanwhile, its answer dropped if it is refused. Absent: take() decides at once.
   */
  mayForwardEarly?(userId: number, nowMs: number): boolean;
}

/**
 * A spare lease of credits is at most this share of what is left: within 64 calls of the quota,
 * leases are one call's worth, so the last calls are admitted exactly.
 */
export const spareShare = 64;

/** Spare credits granted beside a call's own: whole calls only, and none near the quota. */
function spareCreditsWithin(limit: number, used: number, credits: number, spareCredits: number): number {
  if (credits <= 0) return 0;
  // Whole calls only: a spare smaller than a call would sit unused while the quota refuses.
  const room = Math.min(spareCredits, Math.floor((limit - used - credits) / spareShare));
  return Math.max(0, Math.floor(room / credits) * credits);
}

/** This process's buckets and ledger: exact for one process (and for the HTTP workers leasing from it). */
export class MemoryAdmissionStore implements AdmissionStore {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly ledger: CreditLedger,
  ) {}

  take(request: TakeRequest, nowMs: number): Taken {
    const { ledger, limiter } = this;
    const accounts = [request.account, ...request.spend];
    // The quota first, then the key's caps; unlimited accounts reserve too: what they spend is written all the same.
    let spare: number | null = null;
    for (const account of accounts) {
      if (account.limit === null) continue;
      const used = ledger.used(account, nowMs);
      if (overQuota(used, account.limit, request.credits)) {
        return account.key === null
          ? { kind: 'quota', used, limit: account.limit }
          : { kind: 'keyCap', account, used, limit: account.limit };
      }
      spare = spareCreditsWithin(account.limit, used, request.credits, spare ?? request.spareCredits);
    }
    const credits = request.credits + (spare ?? 0);
    let tokens = 0;
    let remaining: number | null = null;
    if (request.rate !== null) {
      const taken = limiter.takeUpTo(request.userId, request.rate, request.tokens, request.spareTokens, nowMs);
      if (!taken.allowed) return { kind: 'rate', retryAfterMs: taken.retryAfterMs };
      tokens = taken.taken;
      remaining = taken.remaining;
    }
    if (credits > 0) for (const account of accounts) ledger.reserve(account, credits, nowMs);
    return { kind: 'granted', tokens, credits, remaining };
  }

  charge(account: CreditAccount, credits: number): void {
    this.ledger.charge(account, credits);
  }

  release(account: CreditAccount, credits: number): void {
    this.ledger.release(account, credits);
  }

  chargeUnreserved(account: CreditAccount, credits: number, nowMs: number): void {
    this.ledger.reserve(account, credits, nowMs);
    this.ledger.charge(account, credits);
  }

  giveBackTokens(userId: number, rate: number, tokens: number, nowMs: number): void {
    this.limiter.giveBack(userId, rate, tokens, nowMs);
  }

  remaining(userId: number, rate: number, nowMs: number): number {
    return this.limiter.remaining(userId, rate, nowMs);
  }
}
