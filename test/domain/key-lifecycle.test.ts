import { describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  EXPIRY_IN_PAST,
  earliestExpiryDay,
  expiryFromDay,
  expiryText,
  hasExpired,
  expiryProblem,
  graceEnd,
  lastDayOf,
  ROLL_GRACES,
  type RollGrace,
} from '@/domain/key-lifecycle';
import { generateApiKey } from '@server/auth/tokens';

const now = new Date('2026-11-28T10:00:00.000Z');

describe('graceEnd', () => {
  it.each([
    ['none', null],
    ['1h', '2026-11-28T11:00:00.000Z'],
    ['24h', '2026-11-29T10:00:00.000Z'],
    ['7d', '2026-12-05T10:00:00.000Z'],
  ] as const)('%s → %s', (grace: RollGrace, end) => {
    expect(graceEnd(grace, now)?.toISOString() ?? null).toBe(end);
  });

  it('covers every grace the contract offers', () => {
    expect(ROLL_GRACES).toEqual(['none', '1h', '24h', '7d']);
  });
});

describe('expiryProblem', () => {
  it.each([
    [null, null],
    [new Date(now.getTime() + 1), null],
    [now, EXPIRY_IN_PAST],
    [new Date(now.getTime() - 1), EXPIRY_IN_PAST],
  ])('%s → %s', (at, problem) => {
    expect(expiryProblem(at, now)).toBe(problem);
  });
});

describe('API_KEY_PATTERN', () => {
  it('matches every key the server makes, and what a secret scanner should not take for one', () => {
    for (let index = 0; index < 200; index += 1) expect(generateApiKey()).toMatch(API_KEY_PATTERN);
    for (const other of ['rpk_short', `rpk_${'a'.repeat(33)}`, `xpk_${'a'.repeat(32)}`, `rpk_${'a'.repeat(31)}-`]) {
      expect(other).not.toMatch(API_KEY_PATTERN);
    }
  });
});

describe('expiry days', () => {
  it.each([
    ['2026-12-31', '2027-01-01T00:00:00.000Z'],
    ['2028-02-29', '2028-03-01T00:00:00.000Z'],
    ['2027-02-29', null],
    ['2026-13-01', null],
    ['31/12/2026', null],
    ['', null],
  ])('%j works through that day: stops at %s', (day, expiry) => {
    const at = expiryFromDay(day);
    expect(at?.toISOString() ?? null).toBe(expiry);
    if (at !== null) expect(lastDayOf(at.toISOString())).toBe(day);
  });

  it('offers today as the earliest day', () => {
    expect(earliestExpiryDay(now)).toBe('2026-11-28');
    expect(expiryProblem(expiryFromDay(earliestExpiryDay(now)), now)).toBeNull();
  });
});

describe('expiryText', () => {
  it.each([
    [null, null],
    ['2026-12-01T00:00:00.000Z', 'Works through 2026-11-30 (UTC)'],
    ['2026-11-28T10:00:00.000Z', 'Expired on Nov 28, 2026, 10:00 UTC'],
    ['2026-11-20T00:00:00.000Z', 'Expired on Nov 20, 2026, 00:00 UTC'],
  ])('%s → %s', (expiresAt, text) => {
    expect(expiryText(expiresAt, now)).toBe(text);
    expect(hasExpired(expiresAt, now)).toBe(text?.startsWith('Expired') ?? false);
  });
});
