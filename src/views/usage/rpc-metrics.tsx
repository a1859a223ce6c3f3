import { Card, Heading, Text } from '@chakra-ui/react';
import type { UsageMetricsActors } from '@/api/usage-series-calls';
import { UpgradeLock } from '@/components/upgrade-lock';
import { MetricsPanel } from './metrics-panel';

interface RpcMetricsProps {
  /** False on Free (SPEC.md §6: RPC metrics need a paid plan). */
  unlocked: boolean;
  /** GET /usage/series, the real call unless a test brings its own. */
  actors: UsageMetricsActors;
}

const HEADING_ID = 'rpc-metrics-heading';

/**
 * SPEC.md "Usage / Metrics": RPC Metrics, locked behind 'Upgrade Required' on Free; on a paid plan
 * its charts (requests and credits, errors by outcome, latency, top methods).
 */
export function RpcMetrics({ unlocked, actors }: RpcMetricsProps) {
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} minW="0">
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          RPC Metrics
        </Heading>
        {unlocked ? (
          <Text color="fg.muted">Every call of your API keys as the gateway saw it: answered, refused or failed at the node.</Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {unlocked ? (
          <MetricsPanel actors={actors} />
        ) : (
          <UpgradeLock>
            RPC metrics (requests, rate-limited and refused calls) are available on paid plans. Upgrade to see how your calls fare.
          </UpgradeLock>
        )}
      </Card.Body>
    </Card.Root>
  );
}
