import { describe, expect, it } from 'vitest';
import { canUpgrade, creditsAvailable, formatLimit, formatUsagePercent, planLabel, usagePercent } from '@/domain/plan-display';

describe('planLabel', () => {
  it.each([
    ['Developer', 'Developer Plan'],
    ['Enterprise', 'Enterprise Plan'],
    [null, 'Free Plan'],
    [undefined, 'Free Plan'],
    ['', 'Free Plan'],
  ])('%s → %s', (name, expected) => expect(planLabel(name)).toBe(expected));
});

describe('formatLimit: null is Unlimited', () => {
  it.each([
    [500_000, '500,000'],
    [0, '0'],
    [3, '3'],
    [null, 'Unlimited'],
  ])('%s → %s', (value, expected) => expect(formatLimit(value)).toBe(expected));
});

describe('creditsAvailable', () => {
  it.each([
    [500_000, 0, 500_000],
    [500_000, 120_000, 380_000],
    [500_000, 600_000, 0],
    [500_000, -5, 500_000],
    [null, 42, null],
  ])('credit %s, used %s → %s', (credit, used, expected) => expect(creditsAvailable(credit, used)).toBe(expected));
});

describe('usagePercent is capped at 100', () => {
  it.each([
    [0, 500_000, 0],
    [250_000, 500_000, 50],
    [500_000, 500_000, 100],
    [750_000, 500_000, 100],
    [5, 0, 100],
    [0, 0, 0],
    [-1, 100, 0],
    [10, null, null],
  ])('used %s of %s → %s', (used, credit, expected) => expect(usagePercent(used, credit)).toBe(expected));
});

describe('formatUsagePercent: never 0% once credits are spent, never 100% while some remain', () => {
  it.each([
    [0, 1_500_000, '0%'],
    [-5, 1_500_000, '0%'],
    [1, 1_500_000, '<1%'],
    [2_220, 1_500_000, '<1%'],
    [14_999, 1_500_000, '<1%'],
    [15_000, 1_500_000, '1%'],
    [22_500, 1_500_000, '2%'],
    [750_000, 1_500_000, '50%'],
    [1_477_500, 1_500_000, '99%'],
    [1_485_000, 1_500_000, '99%'],
    [1_494_000, 1_500_000, '>99%'],
    [1_499_999, 1_500_000, '>99%'],
    [1_500_000, 1_500_000, '100%'],
    [2_000_000, 1_500_000, '100%'],
    [5, 0, '100%'],
    [0, 0, '0%'],
    [10, null, null],
  ])('used %s of %s → %s', (used, credit, expected) => expect(formatUsagePercent(used, credit)).toBe(expected));
});

describe('canUpgrade: every plan but Enterprise', () => {
  it.each([
    ['Free', true],
    ['Developer', true],
    ['Business', true],
    ['Professional', true],
    ['Enterprise', false],
    [null, true],
  ])('%s → %s', (name, expected) => expect(canUpgrade(name)).toBe(expected));
});
