import type { AttemptLimiter } from '@server/auth/attempt-limiter';

/** One counted attempt under several limiters; `release` takes it back from all of them. */
export interface Reservation {
  release(): void;
}

export type ReserveOutcome =
  | { readonly ok: true; readonly reservation: Reservation }
  | { readonly ok: false; readonly retryAfterMs: number };

/**
 * Counts one attempt under every (limiter, key) when each has room, or none when one is full.
 * Synchronous on purpose: checking and counting in the same tick leaves no gap for parallel
 * requests to pass the check before any of them is counted.
 */
export function reserveAttempt(slots: readonly (readonly [AttemptLimiter, string])[], now: Date): ReserveOutcome {
  const retryAfterMs = Math.max(0, ...slots.map(([limiter, key]) => limiter.retryAfterMs(key, now)));
  if (retryAfterMs > 0) return { ok: false, retryAfterMs };
  return countedHere(slots, now);
}

/**
 * Counts the attempt in this process's limiters and gives the reservation that takes it back from
 * them (and, with `alsoRelease`, from wherever else it was counted: Redis), once.
 */
export function countedHere(
  slots: readonly (readonly [AttemptLimiter, string])[],
  now: Date,
  alsoRelease: () => void = () => {},
): ReserveOutcome {
  for (const [limiter, key] of slots) limiter.record(key, now);
  let released = false;
  return {
    ok: true,
    reservation: {
      release: () => {
        if (released) return;
        released = true;
        for (const [limiter, key] of slots) limiter.forget(key, now);
        alsoRelease();
      },
    },
  };
}
