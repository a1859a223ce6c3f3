import { describe, expect, it } from 'vitest';
import {
  isCurrentPlan,
  moveDownHint,
  planOffer,
  plansToList,
  showsPlansList,
  upgradeDueToday,
  upgradeEnabled,
} from '@/domain/billing-plans';
import type { BillingFrequency } from '@/domain/plan-catalog';

const plan = (name: string, billingFrequency: BillingFrequency) => ({ name, billingFrequency });
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

describe('isCurrentPlan', () => {
  it.each([
    ['Developer', 'Developer', true],
    ['Developer', 'Business', false],
    [undefined, 'Free', false],
    ['Gold', 'Gold', false],
  ] as const)('%s on %s: %s', (current, target, expected) => {
    expect(isCurrentPlan(current, target)).toBe(expected);
  });
});

describe('planOffer: Upgrade above, Current plan on it, the way down below', () => {
  it.each([
    ['Free', 'Free', 'current'],
    ['Free', 'Developer', 'upgrade'],
    ['Free', 'Professional', 'upgrade'],
    ['Developer', 'Free', 'move-down'],
    ['Developer', 'Developer', 'current'],
    ['Developer', 'Business', 'upgrade'],
    ['Business', 'Developer', 'move-down'],
    ['Professional', 'Free', 'move-down'],
    ['Professional', 'Professional', 'current'],
    // Enterprise is arranged with sales on either side; an unknown or unloaded plan offers nothing.
    ['Enterprise', 'Professional', 'none'],
    ['Free', 'Enterprise', 'none'],
    [undefined, 'Developer', 'none'],
    [null, 'Free', 'none'],
    ['Gold', 'Developer', 'none'],
  ] as const)('%s → %s: %s', (current, target, offer) => {
    expect(planOffer(current, target)).toBe(offer);
  });

  it.each([
    ['Free', 'Cancel your plan in the customer portal: it stays until the end of the period, then you are on Free.'],
    ['Developer', 'Switch to Developer in the customer portal: it starts when your current period ends.'],
  ])('says how to move down to %s', (target, hint) => {
    expect(moveDownHint(target)).toBe(hint);
  });
});

describe('upgradeDueToday: what the Upgrade modal says is due, as the payment page charges it', () => {
  const plans = [
    { id: 2, billingFrequency: 'MONTHLY', price: 4_900 },
    { id: 2, billingFrequency: 'ANNUALY', price: 52_920 },
    { id: 3, billingFrequency: 'MONTHLY', price: 24_900 },
  ] as const;
  // A 30-day period, 10 days used: 20 of 30 unused.
  const period = { currentPeriodStart: '2030-04-01T00:00:00.000Z', currentPeriodEnd: '2030-05-01T00:00:00.000Z' };
  const now = new Date('2030-04-11T00:00:00.000Z');
  const developer = { planId: 2, frequency: 'MONTHLY', status: 'active', ...period } as const;

  it.each([
    ['a new subscriber: the whole price', null, { cents: 24_900, prorated: false }],
    ['a paying user: less the unused part of the period', developer, { cents: 24_900 - Math.ceil((4_900 * 20) / 30), prorated: true }],
    ['past due: nothing of the unpaid period is credited', { ...developer, status: 'past_due' }, { cents: 24_900, prorated: true }],
    ['yearly subscriber: the yearly price is credited', { ...developer, frequency: 'ANNUALY' }, { cents: 0, prorated: true }],
    ['the subscription not loaded yet: unknown', undefined, null],
    ['a plan not in the list: unknown', { ...developer, planId: 9 }, null],
    ['an unreadable date: unknown', { ...developer, currentPeriodEnd: 'soon' }, null],
  ] as const)('%s', (_, subscription, due) => {
    expect(upgradeDueToday({ price: 24_900 }, plans, subscription, now)).toEqual(due);
  });

  it('a plan by contract has nothing due to show', () => {
    expect(upgradeDueToday({ price: null }, plans, null, now)).toBeNull();
  });
});
