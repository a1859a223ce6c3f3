import { SimpleGrid, Stack } from '@chakra-ui/react';
import { OUTCOME_LABELS } from '@/domain/call-outcomes';
import { formatLimit } from '@/domain/plan-display';
import { ERROR_OUTCOMES, type MetricsRow, bucketLabel, latencyText, methodRows, metricsRows } from '@/domain/usage-metrics';
import type { Schemas } from '@/api/client';
import { ChartFigure } from './chart-figure';
import { MethodsChart } from './methods-chart';
import { ErrorsChart, LatencyChart, TrafficChart } from './time-charts';

type UsageSeries = Schemas['UsageSeries'];

const total = (rows: readonly MetricsRow[], key: 'calls' | 'credits' | 'errors') => rows.reduce((sum, row) => sum + row[key], 0);

interface MetricsChartsProps {
  series: UsageSeries;
  /** 'the last month': the range the charts cover, in a sentence. */
  period: string;
}

/**
 * The four RPC Metrics charts of a series: requests and credits beside latency quantiles (one
 * column on narrow screens), then errors by outcome (stacked) and the busiest methods across the
 * width, where their tables' many columns and long names fit. Each a figure with its table view.
 */
export function MetricsCharts({ series, period }: MetricsChartsProps) {
  const rows = metricsRows(series.points);
  const methods = methodRows(series.methods);
  const { granularity } = series;
  const bucket = granularity === 'hour' ? 'Hour (UTC)' : 'Day (UTC)';
  const when = (row: MetricsRow) => bucketLabel(row.start, granularity, 'long');
  const errors = total(rows, 'errors');
  const busiest = methods[0];
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="8">
        <ChartFigure
          title="Requests and credits"
          summary={`${formatLimit(total(rows, 'calls'))} requests and ${formatLimit(total(rows, 'credits'))} credits over ${period}, by ${granularity}.`}
          table={{
            columns: [{ name: bucket }, { name: 'Requests', align: 'end' }, { name: 'Credits', align: 'end' }],
            rows: rows.map((row) => ({ key: row.start, cells: [when(row), formatLimit(row.calls), formatLimit(row.credits)] })),
          }}
        >
          <TrafficChart rows={rows} granularity={granularity} title="Requests and credits" />
        </ChartFigure>
        <ChartFigure
          title="Latency"
          summary={`The node's answer time of answered calls by ${granularity}: 50, 95 and 99 % of them took at most this long.`}
          table={{
            columns: [{ name: bucket }, { name: 'p50', align: 'end' }, { name: 'p95', align: 'end' }, { name: 'p99', align: 'end' }],
            rows: rows.map((row) => ({
              key: row.start,
              cells: [
                when(row),
                latencyText(row.p50, row.answered),
                latencyText(row.p95, row.answered),
                latencyText(row.p99, row.answered),
              ],
            })),
          }}
        >
          <LatencyChart rows={rows} granularity={granularity} title="Latency" />
        </ChartFigure>
      </SimpleGrid>
      <ChartFigure
        title="Errors by outcome"
        summary={
          errors === 0
            ? `Every call over ${period} was answered by a node.`
            : `${formatLimit(errors)} calls over ${period} got no answer from a node, stacked by what became of them.`
        }
        table={{
          columns: [{ name: bucket }, ...ERROR_OUTCOMES.map((outcome) => ({ name: OUTCOME_LABELS[outcome], align: 'end' as const }))],
          rows: rows.map((row) => ({ key: row.start, cells: [when(row), ...ERROR_OUTCOMES.map((outcome) => formatLimit(row[outcome]))] })),
        }}
      >
        <ErrorsChart rows={rows} granularity={granularity} title="Errors by outcome" />
      </ChartFigure>
      <ChartFigure
        title="Top methods"
        summary={
          busiest
            ? `The ${methods.length === 1 ? 'method' : `${methods.length} methods`} with the most calls over ${period}; ${busiest.method} first with ${formatLimit(busiest.calls)}.`
            : `No method was called over ${period}.`
        }
        table={{
          columns: [
            { name: 'Method' },
            { name: 'Requests', align: 'end' },
            { name: 'Errors', align: 'end' },
            { name: 'Credits', align: 'end' },
          ],
          rows: methods.map((row) => ({
            key: row.method,
            cells: [row.method, formatLimit(row.calls), formatLimit(row.errors), formatLimit(row.credits)],
          })),
          mono: true,
        }}
      >
        <MethodsChart rows={methods} title="Top methods" />
      </ChartFigure>
    </Stack>
  );
}
