import { Link } from 'wouter';
import { Button, Card, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { paths } from '@/domain/paths';
import { canUpgrade, formatLimit, formatUsagePercent, planLabel, usagePercent } from '@/domain/plan-display';
import type { PlanFigures } from './plan-figures';
import { useOpensHref } from '@/hooks/acting-project';

interface PlanOverviewProps {
  plan: PlanFigures;
  /** Credits used in the current cycle (the user's currentCredit). */
  creditsUsed: number;
  /** When the credits run out at the last day's rate (src/domain/credit-forecast.ts); null while unknown. */
  forecast?: string | null;
}

/** The plan, how much of its credit is used (bar capped at 100 %) and when it runs out, and Upgrade Plan unless Enterprise. */
export function PlanOverview({ plan, creditsUsed, forecast = null }: PlanOverviewProps) {
  const opens = useOpensHref();
  const percent = usagePercent(creditsUsed, plan.credit);
  return (
    <Card.Root as="section" aria-labelledby="plan-overview-heading">
      <Card.Body gap="4">
        <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'flex-start' }} gap="3">
          <Stack gap="1">
            <Heading id="plan-overview-heading" as="h2" size="lg">
              Plan Overview
            </Heading>
            <Text fontWeight="medium">{planLabel(plan.name)}</Text>
            {plan.description ? <Text color="fg.muted">{plan.description}</Text> : null}
          </Stack>
          {canUpgrade(plan.name) && opens(paths.billing) ? (
            <Button asChild colorPalette="blue" alignSelf={{ base: 'stretch', sm: 'auto' }}>
              <Link href={paths.billing}>Upgrade Plan</Link>
            </Button>
          ) : null}
        </Flex>
        {percent === null ? (
          <Text>Unlimited credits · {formatLimit(creditsUsed)} used this cycle</Text>
        ) : (
          <Progress.Root value={percent} max={100} colorPalette={percent >= 90 ? 'red' : 'blue'}>
            <Flex justify="space-between" mb="2" gap="2" wrap="wrap">
              <Progress.Label>Credits used</Progress.Label>
              <Text color="fg.muted">
                {formatLimit(creditsUsed)} of {formatLimit(plan.credit)} ({formatUsagePercent(creditsUsed, plan.credit)})
              </Text>
            </Flex>
            <Progress.Track aria-label="Credits used" rounded="full">
              <Progress.Range />
            </Progress.Track>
            {forecast === null ? null : (
              <Text mt="2" color="fg.muted" fontSize="sm">
                {forecast}
              </Text>
            )}
          </Progress.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
