/**
 * The gateway's admission rule on plain numbers: the monthly credit quota first, then the plan's
 * token bucket. One process (server/gateway/admission.ts) and the main process leasing to HTTP
 * workers (server/cluster/lease-authority.ts) both decide with these functions, so WORKERS never
 * changes what a client may send.
 */

/** Whether a call costing `credits` would pass the quota; `limit` null = an unlimited plan. */
export function overQuota(used: number, limit: number | null, credits: number): boolean {
  return limit !== null && used + credits > limit;
}

export type TokenTake =
  /** `tokens`: what the bucket holds after the call; below 0 when a batch took more than was left. */
  | { readonly allowed: true; readonly tokens: number }
  /** `retryAfterMs`: until one whole token is back, when a call (or batch) is admitted again. */
  | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * A call of `calls` entries (1, or a batch's length) against a bucket holding `tokens` at `rate`
 * tokens a second. Admitted when one whole token is left, and it takes a token per entry, so a batch
 * larger than what is left puts the bucket in debt: the client's next calls wait until the debt is
 * paid back at the rate. Why not all or nothing: a batch larger than the rate would then never
 * fit (ethers sends every Promise.all of up to 100 calls as one batch, and retried such a refusal
 * for minutes), while the average rate is the same either way. A batch is at most 1000 entries
 * (server/gateway/json-rpc.ts), so the debt, and the wait after it, stay bounded.
 */
export function takeTokens(tokens: number, rate: number, calls: number): TokenTake {
  if (tokens >= 1) return { allowed: true, tokens: tokens - calls };
  return { allowed: false, retryAfterMs: msUntilToken(tokens, rate) };
}

/** Ms until the bucket holds one whole token again (0 when it does). */
export function msUntilToken(tokens: number, rate: number): number {
  return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * 1000) / rate);
}

/** Whole tokens a client may still send (X-RateLimit-Remaining): never below 0, even in debt. */
export function remainingTokens(tokens: number): number {
  return Math.max(0, Math.floor(tokens));
}

/**
 * The Retry-After value of a rate refusal: whole seconds, rounded up (at least 1), written with a
 * leading zero. RFC 9110's delay-seconds is 1*DIGIT, so "01" is 1 second to every parser that
 * reads it as a number (viem, fetch-based clients, curl's --retry); ethers 6 reads a value matching
 * /^[1-9][0-9]*$/ as milliseconds and then retries 12 times within a few ms, but skips one with a
 * leading zero and backs off exponentially instead, which is what a rate refusal needs.
 */
export function retryAfterValue(ms: number): string {
  return `0${Math.max(1, Math.ceil(ms / 1000))}`;
}
