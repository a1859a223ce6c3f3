import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Schemas } from '@/api/client';
import {
  type BillingFrequency,
  billingFrequencies,
  byFrequency,
  cardPlans,
  catalogPlan,
  contractPlan,
  defaultPlan,
  demoPlan,
  discountLabel,
  listedPlans,
  lowestWith,
  parseBillingFrequency,
  type PlanName,
  planCatalog,
  planNamed,
  planRank,
  priceCentsFor,
} from '@/domain/plan-catalog';

const names = (plans: readonly { name: string }[]) => plans.map((plan) => plan.name);

describe('the plan table (SPEC.md §9)', () => {
  it("spells the contract's plan names and billing frequencies (src/domain cannot import them)", () => {
    expectTypeOf<PlanName>().toEqualTypeOf<Schemas['PlanName']>();
    expectTypeOf<BillingFrequency>().toEqualTypeOf<Schemas['BillingFrequency']>();
  });

  it('lists the plans in plan order, each rank its place', () => {
    expect(names(planCatalog)).toEqual(['Free', 'Developer', 'Business', 'Professional', 'Enterprise']);
    expect(planCatalog.map(planRank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('holds each id and name once', () => {
    expect(new Set(planCatalog.map((plan) => plan.id)).size).toBe(planCatalog.length);
    expect(new Set(names(planCatalog)).size).toBe(planCatalog.length);
  });

  it('offers Free to Professional on /billing (Enterprise by contact), sells Developer to Professional by card', () => {
    expect(names(listedPlans)).toEqual(['Free', 'Developer', 'Business', 'Professional']);
    expect(names(cardPlans)).toEqual(['Developer', 'Business', 'Professional']);
    expect(defaultPlan.name).toBe('Free');
    expect(demoPlan.name).toBe('Professional');
    expect(names(planCatalog.filter((plan) => plan.sold === 'contract'))).toEqual(['Enterprise']);
    expect(contractPlan.name).toBe('Enterprise');
  });

  it('prices the plans sold by card, not the default plan nor the one by contract', () => {
    for (const plan of planCatalog) {
      if (plan.sold === 'card') expect(plan.monthlyPriceUsd).toBeGreaterThan(0);
      if (plan.sold === 'default') expect(plan.monthlyPriceUsd).toBe(0);
      if (plan.sold === 'contract') expect(plan.monthlyPriceUsd).toBeNull();
    }
  });

  it.each([
    ['Free', 10],
    ['Developer', 50],
    ['Business', 200],
    ['Professional', 500],
    ['Enterprise', null],
  ] as const)('%s allows %s requests per second (the FAQ rate limits)', (name, rate) => {
    expect(planNamed(name)?.ratePerSecond).toBe(rate);
  });

  it.each([
    // SPEC.md §6: chat support, RPC metrics, the staked URL and autoscaling need a paid plan; the Geyser websocket Business or above; no invites on Free.
    ['Free', []],
    ['Developer', ['requestLog', 'metrics', 'chat', 'staked', 'autoscaling', 'invites']],
    ['Business', ['requestLog', 'metrics', 'chat', 'staked', 'geyser', 'autoscaling', 'invites']],
    ['Professional', ['requestLog', 'metrics', 'chat', 'staked', 'geyser', 'autoscaling', 'invites']],
    ['Enterprise', ['requestLog', 'metrics', 'chat', 'staked', 'geyser', 'autoscaling', 'invites']],
  ] as const)('%s unlocks %j', (name, unlocked) => {
    const entitlements = planNamed(name)?.entitlements ?? {};
    expect(Object.entries(entitlements).flatMap(([entitlement, on]) => (on ? [entitlement] : []))).toEqual(unlocked);
  });

  it.each([
    ['requestLog', 'Developer'],
    ['metrics', 'Developer'],
    ['geyser', 'Business'],
  ] as const)('the lowest plan with %s is %s', (entitlement, name) => {
    expect(lowestWith(entitlement).name).toBe(name);
  });

  it.each([
    ['Business', 'Business'],
    ['business', null],
    ['Gold', null],
    [undefined, null],
    [null, null],
  ] as const)('planNamed(%j) is the %s row', (name, found) => {
    expect(planNamed(name)?.name ?? null).toBe(found);
  });

  it('reads an id it does not hold as the default plan', () => {
    expect(catalogPlan(3).name).toBe('Business');
    expect(catalogPlan(99)).toBe(defaultPlan);
  });
});

describe('billing frequencies', () => {
  it.each([
    ['MONTHLY', 'MONTHLY'],
    ['ANNUALY', 'ANNUALY'],
    ['annualy', null],
    ['YEARLY', null],
    ['', null],
    [null, null],
    [12, null],
  ] as const)('parseBillingFrequency(%j) → %s', (value, frequency) => {
    expect(parseBillingFrequency(value)).toBe(frequency);
  });

  it("labels the yearly switch '- 10%' (SPEC.md §9) and the monthly one with none", () => {
    expect(discountLabel('ANNUALY')).toBe('- 10%');
    expect(discountLabel('MONTHLY')).toBeNull();
  });

  it('gives one value for each frequency', () => {
    expect(Object.keys(byFrequency((frequency) => frequency))).toEqual([...billingFrequencies]);
  });

  it.each([
    [49, 'MONTHLY', 4_900],
    [49, 'ANNUALY', 52_920],
    [0, 'ANNUALY', 0],
    [null, 'MONTHLY', null],
  ] as const)('prices %s USD a month at %s as %s cents', (monthly, frequency, cents) => {
    expect(priceCentsFor(monthly, frequency)).toBe(cents);
  });
});
