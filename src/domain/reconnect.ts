/**
 * When a dropped subscription connects again: exponential back-off, so a gateway that restarts is
 * not hammered by every open playground at once, capped, and given up after a few tries.
 */

/** The wait before the first reconnection. */
export const RECONNECT_BASE_DELAY_MS = 1_000;
/** Each wait is this many times the one before. */
export const RECONNECT_FACTOR = 2;
/** No wait is longer. */
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** Tries after a drop before the playground gives up and says why. */
export const RECONNECT_ATTEMPTS = 5;

/** The wait before try number `attempt` (1 for the first): 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s. */
export function reconnectDelay(attempt: number): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  return Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_BASE_DELAY_MS * RECONNECT_FACTOR ** exponent);
}

/** Said when the tries ran out, followed by why the last one failed. */
export function gaveUpMessage(attempts: number, why: string): string {
  return `Stopped after ${attempts} ${attempts === 1 ? 'try' : 'tries'} to connect again. ${why}`;
}
