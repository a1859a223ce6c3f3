import { describe, expect, it } from 'vitest';
import { isCurrentPlan, plansToList, rankedPlan, showsPlansList, upgradeEnabled, YEARLY_DISCOUNT_LABEL } from '@/domain/billing-plans';
import type { Frequency } from '@/domain/money';

const plan = (name: string, billingFrequency: Frequency) => ({ name, billingFrequency });
const names = (plans: Array<{ name: string }>) => plans.map((p) => p.name);

/** As GET /plans answers: every plan monthly in plan order, then every plan yearly. */
const fromServer = ['MONTHLY', 'ANNUALY'].flatMap((frequency) =>
  ['Free', 'Developer', 'Business', 'Professional', 'Enterprise'].map((name) =>
    plan(name, frequency === 'MONTHLY' ? 'MONTHLY' : 'ANNUALY'),
  ),
);

describe('plansToList (SPEC.md §9 plan order)', () => {
  it.each([
    ['monthly', fromServer, 'MONTHLY', ['Free', 'Developer', 'Business', 'Professional']],
    ['yearly', fromServer, 'ANNUALY', ['Free', 'Developer', 'Business', 'Professional']],
    ['shuffled', [...fromServer].reverse(), 'MONTHLY', ['Free', 'Developer', 'Business', 'Professional']],
    ['a plan missing', fromServer.filter((p) => p.name !== 'Business'), 'ANNUALY', ['Free', 'Developer', 'Professional']],
    ['unknown names left out', [plan('Gold', 'MONTHLY'), plan('Free', 'MONTHLY')], 'MONTHLY', ['Free']],
    ['nothing', [], 'MONTHLY', []],
  ] as const)('%s', (_, plans, frequency, expected) => {
    const listed = plansToList(plans, frequency);
    expect(names(listed)).toEqual(expected);
    expect(listed.every((p) => p.billingFrequency === frequency)).toBe(true);
  });

  it("labels the yearly switch '- 10%'", () => {
    expect(YEARLY_DISCOUNT_LABEL).toBe('- 10%');
  });
});

describe('upgradeEnabled: only plans above the current one', () => {
  it.each([
    ['Free', 'Free', false],
    ['Free', 'Developer', true],
    ['Free', 'Business', true],
    ['Free', 'Professional', true],
    ['Free', 'Enterprise', false],
    ['Developer', 'Free', false],
    ['Developer', 'Developer', false],
    ['Developer', 'Business', true],
    ['Business', 'Developer', false],
    ['Business', 'Professional', true],
    ['Professional', 'Business', false],
    ['Professional', 'Professional', false],
    ['Enterprise', 'Professional', false],
    ['Enterprise', 'Developer', false],
    // The user's plan not loaded yet, or unknown: nothing is enabled.
    [undefined, 'Developer', false],
    [null, 'Business', false],
    ['Gold', 'Developer', false],
    ['Free', 'Gold', false],
  ] as const)('%s → %s: %s', (current, target, enabled) => {
    expect(upgradeEnabled(current, target)).toBe(enabled);
  });
});

describe('showsPlansList: hidden for Enterprise (SPEC.md §6)', () => {
  it.each([
    ['Free', true],
    ['Developer', true],
    ['Professional', true],
    ['Enterprise', false],
    [undefined, true],
  ] as const)('%s: %s', (current, shown) => {
    expect(showsPlansList(current)).toBe(shown);
  });
});

describe('isCurrentPlan and rankedPlan', () => {
  it.each([
    ['Developer', 'Developer', true],
    ['Developer', 'Business', false],
    [undefined, 'Free', false],
    ['Gold', 'Gold', false],
  ] as const)('%s on %s: %s', (current, target, expected) => {
    expect(isCurrentPlan(current, target)).toBe(expected);
  });

  it.each([
    ['Business', 'Business'],
    ['business', null],
    [undefined, null],
  ] as const)('%s → %s', (name, ranked) => {
    expect(rankedPlan(name)).toBe(ranked);
  });
});
