import { describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPT_MAX_AGE_MS, isFreshSignInAttempt } from '@/domain/sign-in-attempt';

describe('isFreshSignInAttempt (may a sign-in started in this browser still come back?)', () => {
  const now = Date.UTC(2025, 1, 7, 10, 0, 0);
  const cases: Array<[string, number | null, number, boolean]> = [
    ['none started here', null, now, false],
    ['started a moment ago', now - 1_000, now, true],
    ['started this very millisecond', now, now, true],
    ['started 10 minutes ago to the millisecond', now - SIGN_IN_ATTEMPT_MAX_AGE_MS, now, true],
    ['started a millisecond too long ago', now - SIGN_IN_ATTEMPT_MAX_AGE_MS - 1, now, false],
    ['started yesterday', now - 86_400_000, now, false],
    ['started in the future (clock set back)', now + 1_000, now, false],
    ['a start time that is not a number', Number.NaN, now, false],
    ['an infinite start time', Number.NEGATIVE_INFINITY, now, false],
    ['no valid clock', now, Number.NaN, false],
  ];

  it.each(cases)('%s', (_, startedAt, at, expected) => {
    expect(isFreshSignInAttempt(startedAt, at)).toBe(expected);
  });

  it('lasts ten minutes, as the server keeps the sign-in cookies', () => {
    expect(SIGN_IN_ATTEMPT_MAX_AGE_MS).toBe(600_000);
  });
});
