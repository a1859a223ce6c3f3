/** What the RPC Metrics section shows, read from a snapshot of machines/usage-metrics.ts. */
import type { SnapshotFrom } from 'xstate';
import { hasCalls } from '@/domain/usage-metrics';
import type { usageMetricsMachine } from './usage-metrics';

export type UsageMetricsSnapshot = SnapshotFrom<typeof usageMetricsMachine>;

/**
 * What the section's body is: a spinner before the first answer, the failure, 'No calls in this
 * range.', or the charts (of the previous answer while the next loads: see selectUpdating).
 */
export type MetricsView = 'loading' | 'failed' | 'empty' | 'charts';

export function selectView(s: UsageMetricsSnapshot): MetricsView {
  if (s.matches('failed')) return 'failed';
  const { series } = s.context;
  if (series === null) return 'loading';
  return hasCalls(series.points) ? 'charts' : 'empty';
}

export const selectFilters = (s: UsageMetricsSnapshot) => s.context.filters;
export const selectSeries = (s: UsageMetricsSnapshot) => s.context.series;
export const selectMethodChoices = (s: UsageMetricsSnapshot) => s.context.methods;
/** A fetch is running while an earlier answer is on screen. */
export const selectUpdating = (s: UsageMetricsSnapshot) => s.hasTag('busy') && s.context.series !== null;
export const selectError = (s: UsageMetricsSnapshot) => (s.matches('failed') ? s.context.error : null);
