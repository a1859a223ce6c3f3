import { useId } from 'react';
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { fetchStatus, type StatusReport, useStatus } from '@/api/status-calls';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import { PageLoadState } from '@/components/page-load-state';
import { utcMinuteLabel, overallLine, overallState } from '@/domain/status-display';
import { IncidentList } from './incident-list';
import { NetworkCard } from './network-card';
import { StateBadge } from './state-badge';

const TITLE = 'System Status';

export interface StatusPageProps {
  /** GET /status: the real call unless a test brings its own. */
  fetchReport?: (signal?: AbortSignal) => Promise<StatusReport>;
}

/**
 * /status, for anyone (inside the layout when signed in): the networks' state as GET /api/status
 * reports it, asked again every 15 s, then the recent incidents. A failed refresh keeps the last
 * report on screen and says so.
 */
export default function StatusPage({ fetchReport = fetchStatus }: StatusPageProps) {
  usePageTitle(TITLE);
  const status = useStatus(fetchReport);
  const header = <PageHeader title={TITLE} description="The state of each network the gateway serves, and recent incidents." />;
  if (status.data === undefined) {
    return <PageLoadState header={header} queries={[status]} loadingLabel="Loading the system status..." operation="loadStatus" />;
  }
  return (
    <>
      {header}
      <StatusReportView report={status.data} refreshFailed={status.isRefetchError} />
    </>
  );
}

function StatusReportView({ report, refreshFailed }: { report: StatusReport; refreshFailed: boolean }) {
  const networksId = useId();
  const incidentsId = useId();
  const states = report.networks.map((network) => network.state);
  const worst = overallState(states);
  return (
    <Stack gap="8">
      <Stack gap="1">
        <Stack direction="row" align="center" gap="3" wrap="wrap">
          {worst === null ? null : <StateBadge state={worst} />}
          <Text fontSize="lg" fontWeight="semibold">
            {overallLine(states)}
          </Text>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          Updated {utcMinuteLabel(report.generatedAt)}; latency and errors over the last {report.windowMinutes} minutes.
        </Text>
        {refreshFailed ? (
          <Text fontSize="sm" color="fg.error">
            The last refresh failed: this is the previous report. It will be asked for again.
          </Text>
        ) : null}
      </Stack>
      <Stack as="section" aria-labelledby={networksId} gap="4">
        <Heading as="h2" size="lg" id={networksId}>
          Networks
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {report.networks.map((network) => (
            <NetworkCard key={network.name} network={network} />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack as="section" aria-labelledby={incidentsId} gap="4">
        <Heading as="h2" size="lg" id={incidentsId}>
          Recent incidents
        </Heading>
        <IncidentList incidents={report.incidents} networks={report.networks} />
      </Stack>
    </Stack>
  );
}
