import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, Legend, LineChart, Tooltip, YAxis } from 'recharts';
import { OUTCOME_LABELS } from '@/domain/call-outcomes';
import { formatLimit } from '@/domain/plan-display';
import { ERROR_OUTCOMES, type MetricsRow } from '@/domain/usage-metrics';
import type { SeriesGranularity } from '@/domain/usage-series';
import { axisLines, chartCss, compactNumber, longLabel, seriesLines, timeAxes, timeChart } from './chart-parts';

/**
 * Series colours: each at least 3:1 against the card (WCAG 1.4.11), and told apart by more than
 * hue where they meet (dashes, the legend, the tooltips, the tables).
 */
const OUTCOME_COLORS = {
  refused_allow_list: 'purple.600',
  refused_method: 'cyan.700',
  refused_quota: 'orange.600',
  refused_rate: 'yellow.700',
  upstream_error: 'red.600',
  upstream_timeout: 'pink.700',
} as const;

export function TrafficChart({ rows, granularity, title }: { rows: MetricsRow[]; granularity: SeriesGranularity; title: string }) {
  const chart = useChart({
    data: rows,
    series: [
      { name: 'calls', label: 'Requests', color: 'blue.600', yAxisId: 'calls' },
      { name: 'credits', label: 'Credits', color: 'orange.600', yAxisId: 'credits', strokeDasharray: '6 3' },
    ],
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h="64" css={chartCss}>
      <LineChart {...timeChart({ chart, title })}>
        {timeAxes({ chart, granularity })}
        <YAxis yAxisId="calls" tickFormatter={compactNumber} width={40} {...axisLines(chart)} allowDecimals={false} />
        <YAxis yAxisId="credits" orientation="right" tickFormatter={compactNumber} width={44} {...axisLines(chart)} allowDecimals={false} />
        <Tooltip isAnimationActive={false} content={<Chart.Tooltip labelFormatter={longLabel(granularity)} />} />
        <Legend content={<Chart.Legend />} />
        {seriesLines(chart, () => false)}
      </LineChart>
    </Chart.Root>
  );
}

export function ErrorsChart({ rows, granularity, title }: { rows: MetricsRow[]; granularity: SeriesGranularity; title: string }) {
  const chart = useChart({
    data: rows,
    series: ERROR_OUTCOMES.map((outcome) => ({
      name: outcome,
      label: OUTCOME_LABELS[outcome],
      color: OUTCOME_COLORS[outcome],
      stackId: 'errors',
    })),
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h="72" css={chartCss}>
      <BarChart {...timeChart({ chart, title })}>
        {timeAxes({ chart, granularity })}
        <YAxis tickFormatter={compactNumber} width={40} {...axisLines(chart)} allowDecimals={false} />
        <Tooltip
          isAnimationActive={false}
          cursor={{ fill: chart.color('bg.muted') }}
          content={<Chart.Tooltip showTotal labelFormatter={longLabel(granularity)} />}
        />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar
            key={item.name}
            dataKey={chart.key(item.name)}
            name={item.name}
            stackId={item.stackId}
            fill={chart.color(item.color)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

export function LatencyChart({ rows, granularity, title }: { rows: MetricsRow[]; granularity: SeriesGranularity; title: string }) {
  const chart = useChart({
    data: rows,
    series: [
      { name: 'p50', label: 'p50', color: 'teal.700' },
      { name: 'p95', label: 'p95', color: 'blue.600', strokeDasharray: '6 3' },
      { name: 'p99', label: 'p99', color: 'purple.600', strokeDasharray: '2 2' },
    ],
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h="64" css={chartCss}>
      <LineChart {...timeChart({ chart, title, right: 8 })}>
        {timeAxes({ chart, granularity })}
        <YAxis tickFormatter={(value: number) => `${value} ms`} width={56} {...axisLines(chart)} />
        <Tooltip
          isAnimationActive={false}
          content={<Chart.Tooltip labelFormatter={longLabel(granularity)} formatter={(value: number) => `${formatLimit(value)} ms`} />}
        />
        <Legend content={<Chart.Legend />} />
        {/* A bucket between empty ones has no neighbour to draw a line to: its dot shows it. */}
        {seriesLines(chart, (fill) => ({ r: 2.5, fill }))}
      </LineChart>
    </Chart.Root>
  );
}
