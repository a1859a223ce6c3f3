import { Alert, Link, VisuallyHidden } from '@chakra-ui/react';
import { paths } from '@/domain/paths';
import { CREDITS_PER_CALL, CREDITS_PER_NOTIFICATION } from '@/domain/credits';

/**
 * SPEC.md "Usage / Metrics": the note pointing to the documentation for per-method credit costs,
 * with the costs of SPEC.md §9 from the gateway's own table. Without the configured address (the
 * app configuration failed to load) the link goes to /docs, which loads it again and leaves for
 * it, as the sidebar's Documentation link does.
 */
export function CreditCostNote({ documentationUrl }: { documentationUrl: string | undefined }) {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          Each call costs credits by method: about {CREDITS_PER_CALL.standard} per standard call, {CREDITS_PER_CALL.logs} for eth_getLogs
          and {CREDITS_PER_CALL.transaction} for eth_sendRawTransaction; each WebSocket notification (eth_subscription) costs{' '}
          {CREDITS_PER_NOTIFICATION}. See the{' '}
          <Link
            href={documentationUrl ?? paths.docs}
            target="_blank"
            rel="noopener noreferrer"
            colorPalette="blue"
            fontWeight="semibold"
            textDecoration="underline"
          >
            documentation<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Link>{' '}
          for the credit cost of every method.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
