import { Alert, Button, Stack } from '@chakra-ui/react';
import { PAST_DUE_TITLE, pastDueText } from '@/domain/subscription-text';
import { ErrorAlert } from './error-alert';

interface PastDueBannerProps {
  planName: string;
  /** When the plan drops to Free unless the payment goes through (the subscription's graceEndsAt). */
  graceEndsAt: string | null;
  onOpenPortal: () => void;
  /** The portal's address is being fetched (then the browser leaves). */
  opening: boolean;
  /** Why the portal could not be opened, or null. */
  error: string | null;
}

/**
 * A subscription whose renewal payment failed (past due): said on the dashboard and on /billing,
 * with the way to fix it, the customer portal.
 */
export function PastDueBanner({ planName, graceEndsAt, onOpenPortal, opening, error }: PastDueBannerProps) {
  return (
    <Stack gap="2">
      <Alert.Root status="warning" aria-labelledby="past-due-title" role="region">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title id="past-due-title">{PAST_DUE_TITLE}</Alert.Title>
          <Alert.Description>{pastDueText(planName, graceEndsAt)}</Alert.Description>
          <Button
            size="sm"
            colorPalette="orange"
            // orange.600 under white text is 3.6:1; 700 is 5.2:1 (WCAG AA).
            bg="orange.700"
            _hover={{ bg: 'orange.800' }}
            alignSelf="flex-start"
            onClick={onOpenPortal}
            loading={opening}
            loadingText="Opening..."
          >
            Update payment method
          </Button>
        </Alert.Content>
      </Alert.Root>
      {error ? <ErrorAlert message={error} /> : null}
    </Stack>
  );
}
