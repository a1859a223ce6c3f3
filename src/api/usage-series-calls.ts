import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import type { MetricsFilters } from '@/domain/usage-metrics';
import { api, bodyOf, type Schemas } from './client';
import type { paths } from './schema';

type UsageSeries = Schemas['UsageSeries'];

/**
 * GET /usage/series (the RPC Metrics charts, paid plans): resolves with the series of the filters,
 * or rejects with a CallFailed (client.ts), which failureMessage turns into the screen's text. A
 * filter left at "all" is not sent.
 */
export function createUsageSeriesCalls(client: Client<paths>) {
  return {
    async series({ range, keyId, network, method }: MetricsFilters, signal?: AbortSignal): Promise<UsageSeries> {
      const query = {
        range,
        ...(keyId === null ? {} : { keyId }),
        ...(network === null ? {} : { network }),
        ...(method === null ? {} : { method }),
      };
      return bodyOf(await client.GET('/usage/series', { params: { query }, signal }));
    },
  };
}

export type UsageSeriesCalls = ReturnType<typeof createUsageSeriesCalls>;

/** For `usageMetricsMachine.provide({ actors: ... })`, over these calls. */
export function usageMetricsActorsOver(calls: UsageSeriesCalls) {
  return {
    fetchSeries: fromPromise<UsageSeries, MetricsFilters>(({ input, signal }) => calls.series(input, signal)),
  };
}

export type UsageMetricsActors = ReturnType<typeof usageMetricsActorsOver>;

/** The machine's effects through the app's API client. */
export const usageMetricsActors: UsageMetricsActors = usageMetricsActorsOver(createUsageSeriesCalls(api));
