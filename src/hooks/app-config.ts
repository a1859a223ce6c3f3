import { useEffect, useSyncExternalStore } from 'react';
import { api, type Schemas } from '@/api/client';

export type AppConfig = Schemas['AppConfig'];

/** What a screen knows of the configuration: not yet (data undefined), the configuration, or that it failed. */
export interface AppConfigState {
  data: AppConfig | undefined;
  isError: boolean;
}

/*
 * The public screens need only this one call, so it is served by a small store of its own rather
 * than by the TanStack Query cache: that library then loads with the guarded area alone, which keeps
 * /login within its JavaScript budget (issue 2: ≤ 160 KB gzip). The configuration does not change
 * while the app runs, so it is fetched once per visit and kept (logout has nothing to clear here).
 */
const notLoaded: AppConfigState = { data: undefined, isError: false };
let current = notLoaded;
let request: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(next: AppConfigState): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One retry after a second, as the server-data cache does for the other calls (query-client.ts). */
const RETRY_DELAY_MS = 1_000;

async function fetchConfig(retries = 1): Promise<AppConfig> {
  const { data } = await api.GET('/config').catch(() => ({ data: undefined }));
  if (data) return data;
  if (retries === 0) throw new Error('GET /api/config failed');
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  return fetchConfig(retries - 1);
}

/** Starts the one request of the visit; after a failure, the next screen that asks tries again. */
function loadAppConfig(): void {
  if (request || current.data) return;
  request = fetchConfig().then(
    (data) => publish({ data, isError: false }),
    () => {
      request = undefined;
      publish({ data: undefined, isError: true });
    },
  );
}

/** Sets the configuration as if GET /config had answered (the DOM tests, which run without a server). */
export function setAppConfig(config: AppConfig | undefined): void {
  request = undefined;
  publish(config ? { data: config, isError: false } : notLoaded);
}

/**
 * The configuration with its loading state. Prerendering and hydration see it not loaded, as an
 * anonymous first visit does (src/prerender.tsx), so the server markup and the first client render match.
 */
export function useAppConfigQuery(): AppConfigState {
  useEffect(loadAppConfig, []);
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => notLoaded,
  );
}

/**
 * The configuration, or undefined until it arrives (or when it could not be loaded): callers
 * render without it meanwhile (bare page titles, the /docs fallback link), never a blank screen.
 */
export function useAppConfig(): AppConfig | undefined {
  return useAppConfigQuery().data;
}
