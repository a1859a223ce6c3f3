import { type ReactNode, Suspense, lazy } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { usageMetricsMachine } from '@machines/usage-metrics';
import {
  selectError,
  selectFilters,
  selectMethodChoices,
  selectSeries,
  selectUpdating,
  selectView,
} from '@machines/usage-metrics.selectors';
import { useApiKeyList } from '@/api/key-calls';
import type { UsageMetricsActors } from '@/api/usage-series-calls';
import { useFlowActor } from '@/hooks/inspection';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { MetricsFilters } from './metrics-filters';
import { rangePeriod } from './usage-format';
import { useNetworks } from '@/hooks/use-networks';

/** The charts and Recharts under them load with the first series: Free plans (the lock) never fetch them. */
const MetricsCharts = lazy(() => import('./metrics-charts').then(({ MetricsCharts: charts }) => ({ default: charts })));

/** What the section says when the filters' range holds no call. */
export const NO_CALLS = 'No calls in this range.';

/**
 * RPC Metrics on a paid plan: the filters and the charts of machines/usage-metrics.ts (which owns
 * the filters and GET /usage/series); the keys for the key filter come from the key list query.
 */
export function MetricsPanel({ actors }: { actors: UsageMetricsActors }) {
  const networks = useNetworks();
  const metrics = useFlowActor(usageMetricsMachine.provide({ actors }), { input: {} });
  const view = useSelector(metrics, selectView);
  const filters = useSelector(metrics, selectFilters);
  const series = useSelector(metrics, selectSeries);
  const methods = useSelector(metrics, selectMethodChoices);
  const updating = useSelector(metrics, selectUpdating);
  const error = useSelector(metrics, selectError);
  const keys = useApiKeyList().data ?? [];

  let body: ReactNode;
  if (view === 'loading') body = <LoadingScreen label="Loading RPC metrics..." />;
  else if (view === 'failed')
    body = (
      <Stack gap="3" align="flex-start">
        <ErrorAlert message={error ?? ''} />
        <Button size="sm" variant="outline" onClick={() => metrics.send({ type: 'metrics.retry' })}>
          Retry
        </Button>
      </Stack>
    );
  else if (view === 'empty' || series === null)
    body = (
      <Text py="6" textAlign="center" color="fg.muted" aria-busy={updating}>
        {NO_CALLS}
      </Text>
    );
  else
    body = (
      <Suspense fallback={<LoadingScreen label="Drawing the charts..." />}>
        <MetricsCharts series={series} period={rangePeriod(series.range)} />
      </Suspense>
    );

  return (
    <Stack gap="6">
      <MetricsFilters filters={filters} keys={keys} methods={methods} networks={networks} onFilter={(event) => metrics.send(event)} />
      {view === 'loading' ? null : (
        <Text role="status" srOnly>
          {updating ? 'Updating RPC metrics...' : ''}
        </Text>
      )}
      <Box aria-busy={updating} opacity={updating ? 0.6 : 1} minW="0">
        {body}
      </Box>
    </Stack>
  );
}
