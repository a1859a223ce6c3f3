import { describe, expect, it } from 'vitest';
import { type CreditForecast, forecastCredits, forecastSentence } from '@/domain/credit-forecast';

const now = new Date('2026-11-26T12:00:00Z');
const cycleEnd = new Date('2026-12-10T00:00:00Z');

describe('forecastCredits', () => {
  it.each<[string, { used: number; limit: number | null; lastDay: number }, CreditForecast]>([
    ['an unlimited plan never runs out', { used: 9_000_000, limit: null, lastDay: 1_000_000 }, { kind: 'unlimited' }],
    ['used up: refused until the cycle ends', { used: 500_000, limit: 500_000, lastDay: 20 }, { kind: 'usedUp' }],
    ['past the limit (a batch in debt) is used up too', { used: 500_040, limit: 500_000, lastDay: 0 }, { kind: 'usedUp' }],
    ['nothing spent in the last day: no rate to go by', { used: 100_000, limit: 500_000, lastDay: 0 }, { kind: 'idle' }],
    [
      '400,000 left at 100,000 a day: four days from now',
      { used: 100_000, limit: 500_000, lastDay: 100_000 },
      { kind: 'runsOut', at: new Date('2026-11-30T12:00:00Z') },
    ],
    ['400,000 left at 20,000 a day: 20 days, past the cycle', { used: 100_000, limit: 500_000, lastDay: 20_000 }, { kind: 'lasts' }],
    [
      'one credit left at 24 a day: an hour from now',
      { used: 499_999, limit: 500_000, lastDay: 24 },
      { kind: 'runsOut', at: new Date('2026-11-26T13:00:00Z') },
    ],
  ])('%s', (_case, figures, expected) => {
    expect(forecastCredits({ ...figures, now, cycleEnd })).toEqual(expected);
  });

  it('runs out exactly at the cycle end: the cycle ends first (the credits start again)', () => {
    const days = (cycleEnd.getTime() - now.getTime()) / 86_400_000;
    expect(forecastCredits({ used: 0, limit: 1_000 * days, lastDay: 1_000, now, cycleEnd })).toEqual({ kind: 'lasts' });
  });
});

describe('forecastSentence', () => {
  it.each<[CreditForecast, string]>([
    [{ kind: 'unlimited' }, 'Your plan has no credit limit.'],
    [{ kind: 'usedUp' }, 'Your credits are used up: calls are refused until the cycle ends on 2026-12-10.'],
    [{ kind: 'idle' }, 'No credits spent in the last 24 hours: nothing to forecast from.'],
    [{ kind: 'lasts' }, 'At the rate of the last 24 hours, your credits last until the cycle ends on 2026-12-10.'],
    [
      { kind: 'runsOut', at: new Date('2026-11-30T23:59:59Z') },
      'At the rate of the last 24 hours, your credits run out on 2026-11-30, before the cycle ends on 2026-12-10.',
    ],
  ])('%o', (forecast, sentence) => {
    expect(forecastSentence(forecast, cycleEnd)).toBe(sentence);
  });
});
