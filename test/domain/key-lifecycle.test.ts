import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, EXPIRY_IN_PAST, expiryProblem, graceEnd, ROLL_GRACES, type RollGrace } from '@/domain/key-lifecycle';
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
