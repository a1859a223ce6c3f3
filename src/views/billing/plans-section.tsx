import type { ReactNode } from 'react';
import { Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Plan } from '@/api/billing-calls';
import { ErrorAlert } from '@/components/error-alert';
import { plansToList } from '@/domain/billing-plans';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import type { BillingFrequency } from '@/domain/plan-catalog';
import { FrequencySwitch } from './frequency-switch';
import { PlanCard } from './plan-card';

interface PlansSectionProps {
  plans: { data: Plan[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  currentPlan: string | undefined;
  frequency: BillingFrequency;
  onFrequencyChange: (frequency: BillingFrequency) => void;
  onUpgrade: (plan: Plan) => void;
  onOpenPortal: () => void;
  portalOpening: boolean;
  upgradeBlocked: boolean;
}

/** The available plans, in SPEC.md §9 order, for the chosen period; loading and failure inline (SPEC.md /billing). */
export function PlansSection({
  plans,
  currentPlan,
  frequency,
  onFrequencyChange,
  onUpgrade,
  onOpenPortal,
  portalOpening,
  upgradeBlocked,
}: PlansSectionProps) {
  let body: ReactNode;
  if (plans.isPending) {
    body = (
      <Text role="status" color="fg.muted">
        Loading plans...
      </Text>
    );
  } else if (plans.isError) {
    body = (
      <Stack gap="2" align="flex-start">
        <ErrorAlert message={failureMessage('loadPlans', failureIn(plans.error))} />
        <Button size="sm" variant="outline" onClick={() => void plans.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  } else {
    body = (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        {plansToList(plans.data ?? [], frequency).map((plan) => (
          <PlanCard
            key={plan.name}
            plan={plan}
            currentPlan={currentPlan}
            onUpgrade={onUpgrade}
            onOpenPortal={onOpenPortal}
            portalOpening={portalOpening}
            blocked={upgradeBlocked}
          />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack as="section" aria-labelledby="plans-heading" gap="4">
      <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
        <Heading id="plans-heading" as="h2" size="lg">
          Available Plans
        </Heading>
        <FrequencySwitch value={frequency} onChange={onFrequencyChange} />
      </Flex>
      {body}
    </Stack>
  );
}
