import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { useUserPlan } from '@/api/billing-calls';
import { useUsageReport } from '@/api/usage-queries';
import { type UsageMetricsActors, usageMetricsActors } from '@/api/usage-series-calls';
import { useAppConfig } from '@/hooks/app-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import { PageLoadState } from '@/components/page-load-state';
import { CreditCostNote } from './credit-cost-note';
import { RequestLog } from './request-log';
import { RpcMetrics } from './rpc-metrics';
import { UsageBreakdown } from './usage-breakdown';
import { DEFAULT_FILTERS, type UsageFilters } from './usage-format';
import { UsageSummary } from './usage-summary';

const TITLE = 'Usage / Metrics';

/** /usage: the credits the gateway metered for the user's keys (SPEC.md "Usage / Metrics", with real figures). */
export interface UsagePageProps {
  /** RPC Metrics' effects (GET /usage/series): the real API client's unless a test brings its own. */
  metricsActors?: UsageMetricsActors;
}

export default function UsagePage({ metricsActors = usageMetricsActors }: UsagePageProps) {
  usePageTitle(TITLE);
  const documentationUrl = useAppConfig()?.documentationUrl;
  const [filters, setFilters] = useState<UsageFilters>(DEFAULT_FILTERS);
  const report = useUsageReport(filters.range, filters.groupBy);
  const plan = useUserPlan();

  const header = <PageHeader title={TITLE} description="The credits and calls of your API keys, as the gateway counted them." />;

  if (report.isPending || plan.isPending || report.isError || plan.isError) {
    return <PageLoadState header={header} queries={[report, plan]} loadingLabel="Loading usage..." operation="loadUsage" />;
  }

  const { cycle, rows, groupBy } = report.data;
  return (
    <>
      {header}
      <Stack gap="6">
        <UsageSummary cycle={cycle} />
        <CreditCostNote documentationUrl={documentationUrl} />
        <UsageBreakdown
          filters={filters}
          onFiltersChange={setFilters}
          rows={rows}
          rowsGroupBy={groupBy}
          updating={report.isPlaceholderData}
        />
        <RpcMetrics unlocked={plan.data.entitlements.metrics} actors={metricsActors} />
        <RequestLog unlocked={plan.data.entitlements.requestLog} />
      </Stack>
    </>
  );
}
