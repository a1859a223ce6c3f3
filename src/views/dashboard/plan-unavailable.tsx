import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { ErrorAlert } from '@/components/error-alert';

interface PlanUnavailableProps {
  /** The failed plan query's error. */
  error: unknown;
  onRetry: () => void;
}

/** In the plan overview's place when the user's plan could not be loaded: what failed, and Retry. */
export function PlanUnavailable({ error, onRetry }: PlanUnavailableProps) {
  return (
    <Card.Root as="section" aria-labelledby="plan-overview-heading">
      <Card.Body gap="4">
        <Heading id="plan-overview-heading" as="h2" size="lg">
          Plan Overview
        </Heading>
        <Stack gap="3" align="flex-start">
          <ErrorAlert message={failureMessage('loadPlan', failureIn(error))} />
          <Button size="sm" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
