import { useId } from 'react';
import { Badge, Button, Card, Heading, HStack, List, Text } from '@chakra-ui/react';
import type { Plan } from '@/api/billing-calls';
import { isCurrentPlan, rankedPlan, upgradeEnabled } from '@/domain/billing-plans';
import { priceLabel } from '@/domain/money';
import { formatLimit } from '@/domain/plan-display';
import { planRank } from '@/domain/plan-rank';

interface PlanCardProps {
  plan: Plan;
  /** The user's plan name; undefined until known (then no Upgrade is enabled). */
  currentPlan: string | undefined;
  onUpgrade: (plan: Plan) => void;
  /** The checkout modal is open: no second one. */
  blocked: boolean;
}

/** Why Upgrade is off on a plan below the user's: a lower plan is reached through the portal. */
const LOWER_PLAN_HINT = 'To move to this plan, use Manage billing.';

/** One plan of the list: name, description, price for the chosen period, credits, rate, key limit and Upgrade. */
export function PlanCard({ plan, currentPlan, onUpgrade, blocked }: PlanCardProps) {
  const headingId = useId();
  const hintId = useId();
  const current = isCurrentPlan(currentPlan, plan.name);
  const enabled = upgradeEnabled(currentPlan, plan.name);
  const lower = !current && rankedPlan(currentPlan) !== null && planRank(plan.name) < planRank(currentPlan);
  return (
    <Card.Root as="article" aria-labelledby={headingId} borderColor={current ? 'blue.solid' : undefined}>
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Heading id={headingId} as="h3" size="md">
            {plan.name}
          </Heading>
          {current ? <Badge colorPalette="blue">Current plan</Badge> : null}
        </HStack>
        <Text color="fg.muted">{plan.description}</Text>
        {/* Four cards side by side from xl: a smaller price keeps '$2,689.20 / year' on one line. */}
        <Text fontSize={{ base: '2xl', xl: 'xl' }} fontWeight="semibold" whiteSpace="nowrap">
          {priceLabel(plan.price, plan.billingFrequency)}
        </Text>
        <List.Root gap="1" ps="5">
          <List.Item>{formatLimit(plan.credit)} credits a month</List.Item>
          <List.Item>{formatLimit(plan.rate)} requests per second</List.Item>
          <List.Item>{formatLimit(plan.maxKey)} API keys</List.Item>
        </List.Root>
        <Button
          colorPalette="blue"
          mt="auto"
          disabled={!enabled || blocked}
          onClick={() => onUpgrade(plan)}
          aria-label={`Upgrade to ${plan.name}`}
          aria-describedby={lower ? hintId : undefined}
        >
          Upgrade
        </Button>
        {lower ? (
          <Text id={hintId} fontSize="sm" color="fg.muted">
            {LOWER_PLAN_HINT}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
