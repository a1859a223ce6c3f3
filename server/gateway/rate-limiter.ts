/**
 * Token buckets at the plan's requests per second, one per user (the plan is the user's: more keys
 * do not mean more rate). Capacity = the rate (a full second of burst), refilled continuously at
 * the rate; a new bucket starts full. A JSON-RPC batch takes one token per entry, all or nothing.
 */

interface Bucket {
  rate: number;
  tokens: number;
  /** Epoch ms of the last refill. */
  last: number;
}

export interface TakeResult {
  readonly allowed: boolean;
  /** Whole tokens left after this call (the X-RateLimit-Remaining header). */
  readonly remaining: number;
  /** When refused: ms until enough tokens are back (Retry-After); Infinity if never (a batch above the rate). */
  readonly retryAfterMs: number;
}

/** Buckets idle long enough to be full again are dropped by sweep(): they would start full anyway. */
export class RateLimiter {
  private readonly buckets = new Map<number, Bucket>();

  take(userId: number, rate: number, cost: number, nowMs: number): TakeResult {
    const bucket = this.refilled(userId, rate, nowMs);
    if (cost <= bucket.tokens) {
      bucket.tokens -= cost;
      return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfterMs: 0 };
    }
    const retryAfterMs = cost > rate ? Number.POSITIVE_INFINITY : Math.ceil(((cost - bucket.tokens) * 1000) / rate);
    return { allowed: false, remaining: Math.floor(bucket.tokens), retryAfterMs };
  }

  /**
   * Takes `cost` tokens and, when there are more, up to `extra` more (a lease for an HTTP worker:
   * server/cluster). All or nothing for `cost`; `taken` is cost + whatever extra was there.
   */
  takeUpTo(userId: number, rate: number, cost: number, extra: number, nowMs: number): TakeResult & { readonly taken: number } {
    const first = this.take(userId, rate, cost, nowMs);
    if (!first.allowed || extra <= 0) return { ...first, taken: first.allowed ? cost : 0 };
    const bucket = this.refilled(userId, rate, nowMs);
    const more = Math.min(extra, Math.floor(bucket.tokens));
    bucket.tokens -= more;
    return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfterMs: 0, taken: cost + more };
  }

  /** Ms until `cost` tokens are there (0 when they are; Infinity when they never fit: cost above the rate). */
  waitMs(userId: number, rate: number, cost: number, nowMs: number): number {
    if (cost > rate) return Number.POSITIVE_INFINITY;
    const { tokens } = this.refilled(userId, rate, nowMs);
    return tokens >= cost ? 0 : Math.ceil(((cost - tokens) * 1000) / rate);
  }

  /** Tokens a lease did not use come back (never above the capacity). */
  giveBack(userId: number, rate: number, tokens: number, nowMs: number): void {
    const bucket = this.refilled(userId, rate, nowMs);
    bucket.tokens = Math.min(rate, bucket.tokens + tokens);
  }

  /** Tokens left without taking any (headers of answers refused before the bucket). */
  remaining(userId: number, rate: number, nowMs: number): number {
    return Math.floor(this.refilled(userId, rate, nowMs).tokens);
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
