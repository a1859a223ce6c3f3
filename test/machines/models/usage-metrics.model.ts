import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { usageMetricsMachine } from '@machines/usage-metrics';
import type { UsageSeries } from '@machines/usage-metrics.types';
import { CallFailed } from '@/domain/call-failure';
import { DEFAULT_METRICS_FILTERS } from '@/domain/usage-metrics';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type UsageMetricsModelEvent =
  | EventFromLogic<typeof usageMetricsMachine>
  | DoneEvent<'fetchSeries', UsageSeries>
  | ErrorEvent<'fetchSeries'>;

const zero = {
  answered: 0,
  refused_allow_list: 0,
  refused_method: 0,
  refused_quota: 0,
  refused_rate: 0,
  upstream_error: 0,
  upstream_timeout: 0,
};
const noLatency = { p50: null, p95: null, p99: null };

/** The key the key filter picks (the test user's second key). */
export const METRICS_KEY = { id: 12, name: 'Backend key' };

/** A month with calls on two days: answered, rate-limited and node errors; three methods. */
export const busySeries: UsageSeries = {
  range: '1m',
  granularity: 'day',
  from: '2025-03-01T00:00:00.000Z',
  to: '2025-03-03T12:00:00.000Z',
  keyId: null,
  network: null,
  method: null,
  points: [
    {
      start: '2025-03-01T00:00:00.000Z',
      credits: 1_260,
      outcomes: { ...zero, answered: 60, refused_rate: 4 },
      latencyMs: { p50: 20, p95: 100, p99: 200 },
    },
    { start: '2025-03-02T00:00:00.000Z', credits: 0, outcomes: zero, latencyMs: noLatency },
    {
      start: '2025-03-03T00:00:00.000Z',
      credits: 400,
      outcomes: { ...zero, answered: 20, upstream_error: 2, upstream_timeout: 1 },
      latencyMs: { p50: 50, p95: 500, p99: null },
    },
  ],
  methods: [
    { method: 'eth_blockNumber', calls: 70, credits: 1_200, outcomes: { ...zero, answered: 66, refused_rate: 4 }, latencyMs: noLatency },
    { method: 'eth_getLogs', calls: 9, credits: 420, outcomes: { ...zero, answered: 7, upstream_error: 2 }, latencyMs: noLatency },
    { method: 'eth_chainId', calls: 8, credits: 40, outcomes: { ...zero, answered: 7, upstream_timeout: 1 }, latencyMs: noLatency },
  ],
};

/** A day without a single call: every hour listed, all zeros. */
export const quietSeries: UsageSeries = {
  range: '1d',
  granularity: 'hour',
  from: '2025-03-03T00:00:00.000Z',
  to: '2025-03-03T02:30:00.000Z',
  keyId: null,
  network: null,
  method: null,
  points: ['00', '01', '02'].map((hour) => ({ start: `2025-03-03T${hour}:00:00.000Z`, credits: 0, outcomes: zero, latencyMs: noLatency })),
  methods: [],
};

export const METRICS_REFUSAL = 'RPC metrics are available on paid plans.';

export const usageMetricsFixtures: UsageMetricsModelEvent[] = [
  { type: 'metrics.range', range: '1d' },
  { type: 'metrics.key', keyId: METRICS_KEY.id },
  { type: 'metrics.network', network: 'devnet' },
  { type: 'metrics.method', method: 'eth_getLogs' },
  { type: 'xstate.done.actor.fetchSeries', output: busySeries },
  { type: 'xstate.done.actor.fetchSeries', output: quietSeries },
  { type: 'xstate.error.actor.fetchSeries', error: new CallFailed({ kind: 'no-answer' }) },
  { type: 'xstate.error.actor.fetchSeries', error: new CallFailed({ kind: 'refused', status: 403, message: METRICS_REFUSAL }) },
];

const isFilterEvent = (event: EventObject) => ['metrics.range', 'metrics.key', 'metrics.network', 'metrics.method'].includes(event.type);
const sameAsDefault = (state: AnyMachineSnapshot) => JSON.stringify(state.context.filters) === JSON.stringify(DEFAULT_METRICS_FILTERS);

/**
 * The filters are independent, so their product is not walked: a path changes one filter (from
 * any state, a fetch in flight included). Every transition is still taken. A method is chosen
 * among those an answer offered (the screen's select has no other).
 */
function oneFilterAtATime(state: AnyMachineSnapshot, event: EventObject): boolean {
  if (!isFilterEvent(event)) return true;
  if ('method' in event && typeof event.method === 'string' && !state.context.methods.includes(event.method)) return false;
  return sameAsDefault(state);
}

export const usageMetricsFlow = createFlowModel(usageMetricsMachine, {
  fixtures: usageMetricsFixtures,
  input: {},
  filterEvents: oneFilterAtATime,
});
export const usageMetricsPaths = usageMetricsFlow.paths();
