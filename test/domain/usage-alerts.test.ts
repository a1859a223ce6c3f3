import { describe, expect, it } from 'vitest';
import { creditThresholdsReached, errorRateExceeded, type MinuteCalls, normalizedThresholds } from '@/domain/usage-alerts';

describe('creditThresholdsReached', () => {
  it.each<[string, number, number | null, number[], number[]]>([
    ['nothing reached', 100, 1_000, [50, 80, 100], []],
    ['exactly half', 500, 1_000, [50, 80, 100], [50]],
    ['just under 80 %', 799, 1_000, [50, 80, 100], [50]],
    ['80 % with the defaults', 800, 1_000, [80, 100], [80]],
    ['past the limit: every enabled one', 1_200, 1_000, [50, 80, 100], [50, 80, 100]],
    ['only what is enabled', 1_000, 1_000, [100], [100]],
    ['none enabled', 1_000, 1_000, [], []],
    ['unlimited plans have no thresholds', 10 ** 12, null, [50, 80, 100], []],
    ['a zero limit is no limit to share', 5, 0, [50], []],
  ])('%s', (_case, used, limit, enabled, reached) => {
    expect(creditThresholdsReached(used, limit, enabled)).toEqual(reached);
  });
});

describe('errorRateExceeded', () => {
  const minute = (calls: number, failed: number): MinuteCalls => ({ calls, failed });
  it.each<[string, MinuteCalls[], boolean]>([
    ['five minutes at 10 %', Array.from({ length: 5 }, () => minute(100, 10)), true],
    ['one minute under the rate', [...Array.from({ length: 4 }, () => minute(100, 50)), minute(100, 9)], false],
    ['four minutes only', Array.from({ length: 4 }, () => minute(100, 100)), false],
    ['too few calls in a minute', [...Array.from({ length: 4 }, () => minute(100, 100)), minute(9, 9)], false],
    ['every call failing, ten a minute', Array.from({ length: 5 }, () => minute(10, 10)), true],
    ['no failure', Array.from({ length: 5 }, () => minute(1_000, 0)), false],
  ])('%s', (_case, minutes, exceeded) => {
    expect(errorRateExceeded(minutes)).toBe(exceeded);
  });
});

describe('normalizedThresholds', () => {
  it.each<[number[], number[]]>([
    [
      [100, 50, 100],
      [50, 100],
    ],
    [[], []],
    [[80, 33], [80]],
  ])('%o → %o', (values, kept) => {
    expect(normalizedThresholds(values)).toEqual(kept);
  });
});
