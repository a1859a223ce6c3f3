import { msUntilToken, remainingTokens, takeTokens } from '@/domain/admission-rule';

/**
 * Token buckets at the plan's requests per second, one per user (the plan is the user's: more keys
 * do not mean more rate). Capacity = the rate (a full second of burst), refilled continuously at
 * the rate; a new bucket starts full. A JSON-RPC batch takes one token per entry, admitted when a
 * whole token is left (src/domain/admission-rule.ts): a larger batch puts the bucket in debt.
 */

interface Bucket {
  rate: number;
  /** Below 0 after a batch larger than what was left (a debt paid back at the rate). */
  tokens: number;
  /** Epoch ms of the last refill. */
  last: number;
}

export interface TakeResult {
  readonly allowed: boolean;
  /** Whole tokens left after this call (the X-RateLimit-Remaining header). */
  readonly remaining: number;
  /** When refused: ms until a whole token is back (Retry-After). */
  readonly retryAfterMs: number;
}

/** Buckets idle long enough to be full again are dropped by sweep(): they would start full anyway. */
export class RateLimiter {
  private readonly buckets = new Map<number, Bucket>();

  take(userId: number, rate: number, cost: number, nowMs: number): TakeResult {
    const bucket = this.refilled(userId, rate, nowMs);
    const taken = takeTokens(bucket.tokens, rate, cost);
    if (!taken.allowed) return { allowed: false, remaining: remainingTokens(bucket.tokens), retryAfterMs: taken.retryAfterMs };
    bucket.tokens = taken.tokens;
    return { allowed: true, remaining: remainingTokens(bucket.tokens), retryAfterMs: 0 };
  }

  /**
   * Takes `cost` tokens and, when there are more, up to `extra` more (a lease for an HTTP worker:
   * server/cluster). All or nothing for `cost`; `taken` is cost + whatever extra was there.
   */
  takeUpTo(userId: number, rate: number, cost: number, extra: number, nowMs: number): TakeResult & { readonly taken: number } {
    const first = this.take(userId, rate, cost, nowMs);
    // Written out, not spread: a spread of `first` costs more than the rest of the call (V8's object clone).
    if (!first.allowed || extra <= 0)
      return { allowed: first.allowed, remaining: first.remaining, retryAfterMs: first.retryAfterMs, taken: first.allowed ? cost : 0 };
    const bucket = this.refilled(userId, rate, nowMs);
    // No spare from a bucket the call left in debt.
    const more = Math.max(0, Math.min(extra, Math.floor(bucket.tokens)));
    bucket.tokens -= more;
    return { allowed: true, remaining: remainingTokens(bucket.tokens), retryAfterMs: 0, taken: cost + more };
  }

  /** Ms until a call is admitted again: a whole token back (0 when there is one). */
  waitMs(userId: number, rate: number, nowMs: number): number {
    return msUntilToken(this.refilled(userId, rate, nowMs).tokens, rate);
  }

  /** Tokens a lease did not use come back (never above the capacity). */
  giveBack(userId: number, rate: number, tokens: number, nowMs: number): void {
    const bucket = this.refilled(userId, rate, nowMs);
    bucket.tokens = Math.min(rate, bucket.tokens + tokens);
  }

  /** Tokens left without taking any (headers of answers refused before the bucket). */
  remaining(userId: number, rate: number, nowMs: number): number {
    return remainingTokens(this.refilled(userId, rate, nowMs).tokens);
  }

  sweep(nowMs: number): void {
    for (const [userId, bucket] of this.buckets) {
      if (bucket.tokens + ((nowMs - bucket.last) * bucket.rate) / 1000 >= bucket.rate) this.buckets.delete(userId);
    }
  }

  private refilled(userId: number, rate: number, nowMs: number): Bucket {
    let bucket = this.buckets.get(userId);
    if (bucket === undefined) {
      bucket = { rate, tokens: rate, last: nowMs };
      this.buckets.set(userId, bucket);
      return bucket;
    }
    // A plan change takes effect at once: the capacity follows the new rate.
    bucket.rate = rate;
    if (nowMs > bucket.last) {
      bucket.tokens = Math.min(rate, bucket.tokens + ((nowMs - bucket.last) * rate) / 1000);
      bucket.last = nowMs;
    } else if (bucket.tokens > rate) {
      bucket.tokens = rate;
    }
    return bucket;
  }
}
