/*
 * The auth actor clears the server-data cache at logout, but it lives in the entry chunk while the
 * cache (TanStack Query) loads with the guarded area only (/login's JavaScript budget: ≤ 160 KB gzip). So the
 * cache registers how to clear it when it is created, and before that there is nothing to clear.
 */
let clearRegisteredCache: (() => void) | undefined;

/** Called once by the cache's module (query-client.ts). */
export function registerServerCache(clear: () => void): void {
  clearRegisteredCache = clear;
}

/** Forgets every cached server answer, if the cache exists yet. */
export function clearServerCache(): void {
  clearRegisteredCache?.();
}
