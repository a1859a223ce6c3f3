import { useUsageReport } from '@/api/usage-queries';
import { forecastCredits, forecastSentence } from '@/domain/credit-forecast';

/**
 * The plan overview's forecast: when the cycle's credits run out at the rate of the last
 * 24 hours, from GET /usage for the last day (its totals, and the cycle as the gateway counts it).
 * Null while it loads, or when it failed: the overview then shows the credits without it.
 */
export function useCreditForecast(): string | null {
  const lastDay = useUsageReport('1d', 'usageType');
  if (lastDay.data === undefined || lastDay.isError) return null;
  const { cycle, totals, to } = lastDay.data;
  const cycleEnd = new Date(cycle.end);
  const forecast = forecastCredits({
    used: cycle.creditsUsed,
    limit: cycle.creditsLimit,
    lastDay: totals.credits,
    now: new Date(to),
    cycleEnd,
  });
  return forecastSentence(forecast, cycleEnd);
}
