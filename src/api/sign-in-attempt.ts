import { paths } from '@/domain/paths';
import { safeReturnPath } from '@/domain/return-path';

/**
 * The redirect sign-in (Google) this browser tab started, kept in sessionStorage: only this tab
 * and this origin's scripts see it, so a link from elsewhere cannot bring one along. It holds the
 * start time and the page to come back to (an invite's, from ?from= of /login or /signup);
 * /auth/callback reads them once and forgets them. This is the only place that touches them.
 */
const KEY = 'signInStartedAt';
const RETURN_KEY = 'signInReturnPath';

/** The Google button was pressed: remember when, and where to go once signed in. */
export function recordSignInAttempt(now = Date.now(), returnPath: string = paths.home): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, String(now));
    globalThis.sessionStorage?.setItem(RETURN_KEY, returnPath);
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

/** Where the sign-in started here goes once done: a path of this app (checked again), else the dashboard. */
export function readSignInReturnPath(): string {
  try {
    return safeReturnPath(globalThis.sessionStorage?.getItem(RETURN_KEY), [paths.login]) ?? paths.home;
  } catch {
    return paths.home;
  }
}

/** Single use: the callback forgets the attempt whatever it found in the query. */
export function forgetSignInAttempt(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
    globalThis.sessionStorage?.removeItem(RETURN_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
