import { useId } from 'react';
import { Card, DataList, Flex, Heading } from '@chakra-ui/react';
import type { NetworkStatus } from '@/api/status-calls';
import { errorRateLabel, headBlockLabel, latencyP50Label, nodesServingLabel } from '@/domain/status-display';
import { StateBadge } from './state-badge';

/** One network: its label and state, then its figures as a list of terms and values (stacked, so it reads at 390 px). */
export function NetworkCard({ network }: { network: NetworkStatus }) {
  const headingId = useId();
  const figures: ReadonlyArray<[string, string]> = [
    ['Head block', headBlockLabel(network.headBlock)],
    ['Nodes', nodesServingLabel(network.nodesHealthy, network.nodesConfigured)],
    ['Latency (p50)', latencyP50Label(network.latencyP50Ms)],
    ['Error rate', errorRateLabel(network.errorRate)],
  ];
  return (
    <Card.Root as="li" aria-labelledby={headingId} listStyleType="none">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h3" size="md" id={headingId} overflowWrap="anywhere">
            {network.label}
          </Heading>
          <StateBadge state={network.state} />
        </Flex>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {figures.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
              <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
