import { SimpleGrid, Span } from '@chakra-ui/react';
import type { UsageReport } from '@/api/usage-queries';
import { StatCard } from '@/components/stat-card';
import { creditsAvailable, formatLimit } from '@/domain/plan-display';
import { cycleDate, cycleStart } from './usage-format';

/**
 * The current quota cycle (SPEC.md "Usage / Metrics" cards): credits used, what is left of the
 * plan's credit (never below 0; 'Unlimited' when the plan has no limit), and the cycle's dates. The
 * cycle restarts at a plan change, so Credits Used says when it began: a breakdown over the last day
 * may count calls made before that.
 */
export function UsageSummary({ cycle }: { cycle: UsageReport['cycle'] }) {
  const remaining = creditsAvailable(cycle.creditsLimit, cycle.creditsUsed);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <StatCard
        label="Credits Used"
        value={formatLimit(cycle.creditsUsed)}
        help={`Since ${cycleStart(cycle.start)}, when this billing cycle began (a plan change starts a new one)`}
      />
      <StatCard
        label="Remaining Credits"
        value={formatLimit(remaining)}
        help={cycle.creditsLimit === null ? 'Your plan has no credit limit' : `Of ${formatLimit(cycle.creditsLimit)} this cycle`}
      />
      <StatCard
        label="Billing Cycle"
        value={
          // Each date stays on one line when the card is narrow.
          <>
            <Span whiteSpace="nowrap">{cycleDate(cycle.start)}</Span> <Span>to</Span>{' '}
            <Span whiteSpace="nowrap">{cycleDate(cycle.end)}</Span>
          </>
        }
        help="Credits used start again from 0 each cycle"
      />
    </SimpleGrid>
  );
}
