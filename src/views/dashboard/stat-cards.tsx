import { SimpleGrid } from '@chakra-ui/react';
import { StatCard } from '@/components/stat-card';
import { creditsAvailable, formatLimit, planLabel } from '@/domain/plan-display';
import type { PlanFigures } from './plan-figures';

interface StatCardsProps {
  /** The user's plan; undefined when it could not be loaded (the label falls back to 'Free Plan'). */
  plan: PlanFigures | undefined;
  creditsUsed: number;
  keyCount: number;
}

/** The four figures of SPEC.md "/ Dashboard"; every unlimited (null) figure reads 'Unlimited'. */
export function StatCards({ plan, creditsUsed, keyCount }: StatCardsProps) {
  const unknown = 'Plan details unavailable';
  return (
    // Four across only where a card is wide enough for the longest plan label on one line ('Professional Plan').
    <SimpleGrid columns={{ base: 1, md: 2, '2xl': 4 }} gap="4">
      <StatCard
        label="Credits available"
        value={plan ? formatLimit(creditsAvailable(plan.credit, creditsUsed)) : '—'}
        help={plan ? `Plan credits: ${formatLimit(plan.credit)}` : unknown}
      />
      <StatCard label="API Keys" value={String(keyCount)} help={plan ? `Limit: ${formatLimit(plan.maxKey)}` : unknown} />
      <StatCard label="Current Plan" value={planLabel(plan?.name)} help={plan?.description || 'Your subscription'} />
      <StatCard
        label="Rate Limit"
        value={plan ? formatLimit(plan.rate) : '—'}
        help={plan ? (plan.rate === null ? 'No request limit' : 'Requests per second') : unknown}
      />
    </SimpleGrid>
  );
}
