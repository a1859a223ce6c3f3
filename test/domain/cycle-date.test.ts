import { describe, expect, it } from 'vitest';
import { cycleDate, cycleStart } from '@/domain/cycle-date';

describe('cycleStart: the date of cycleDate, to the minute, in UTC', () => {
  it.each([
    ['2025-02-07T14:05:59.999Z', '2025-02-07 14:05 UTC'],
    ['2025-02-07T00:00:00.000Z', '2025-02-07 00:00 UTC'],
    ['2025-02-07T23:59:00.000+01:00', '2025-02-07 22:59 UTC'],
    ['not a date', 'not a date'],
  ])('%s → %s', (instant, expected) => {
    expect(cycleStart(instant)).toBe(expected);
    if (expected !== 'not a date') expect(expected.startsWith(cycleDate(instant))).toBe(true);
  });
});
