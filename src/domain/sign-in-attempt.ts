/** How long a sign-in this browser started may take to come back (the server's OIDC cookies last as long). */
export const SIGN_IN_ATTEMPT_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * Whether a sign-in started at `startedAt` (ms since the epoch; null: none started here) may still
 * be finished at `now`. A start in the future (a clock set back) counts as none.
 */
export function isFreshSignInAttempt(startedAt: number | null, now: number): boolean {
  if (startedAt === null || !Number.isFinite(startedAt) || !Number.isFinite(now)) return false;
  const age = now - startedAt;
  return age >= 0 && age <= SIGN_IN_ATTEMPT_MAX_AGE_MS;
}
