import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Schemas } from '@/api/client';
import { type BillingFrequency, type PlanName, planCatalog, priceCentsFor } from '@/domain/plan-catalog';
import { PLAN_ORDER } from '@/domain/plan-rank';

describe('the plan table (SPEC.md §9)', () => {
  it("spells the contract's plan names and billing frequencies (src/domain cannot import them)", () => {
    expectTypeOf<PlanName>().toEqualTypeOf<Schemas['PlanName']>();
    expectTypeOf<BillingFrequency>().toEqualTypeOf<Schemas['BillingFrequency']>();
  });

  it('lists the plans in plan order', () => {
    expect(planCatalog.map((plan) => plan.name)).toEqual([...PLAN_ORDER]);
  });

  it.each([
    ['Free', 10],
    ['Developer', 50],
    ['Business', 200],
    ['Professional', 500],
    ['Enterprise', null],
  ] as const)('%s allows %s requests per second (the FAQ rate limits)', (name, rate) => {
    expect(planCatalog.find((plan) => plan.name === name)?.ratePerSecond).toBe(rate);
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
