import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Chart, type UseChartReturn, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { OUTCOME_LABELS } from '@/domain/call-outcomes';
import { formatLimit } from '@/domain/plan-display';
import { ERROR_OUTCOMES, type MethodRow, type MetricsRow, bucketLabel, latencyText, methodRows, metricsRows } from '@/domain/usage-metrics';
import type { SeriesGranularity } from '@/domain/usage-series';
import type { Schemas } from '@/api/client';
import { ChartFigure } from './chart-figure';

type UsageSeries = Schemas['UsageSeries'];

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

/**
 * The chart box: axes and legend in the theme's muted text, and a visible focus ring on the
 * surface Recharts' accessibility layer makes focusable (the arrow keys move its tooltip);
 * @chakra-ui/charts turns every outline off otherwise.
 */
const chartCss = {
  '& svg.recharts-surface:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
} as const;

/**
 * An axis's line and ticks in the theme's border colour. (An axis's own `stroke` would also paint
 * its labels, faint below 4.5:1; they keep @chakra-ui/charts' muted text colour.)
 */
function axisLines<Row>(chart: UseChartReturn<Row>) {
  const line = { stroke: chart.color('border.emphasized') };
  return { axisLine: line, tickLine: line };
}

const KEYS_HINT = 'Focus the chart and use the left and right arrow keys to read each point.';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const compactNumber = (value: number) => compact.format(value);

/** A tooltip's title: the bucket's full name. */
const longLabel = (granularity: SeriesGranularity) => (label: ReactNode) => bucketLabel(String(label), granularity, 'long');

/** What every time chart is given: its data, accessibility layer, title and keyboard hint. */
function timeChart({ chart, title, right = 0 }: { chart: UseChartReturn<MetricsRow>; title: string; right?: number }) {
  return {
    data: chart.data,
    responsive: true,
    accessibilityLayer: true,
    title,
    desc: KEYS_HINT,
    margin: { top: 8, right, left: 0, bottom: 0 },
  };
}

/** Every time chart's first children: its grid, and each bucket's name on the x axis (its full name is in the tooltip). */
function timeAxes({ chart, granularity }: { chart: UseChartReturn<MetricsRow>; granularity: SeriesGranularity }) {
  return [
    <CartesianGrid key="grid" stroke={chart.color('border')} vertical={false} />,
    <XAxis
      key="time"
      dataKey={chart.key('start')}
      tickFormatter={(value: string) => bucketLabel(value, granularity, 'short')}
      {...axisLines(chart)}
      minTickGap={20}
      tickMargin={6}
    />,
  ];
}

function TrafficChart({ rows, granularity, title }: { rows: MetricsRow[]; granularity: SeriesGranularity; title: string }) {
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
        {chart.series.map((item) => (
          <Line
            key={item.name}
            yAxisId={item.yAxisId}
            type="monotone"
            dataKey={chart.key(item.name)}
            name={item.name}
            stroke={chart.color(item.color)}
            strokeWidth={2}
            strokeDasharray={item.strokeDasharray}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}

function ErrorsChart({ rows, granularity, title }: { rows: MetricsRow[]; granularity: SeriesGranularity; title: string }) {
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

function LatencyChart({ rows, granularity, title }: { rows: MetricsRow[]; granularity: SeriesGranularity; title: string }) {
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
        {chart.series.map((item) => (
          <Line
            key={item.name}
            type="monotone"
            dataKey={chart.key(item.name)}
            name={item.name}
            stroke={chart.color(item.color)}
            strokeWidth={2}
            strokeDasharray={item.strokeDasharray}
            // A bucket between empty ones has no neighbour to draw a line to: its dot shows it.
            dot={{ r: 2.5, fill: chart.color(item.color) }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}

/** A method's name on the axis, cut where it would crowd the bars (the tooltip and the table give it whole). */
const shortMethod = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

function MethodsChart({ rows, title }: { rows: MethodRow[]; title: string }) {
  const chart = useChart({
    data: rows,
    series: [
      { name: 'calls', label: 'Requests', color: 'blue.600' },
      { name: 'errors', label: 'Of which errors', color: 'red.600' },
    ],
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={`${Math.max(140, rows.length * 30 + 56)}px`} css={chartCss}>
      <BarChart
        data={chart.data}
        layout="vertical"
        responsive
        accessibilityLayer
        title={title}
        desc={KEYS_HINT.replace('left and right', 'up and down')}
        margin={{ top: 0, right: 8, left: 0, bottom: 0 }}
      >
        <CartesianGrid stroke={chart.color('border')} horizontal={false} />
        <XAxis type="number" tickFormatter={compactNumber} {...axisLines(chart)} allowDecimals={false} />
        <YAxis type="category" dataKey={chart.key('method')} tickFormatter={shortMethod} width={150} {...axisLines(chart)} interval={0} />
        <Tooltip isAnimationActive={false} cursor={{ fill: chart.color('bg.muted') }} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar
            key={item.name}
            dataKey={chart.key(item.name)}
            name={item.name}
            fill={chart.color(item.color)}
            isAnimationActive={false}
            barSize={10}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

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
