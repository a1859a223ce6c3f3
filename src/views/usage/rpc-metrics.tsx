import { Link } from 'wouter';
import { Badge, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { UsageReport } from '@/api/usage-queries';
import { paths } from '@/domain/paths';
import { LockIcon } from '@/components/lock-icon';
import { StatCard } from '@/components/stat-card';
import { formatLimit } from '@/domain/plan-display';

interface RpcMetricsProps {
  /** False on Free (SPEC.md §6: RPC metrics need a paid plan). */
  unlocked: boolean;
  totals: UsageReport['totals'];
  /** 'the last month': the range the totals cover. */
  period: string;
}

const HEADING_ID = 'rpc-metrics-heading';

/** SPEC.md "Usage / Metrics": requests, rate-limited and refused calls; locked behind 'Upgrade Required' on Free. */
export function RpcMetrics({ unlocked, totals, period }: RpcMetricsProps) {
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          RPC Metrics
        </Heading>
        {unlocked ? <Text color="fg.muted">Over {period}, for all your API keys.</Text> : null}
      </Card.Header>
      <Card.Body>
        {unlocked ? (
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <StatCard size="sm" label="Requests" value={formatLimit(totals.requests)} help="Calls answered by a node" />
            <StatCard
              size="sm"
              label="Rate-limited"
              value={formatLimit(totals.rateLimited)}
              help="Refused by a limit: 429 rate, 402 credits"
            />
            <StatCard size="sm" label="Refused" value={formatLimit(totals.refused)} help="Refused by your access control" />
          </SimpleGrid>
        ) : (
          <Stack align="center" textAlign="center" gap="3" py="6" px="4" bg="bg.subtle" rounded="md" borderWidth="1px" borderStyle="dashed">
            <Badge colorPalette="orange" size="lg" gap="1.5">
              <LockIcon />
              Upgrade Required
            </Badge>
            <Text maxW="md">
              RPC metrics (requests, rate-limited and refused calls) are available on paid plans. Upgrade to see how your calls fare.
            </Text>
            <Button asChild colorPalette="blue" size="sm">
              <Link href={paths.billing}>Upgrade Plan</Link>
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
