import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { ErrorAlert } from '@/components/error-alert';

interface PaymentCardProps {
  onOpenPortal: () => void;
  opening: boolean;
  error: string | null;
}

/** Payment management (SPEC.md /billing): the customer portal, where cards, invoices, plan changes and cancelling live. */
export function PaymentCard({ onOpenPortal, opening, error }: PaymentCardProps) {
  return (
    <Card.Root as="section" aria-labelledby="payment-heading">
      <Card.Body gap="3">
        <Heading id="payment-heading" as="h2" size="lg">
          Payment Management
        </Heading>
        <Text color="fg.muted">
          Update your card, download invoices, move to a lower plan or cancel (effective at the end of the period) in the customer portal.
        </Text>
        <Button variant="outline" alignSelf="flex-start" onClick={onOpenPortal} loading={opening} loadingText="Opening...">
          Manage billing
        </Button>
        {error ? <ErrorAlert message={error} /> : null}
      </Card.Body>
    </Card.Root>
  );
}
