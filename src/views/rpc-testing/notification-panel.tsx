import { Box, Card, Heading, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ErrorAlert } from '@/components/error-alert';
import { JsonBox } from '@/components/json-box';
import { StatCard } from '@/components/stat-card';
import { CREDITS_PER_NOTIFICATION } from '@/domain/credits';
import { formatCount } from '@/domain/subscription-tally';

interface NotificationPanelProps {
  /** Where the connection stands, one sentence. */
  status: string;
  /** The count as the live region speaks it (at milestones, never once per block). */
  announcement: string;
  error: string | null;
  notifications: number;
  credits: number;
  /** The last notification's payload, pretty-printed; null before the first. */
  lastNotification: string | null;
  busy: boolean;
}

/**
 * What the subscription receives: where the connection stands and the count, spoken politely (one
 * live region; the count only at milestones), the exact count and credits, and the last payload.
 */
export function NotificationPanel({ status, announcement, error, notifications, credits, lastNotification, busy }: NotificationPanelProps) {
  return (
    <Card.Root as="section" aria-labelledby="notifications-heading" aria-busy={busy}>
      <Card.Body>
        <Stack gap="4">
          <Heading id="notifications-heading" as="h2" size="md">
            Notifications
          </Heading>
          <Box role="status" aria-live="polite">
            <Text color="fg.muted">{status}</Text>
            <VisuallyHidden>{announcement}</VisuallyHidden>
          </Box>
          {error ? <ErrorAlert message={error} /> : null}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <StatCard size="sm" label="Notifications received" value={formatCount(notifications)} help="Since you pressed Subscribe." />
            <StatCard
              size="sm"
              label="Credits used"
              value={formatCount(credits)}
              help={`${CREDITS_PER_NOTIFICATION} a notification, plus the eth_subscribe and eth_unsubscribe calls.`}
            />
          </SimpleGrid>
          {lastNotification === null ? (
            <Text color="fg.muted">The last notification&apos;s payload shows here as it arrives.</Text>
          ) : (
            <Stack gap="2">
              <Heading as="h3" size="sm">
                Last notification
              </Heading>
              <JsonBox label="Last notification JSON" maxH="24rem">
                {lastNotification}
              </JsonBox>
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
