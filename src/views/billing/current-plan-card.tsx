import { Badge, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { Plan, Subscription } from '@/api/billing-calls';
import { ErrorAlert } from '@/components/error-alert';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { priceLabel } from '@/domain/money';
import { formatLimit, planLabel } from '@/domain/plan-display';
import { renewalText } from '@/domain/subscription-text';

interface Loaded<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface CurrentPlanCardProps {
  userPlan: Loaded<Plan>;
  subscription: Loaded<Subscription | null>;
}

/** The user's plan ('Free Plan' until known: SPEC.md §9), its figures, and when it renews or ends. */
export function CurrentPlanCard({ userPlan, subscription }: CurrentPlanCardProps) {
  const plan = userPlan.data;
  const paid = subscription.data ?? null;
  const failed = [userPlan, subscription].find((query) => query.isError);
  return (
    <Card.Root as="section" aria-labelledby="current-plan-heading">
      <Card.Body gap="3">
        <Heading id="current-plan-heading" as="h2" size="lg">
          Current Plan
        </Heading>
        <Stack gap="1">
          <Text fontSize="xl" fontWeight="semibold">
            {planLabel(plan?.name)}
          </Text>
          {plan ? (
            <Text color="fg.muted">
              {plan.price === null ? 'By contract' : priceLabel(plan.price, plan.billingFrequency)} · {formatLimit(plan.credit)} credits a
              month · {formatLimit(plan.rate)} requests per second · {formatLimit(plan.maxKey)} API keys
            </Text>
          ) : null}
          {paid ? (
            <Text>
              {renewalText(paid)}
              {paid.status === 'past_due' ? (
                <Badge ms="2" colorPalette="orange">
                  Payment failed
                </Badge>
              ) : null}
            </Text>
          ) : null}
        </Stack>
        {failed ? (
          <Stack gap="2" align="flex-start">
            <ErrorAlert message={failureMessage('loadSubscription', failureIn(failed.error))} />
            <Button
              size="sm"
              variant="outline"
              onClick={() => void Promise.all([userPlan, subscription].filter((q) => q.isError).map((q) => q.refetch()))}
            >
              Retry
            </Button>
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
