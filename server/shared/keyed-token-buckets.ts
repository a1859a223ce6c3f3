/** Keys a process remembers by default; past it the longest-remembered is forgotten (it starts full again). */
const defaultMaxKeys = 100_000;

export interface TokenBucketShape {
  /** Tokens refilled per second... */
  readonly perSecond: number;
  /** ...up to this many (the burst after a quiet while). */
  readonly burst: number;
  /** Tokens a key may owe: 0, a take without a token takes nothing; above 0, it takes one on credit up to this debt. */
  readonly debt: number;
}

/**
 * A token bucket per key, in one process's memory: each take refills the key's bucket for the time
 * since its last one, then takes a token. The memory is bounded: at most `maxKeys` buckets, the
 * longest-remembered forgotten first (a forgotten key starts full again, which only ever favours it).
 */
export class KeyedTokenBuckets<K> {
  private readonly buckets = new Map<K, { tokens: number; at: number }>();

  constructor(
    private readonly shape: TokenBucketShape,
    private readonly maxKeys = defaultMaxKeys,
  ) {}

  /**
   * Takes one token of `key`'s bucket. Returns 0 when it had one; otherwise how many tokens short it
   * is after this take (with `debt` 0, nothing is taken and the answer is above 0), never above
   * `debt` once the bucket owes that much (then nothing more is taken).
   */
  take(key: K, nowMs: number): number {
    const { perSecond, burst, debt } = this.shape;
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      if (this.buckets.size >= this.maxKeys) {
        const oldest = this.buckets.keys().next();
        if (oldest.done !== true) this.buckets.delete(oldest.value);
      }
      bucket = { tokens: burst, at: nowMs };
      this.buckets.set(key, bucket);
    } else if (nowMs > bucket.at) {
      bucket.tokens = Math.min(burst, bucket.tokens + ((nowMs - bucket.at) * perSecond) / 1000);
      bucket.at = nowMs;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    if (debt === 0) return 1 - bucket.tokens;
    bucket.tokens = Math.max(-debt, bucket.tokens - 1);
    return -bucket.tokens;
  }
}
