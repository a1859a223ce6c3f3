import { describe, expect, it } from 'vitest';
import { WEBHOOK_STATS_DEMO, cycleDay, cycleRangeText, webhookUsageText } from '@/domain/webhook-stats';

describe('webhook stats', () => {
  it('shows 0 of 1 (SPEC.md §9)', () => {
    expect(webhookUsageText(WEBHOOK_STATS_DEMO.webhooksUsed, WEBHOOK_STATS_DEMO.webhooksLimit)).toBe('0/1');
  });

  it.each([
    ['2025-02-07T00:00:00.000Z', '2025-02-07'],
    ['2025-03-06T23:59:59.999Z', '2025-03-06'],
    ['2025-02-07T23:30:00-05:00', '2025-02-08'],
    ['not a date', 'not a date'],
  ])('the cycle day of %s is %s (UTC)', (instant, day) => {
    expect(cycleDay(instant)).toBe(day);
  });

  it('writes the cycle as a range', () => {
    expect(cycleRangeText('2025-02-07T10:00:00.000Z', '2025-03-07T10:00:00.000Z')).toBe('2025-02-07 to 2025-03-07');
  });
});
