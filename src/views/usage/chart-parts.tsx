import type { ReactNode } from 'react';
import type { UseChartReturn } from '@chakra-ui/charts';
import { CartesianGrid, Line, type LineProps, XAxis } from 'recharts';
import { bucketLabel, type MetricsRow } from '@/domain/usage-metrics';
import type { SeriesGranularity } from '@/domain/usage-series';

/* What the RPC Metrics charts share: their box, axes, keyboard hint and number formats. */

/**
 * The chart box: axes and legend in the theme's muted text, and a visible focus ring on the
 * surface Recharts' accessibility layer makes focusable (the arrow keys move its tooltip);
 * @chakra-ui/charts turns every outline off otherwise.
 */
export const chartCss = {
  '& svg.recharts-surface:focus-visible': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
} as const;

/**
 * An axis's line and ticks in the theme's border colour. (An axis's own `stroke` would also paint
 * its labels, faint below 4.5:1; they keep @chakra-ui/charts' muted text colour.)
 */
export function axisLines<Row>(chart: UseChartReturn<Row>) {
  const line = { stroke: chart.color('border.emphasized') };
  return { axisLine: line, tickLine: line };
}

export const KEYS_HINT = 'Focus the chart and use the left and right arrow keys to read each point.';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
export const compactNumber = (value: number) => compact.format(value);

/** A tooltip's title: the bucket's full name. */
export const longLabel = (granularity: SeriesGranularity) => (label: ReactNode) => bucketLabel(String(label), granularity, 'long');

/** What every time chart is given: its data, accessibility layer, title and keyboard hint. */
export function timeChart({ chart, title, right = 0 }: { chart: UseChartReturn<MetricsRow>; title: string; right?: number }) {
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
export function timeAxes({ chart, granularity }: { chart: UseChartReturn<MetricsRow>; granularity: SeriesGranularity }) {
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

/**
 * Each series of a time chart as its line (on its own y axis when it names one; dashed when it
 * says so), never animated; `dot` draws a bucket's point, or not.
 */
export function seriesLines(chart: UseChartReturn<MetricsRow>, dot: (color: string) => LineProps['dot']) {
  return chart.series.map((item) => (
    <Line
      key={item.name}
      yAxisId={item.yAxisId}
      type="monotone"
      dataKey={chart.key(item.name)}
      name={item.name}
      stroke={chart.color(item.color)}
      strokeWidth={2}
      strokeDasharray={item.strokeDasharray}
      dot={dot(chart.color(item.color))}
      connectNulls={false}
      isAnimationActive={false}
    />
  ));
}
