import { describe, expect, it } from 'vitest';
import { canUpgrade, upgradeRefusal } from '@/domain/plan-change';

describe('upgradeRefusal', () => {
  it.each([
    ['Free', 'Developer', null],
    ['Free', 'Business', null],
    ['Free', 'Professional', null],
    ['Developer', 'Business', null],
    ['Business', 'Professional', null],
    ['Free', 'Free', 'free-plan'],
    ['Developer', 'Free', 'free-plan'],
    ['Developer', 'Developer', 'same-plan'],
    ['Professional', 'Professional', 'same-plan'],
    ['Business', 'Developer', 'lower-plan'],
    ['Professional', 'Developer', 'lower-plan'],
    ['Free', 'Enterprise', 'enterprise-plan'],
    ['Professional', 'Enterprise', 'enterprise-plan'],
    ['Enterprise', 'Professional', 'enterprise-user'],
    ['Enterprise', 'Enterprise', 'enterprise-user'],
  ] as const)('%s → %s: %s', (current, target, refusal) => {
    expect(upgradeRefusal(current, target)).toBe(refusal);
    expect(canUpgrade(current, target)).toBe(refusal === null);
  });
});
