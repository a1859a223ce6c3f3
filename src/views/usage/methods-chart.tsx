import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { MethodRow } from '@/domain/usage-metrics';
import { KEYS_HINT, axisLines, chartCss, compactNumber } from './chart-parts';

/** A method's name on the axis, cut where it would crowd the bars (the tooltip and the table give it whole). */
const shortMethod = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

export function MethodsChart({ rows, title }: { rows: MethodRow[]; title: string }) {
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
