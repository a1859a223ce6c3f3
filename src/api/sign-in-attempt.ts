/**
 * The redirect sign-in (Google) this browser tab started, kept in sessionStorage: only this tab
 * and this origin's scripts see it, so a link from elsewhere cannot bring one along. It holds the
 * start time; /auth/callback reads it once and forgets it. This is the only place that touches it.
 */
const KEY = 'signInStartedAt';

/** The Google button was pressed: remember when. */
export function recordSignInAttempt(now = Date.now()): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, String(now));
  } catch {
    // Storage blocked: the cookie exchange still finishes the sign-in; only a token in the query is refused.
  }
}

/** When this tab started a sign-in, or null (none, or unreadable). */
export function readSignInAttempt(): number | null {
  try {
    const stored = globalThis.sessionStorage?.getItem(KEY);
    if (stored == null || !/^\d{1,16}$/.test(stored)) return null;
    return Number(stored);
  } catch {
    return null;
  }
}

/** Single use: the callback forgets the attempt whatever it found in the query. */
export function forgetSignInAttempt(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
