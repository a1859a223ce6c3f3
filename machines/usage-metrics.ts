import { assign, fromPromise, setup } from 'xstate';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { DEFAULT_METRICS_FILTERS, type MetricsFilters, methodChoices } from '@/domain/usage-metrics';
import type { FilterEvent, UsageMetricsContext, UsageMetricsEvent, UsageSeries } from './usage-metrics.types';

/** The filters after one filter event. */
function filtered(filters: MetricsFilters, event: FilterEvent): MetricsFilters {
  switch (event.type) {
    case 'metrics.range':
      return { ...filters, range: event.range };
    case 'metrics.key':
      return { ...filters, keyId: event.keyId };
    case 'metrics.network':
      return { ...filters, network: event.network };
    case 'metrics.method':
      return { ...filters, method: event.method };
  }
}

const sameFilters = (a: MetricsFilters, b: MetricsFilters) =>
  a.range === b.range && a.keyId === b.keyId && a.network === b.network && a.method === b.method;

/** One filter event's transition: whatever the machine is doing, the charts load again for the new filters. */
const onFilter = { guard: 'changesFilters', target: '.loading', reenter: true, actions: 'setFilter' } as const;

/**
 * The RPC Metrics charts of /usage on a paid plan: the filters and GET /usage/series.
 *
 * - `loading` fetches the series for the filters (the `fetchSeries` actor; the SPA's goes through
 *   the API client). The previous answer stays in context meanwhile, so the charts are shown as
 *   updating rather than replaced by a spinner.
 * - `shown` holds the answer; `failed` the failure's text, with `metrics.retry`.
 * - A filter event that changes the filters starts a new fetch from any state, a fetch in flight
 *   included (re-entering `loading` stops it, so a late answer for old filters never lands). One
 *   that changes nothing is ignored.
 */
export const usageMetricsMachine = setup({
  types: {
    context: {} as UsageMetricsContext,
    events: {} as UsageMetricsEvent,
    input: {} as { filters?: MetricsFilters },
  },
  actors: {
    fetchSeries: fromPromise<UsageSeries, MetricsFilters>(async () => {
      throw new Error('fetchSeries actor not provided');
    }),
  },
  actions: {
    setFilter: assign(({ context, event }) => (event.type === 'metrics.retry' ? {} : { filters: filtered(context.filters, event) })),
  },
  guards: {
    changesFilters: ({ context, event }) =>
      event.type !== 'metrics.retry' && !sameFilters(context.filters, filtered(context.filters, event)),
  },
}).createMachine({
  id: 'usageMetrics',
  context: ({ input }) => ({ filters: input.filters ?? DEFAULT_METRICS_FILTERS, series: null, methods: [], error: null }),
  initial: 'loading',
  on: {
    'metrics.range': onFilter,
    'metrics.key': onFilter,
    'metrics.network': onFilter,
    'metrics.method': onFilter,
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchSeries',
        src: 'fetchSeries',
        input: ({ context }) => context.filters,
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            series: event.output,
            methods: methodChoices(context.methods, context.filters.method, event.output.methods),
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage('loadUsage', failureIn(event.error)) }),
        },
      },
    },
    shown: {},
    failed: {
      on: { 'metrics.retry': { target: 'loading' } },
    },
  },
});
