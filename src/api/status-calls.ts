import { useQuery } from '@tanstack/react-query';
import { api, bodyOf, type Schemas } from '@/api/client';
import { $api } from '@/api/query-hooks';

export type StatusReport = Schemas['StatusReport'];
export type NetworkStatus = Schemas['NetworkStatus'];
export type Incident = Schemas['Incident'];

/** How often the /status page asks again while it is shown (and the tab visible). */
export const STATUS_REFRESH_MS = 15_000;

/** `$api`'s own key for GET /status. */
export const statusQueryKey = $api.queryOptions('get', '/status').queryKey;

/** GET /status: the networks' state and recent incidents, public (no session token is sent). */
export async function fetchStatus(signal?: AbortSignal): Promise<StatusReport> {
  return bodyOf(await api.GET('/status', { signal }));
}

/**
 * The status report, asked again every 15 s while shown. A failed refresh keeps the last report
 * (the query's data) beside its error. `fetchReport` is the real call unless a test brings its own.
 */
export function useStatus(fetchReport: (signal?: AbortSignal) => Promise<StatusReport> = fetchStatus) {
  return useQuery({ queryKey: statusQueryKey, queryFn: ({ signal }) => fetchReport(signal), refetchInterval: STATUS_REFRESH_MS });
}
