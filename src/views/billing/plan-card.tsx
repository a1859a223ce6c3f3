import { useId } from 'react';
import { Button, Card, Center, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { Plan } from '@/api/billing-calls';
import { moveDownHint, planOffer } from '@/domain/billing-plans';
import { monthlyEquivalentLabel, priceLabel } from '@/domain/money';
import { formatLimit } from '@/domain/plan-display';

interface PlanCardProps {
  plan: Plan;
  /** The user's plan name; undefined until known (then no Upgrade is enabled). */
  currentPlan: string | undefined;
  onUpgrade: (plan: Plan) => void;
  /** A lower plan is reached through the customer portal. */
  onOpenPortal: () => void;
  /** The portal is opening: no second press. */
  portalOpening: boolean;
  /** The checkout modal is open: no second one. */
  blocked: boolean;
}

/**
 * One plan of the list: name, description, price for the chosen period (a yearly one with what it
 * comes to a month), credits, rate, key limit, and what the user can do with it: Upgrade above their
 * plan, 'Current plan' on it, and below it the way down (the customer portal) with what that means.
 */
export function PlanCard({ plan, currentPlan, onUpgrade, onOpenPortal, portalOpening, blocked }: PlanCardProps) {
  const headingId = useId();
  const hintId = useId();
  const offer = planOffer(currentPlan, plan.name);
  const monthly = monthlyEquivalentLabel(plan.price, plan.billingFrequency);
  let action: React.ReactNode;
  if (offer === 'current') {
    action = (
      // Said, not offered: a tinted label, not a button.
      <Center mt="auto" minH="10" bg="blue.subtle" borderRadius="l2" color="blue.fg" fontWeight="semibold">
        Current plan
      </Center>
    );
  } else if (offer === 'move-down') {
    action = (
      <Stack mt="auto" gap="2">
        <Button variant="outline" onClick={onOpenPortal} loading={portalOpening} loadingText="Opening..." aria-describedby={hintId}>
          Move to {plan.name}
        </Button>
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {moveDownHint(plan.name)}
        </Text>
      </Stack>
    );
  } else {
    action = (
      <Button
        colorPalette="blue"
        mt="auto"
        disabled={offer !== 'upgrade' || blocked}
        onClick={() => onUpgrade(plan)}
        aria-label={`Upgrade to ${plan.name}`}
      >
        Upgrade
      </Button>
    );
  }
  return (
    <Card.Root as="article" aria-labelledby={headingId} borderColor={offer === 'current' ? 'blue.solid' : undefined}>
      <Card.Body gap="3">
        <Heading id={headingId} as="h3" size="md">
          {plan.name}
        </Heading>
        <Text color="fg.muted">{plan.description}</Text>
        <Stack gap="0">
          {/* Four cards side by side from xl: a smaller price keeps '$2,689.20 / year' on one line. */}
          <Text fontSize={{ base: '2xl', xl: 'xl' }} fontWeight="semibold" whiteSpace="nowrap">
            {priceLabel(plan.price, plan.billingFrequency)}
          </Text>
          {monthly ? <Text color="fg.muted">{monthly}, billed yearly</Text> : null}
        </Stack>
        <List.Root gap="1" ps="5">
          <List.Item>{formatLimit(plan.credit)} credits a month</List.Item>
          <List.Item>{formatLimit(plan.rate)} requests per second</List.Item>
          <List.Item>{formatLimit(plan.maxKey)} API keys</List.Item>
        </List.Root>
        {action}
      </Card.Body>
    </Card.Root>
  );
}
