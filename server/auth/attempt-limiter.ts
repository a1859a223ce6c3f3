/**
 * The rule of every sign-in limit, whoever keeps the counts (this process's memory, or Redis for
 * replicas: server/auth/redis-attempts.ts): with `times` the attempts of a key (epoch ms, any order),
 * the milliseconds until it may try again, or 0 when it may try now. Attempts older than the window
 * no longer count; with `limit` of them inside it, the wait ends when the oldest of the newest
 * `limit` leaves the window.
 */
export function retryAfterMsOf(times: readonly number[], limit: number, windowMs: number, nowMs: number): number {
  const recent = times.filter((at) => at > nowMs - windowMs).sort((a, b) => a - b);
  if (recent.length < limit) return 0;
  const oldestCounted = recent[recent.length - limit] ?? nowMs;
  return Math.max(1, oldestCounted + windowMs - nowMs);
}

/**
 * Counts attempts per key (an e-mail, an address, a pair of both) over a sliding window, in memory.
 * In memory on purpose: the reference server is one process (the API stays in the main process
 * with WORKERS > 1), counts reset at restart (harmless for a 15-minute window), and a check costs
 * no database round trip. Replicas share their counts through Redis when REDIS_URL is set
 * (server/auth/redis-attempts.ts), which falls back to this one while Redis is away.
 *
 * Memory is bounded whatever the keys: the map is kept in order of each key's latest attempt, so
 * expired keys are dropped from its front as new attempts arrive (amortised O(1)), and past
 * `maxKeys` the least recently tried keys are evicted first. A key under attack is tried all the
 * time, so it stays at the back and keeps its count.
 */
export class AttemptLimiter {
  /** Attempt times (epoch ms, oldest first, at most `limit` of them) per key. */
  private readonly attempts = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxKeys = 100_000,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string, now: Date): number {
    return retryAfterMsOf(this.attempts.get(key) ?? [], this.limit, this.windowMs, now.getTime());
  }

  /** Counts one attempt at `now`. */
  record(key: string, now: Date): void {
    const nowMs = now.getTime();
    const kept = (this.attempts.get(key) ?? []).filter((at) => at > nowMs - this.windowMs);
    kept.push(nowMs);
    // Only the newest `limit` attempts decide a wait.
    if (kept.length > this.limit) kept.splice(0, kept.length - this.limit);
    this.attempts.delete(key); // re-inserted at the back: the map stays in order of latest attempt
    this.attempts.set(key, kept);
    this.dropStale(nowMs);
  }

  /** Takes back one attempt counted at `at` (a reservation that turned out not to be a guess). */
  forget(key: string, at: Date): void {
    const times = this.attempts.get(key);
    if (times === undefined) return;
    const index = times.lastIndexOf(at.getTime());
    if (index >= 0) times.splice(index, 1);
    if (times.length === 0) this.attempts.delete(key);
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  /** How many keys are held (tests check the cap). */
  get size(): number {
    return this.attempts.size;
  }

  private dropStale(nowMs: number): void {
    for (const [key, times] of this.attempts) {
      const latest = times[times.length - 1];
      const expired = latest === undefined || latest <= nowMs - this.windowMs;
      if (!expired && this.attempts.size <= this.maxKeys) return;
      this.attempts.delete(key);
    }
  }
}
