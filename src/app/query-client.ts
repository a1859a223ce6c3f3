import { QueryClient } from '@tanstack/react-query';
import { registerServerCache } from '@/hooks/server-cache';

/** How long unused server data stays cached (SPEC.md §9: 60 seconds). */
export const CACHE_TIME_MS = 60_000;

/** The one server-state cache of the guarded area; the auth actor clears it at logout (server-cache.ts). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: CACHE_TIME_MS, retry: 1 },
  },
});
registerServerCache(() => queryClient.clear());
