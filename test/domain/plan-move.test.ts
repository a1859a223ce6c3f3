import { describe, expect, it } from 'vitest';
import { nextPlan, type CurrentPlan, type PlanCause, type PlanChoice } from '@/domain/plan-move';
import type { BillingFrequency } from '@/domain/plan-catalog';

const on = (planName: string | null, planId: number, frequency: BillingFrequency = 'MONTHLY'): CurrentPlan => ({
  planName,
  planId,
  frequency,
});
const plan = (planId: number, frequency: BillingFrequency = 'MONTHLY'): PlanChoice => ({ planId, frequency });
const subscription = (target: PlanChoice): PlanCause => ({ kind: 'subscription', plan: target });
const operator = (target: PlanChoice): PlanCause => ({ kind: 'operator', plan: target });
const ended: PlanCause = { kind: 'subscription-ended' };

describe('nextPlan: the one rule that decides a user plan (billing events, the grace sweep, the admin command)', () => {
  it.each<[string, CurrentPlan, PlanCause, PlanChoice | null]>([
    // Billing events: a subscription's plan.
    ['a checkout moves Free to Developer', on('Free', 1), subscription(plan(2)), plan(2)],
    ['a renewal on the same plan keeps the cycle', on('Developer', 2), subscription(plan(2)), null],
    ['a switch of frequency moves it', on('Developer', 2), subscription(plan(2, 'ANNUALY')), plan(2, 'ANNUALY')],
    ['a switch down to a cheaper plan moves it', on('Professional', 4, 'ANNUALY'), subscription(plan(3, 'ANNUALY')), plan(3, 'ANNUALY')],
    ['payments never touch Enterprise: no move up or sideways', on('Enterprise', 5), subscription(plan(4, 'ANNUALY')), null],
    ['a user on a plan missing from the table follows the subscription', on(null, 9), subscription(plan(2)), plan(2)],
    // Billing events and the grace sweep: the subscription ended.
    ['an ended subscription drops to Free, monthly', on('Business', 3, 'ANNUALY'), ended, plan(1)],
    ['an ended subscription of a Free user changes nothing', on('Free', 1), ended, null],
    ['an ended annual Free is made monthly', on('Free', 1, 'ANNUALY'), ended, plan(1)],
    ['an ended subscription never drops an Enterprise user', on('Enterprise', 5), ended, null],
    // The admin command.
    ['an operator sets Enterprise', on('Professional', 4), operator(plan(5, 'ANNUALY')), plan(5, 'ANNUALY')],
    ['an operator moves an Enterprise user', on('Enterprise', 5), operator(plan(1)), plan(1)],
    ['an operator re-setting the same plan changes nothing (the cycle goes on)', on('Developer', 2), operator(plan(2)), null],
    ['an operator re-setting Enterprise changes nothing', on('Enterprise', 5, 'ANNUALY'), operator(plan(5, 'ANNUALY')), null],
    ['an operator changing only the frequency moves it', on('Developer', 2), operator(plan(2, 'ANNUALY')), plan(2, 'ANNUALY')],
  ])('%s', (_, current, cause, moved) => {
    expect(nextPlan(current, cause)).toEqual(moved);
  });
});
