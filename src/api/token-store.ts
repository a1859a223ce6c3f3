/** The session token lives in localStorage (SPEC.md §4 "Auth"); this is the only place that touches it. */
const KEY = 'token';

export function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): behave as logged out
  }
}

export function writeToken(token: string): void {
  globalThis.localStorage?.setItem(KEY, token);
}

export function clearToken(): void {
  globalThis.localStorage?.removeItem(KEY);
}

/**
 * Calls back with the stored token whenever another tab stores or clears it (browsers fire
 * `storage` only in the other tabs, never for this tab's own writes). Returns the unsubscribe.
 */
export function watchToken(onChange: (token: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (event: StorageEvent) => {
    // A null key is `localStorage.clear()` in the other tab.
    if (event.key === KEY || event.key === null) onChange(readToken());
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
