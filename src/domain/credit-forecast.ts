import { cycleDate } from './cycle-date';

/**
 * When the cycle's credits run out at the rate of the last 24 hours (the plan overview's
 * forecast). A straight line: what is left divided by the last day's spending, which follows a
 * changed habit within a day and is not thrown by one burst the way the last hour would be.
 */

export const FORECAST_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ForecastInput {
  /** Credits used in the cycle so far. */
  readonly used: number;
  /** The plan's credits per cycle; null = unlimited. */
  readonly limit: number | null;
  /** Credits spent in the last FORECAST_WINDOW_MS. */
  readonly lastDay: number;
  readonly now: Date;
  /** When the cycle ends (the credits start again from 0). */
  readonly cycleEnd: Date;
}

export type CreditForecast =
  /** No limit to run into. */
  | { readonly kind: 'unlimited' }
  /** Already used up: calls are refused until `cycleEnd`. */
  | { readonly kind: 'usedUp' }
  /** Nothing spent in the last day: no rate to go by. */
  | { readonly kind: 'idle' }
  /** At this rate the cycle ends first. */
  | { readonly kind: 'lasts' }
  /** At this rate the credits run out at `at`, before the cycle ends. */
  | { readonly kind: 'runsOut'; readonly at: Date };

export function forecastCredits({ used, limit, lastDay, now, cycleEnd }: ForecastInput): CreditForecast {
  if (limit === null) return { kind: 'unlimited' };
  if (used >= limit) return { kind: 'usedUp' };
  if (lastDay <= 0) return { kind: 'idle' };
  const msLeft = ((limit - used) / lastDay) * FORECAST_WINDOW_MS;
  const at = new Date(now.getTime() + Math.floor(msLeft));
  return at.getTime() < cycleEnd.getTime() ? { kind: 'runsOut', at } : { kind: 'lasts' };
}

/** The forecast as the plan overview says it (dates as the cycle's: UTC days). */
export function forecastSentence(forecast: CreditForecast, cycleEnd: Date): string {
  switch (forecast.kind) {
    case 'unlimited':
      return 'Your plan has no credit limit.';
    case 'usedUp':
      return `Your credits are used up: calls are refused until the cycle ends on ${cycleDate(cycleEnd)}.`;
    case 'idle':
      return 'No credits spent in the last 24 hours: nothing to forecast from.';
    case 'lasts':
      return `At the rate of the last 24 hours, your credits last until the cycle ends on ${cycleDate(cycleEnd)}.`;
    case 'runsOut':
      return `At the rate of the last 24 hours, your credits run out on ${cycleDate(forecast.at)}, before the cycle ends on ${cycleDate(cycleEnd)}.`;
  }
}
