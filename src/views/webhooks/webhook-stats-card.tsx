import { Button, Card, HStack, Heading, Spinner, Stack, Stat, Text } from '@chakra-ui/react';
import { WEBHOOK_STATS_DEMO, cycleRangeText, webhookUsageText } from '@/domain/webhook-stats';
import { useBillingCycle } from '@/api/usage-queries';

const HEADING_ID = 'webhook-stats-heading';
export const CYCLE_LOADING = 'Loading billing cycle...';
export const CYCLE_FAILED = 'Your billing cycle could not be loaded.';

/**
 * SPEC.md "Webhooks": the stats card — webhooks used of the plan's limit (0/1 in this preview)
 * and the user's current billing cycle, read from the server (loading and failure shown in place).
 */
export function WebhookStatsCard() {
  const { webhooksUsed, webhooksLimit } = WEBHOOK_STATS_DEMO;
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} h="full">
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Webhook Usage
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Stat.Root>
            <Stat.Label color="fg.muted">Webhooks used</Stat.Label>
            <Stat.ValueText fontSize="2xl">{webhookUsageText(webhooksUsed, webhooksLimit)}</Stat.ValueText>
            <Stat.HelpText as="dd" color="fg.muted">
              Your plan includes {webhooksLimit} webhook
            </Stat.HelpText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label color="fg.muted">Billing cycle</Stat.Label>
            <Stat.ValueText fontSize="md" fontWeight="medium">
              <BillingCycle />
            </Stat.ValueText>
          </Stat.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function BillingCycle() {
  const cycle = useBillingCycle();
  if (cycle.data) return <Text whiteSpace="normal">{cycleRangeText(cycle.data.cycle.start, cycle.data.cycle.end)}</Text>;
  if (cycle.isError) {
    return (
      <HStack gap="2" wrap="wrap" role="alert">
        <Text color="fg.error">{CYCLE_FAILED}</Text>
        <Button size="xs" variant="outline" onClick={() => void cycle.refetch()}>
          Retry
        </Button>
      </HStack>
    );
  }
  return (
    <HStack gap="2" role="status" color="fg.muted">
      <Spinner size="xs" aria-hidden="true" />
      <Text>{CYCLE_LOADING}</Text>
    </HStack>
  );
}
