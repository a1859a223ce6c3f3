import { describe, expect, it } from 'vitest';
import { planMoves, type PlanMover } from '@server/payments/user-plan';

const on = (planName: string, planId: number, frequency: 'MONTHLY' | 'ANNUALY' = 'MONTHLY') => ({ planName, planId, frequency });

describe('planMoves: the one rule for who may move a plan', () => {
  it.each<[string, ReturnType<typeof on>, { planId: number; frequency: 'MONTHLY' | 'ANNUALY' }, PlanMover, boolean]>([
    ['a checkout moves Free to Developer', on('Free', 1), { planId: 2, frequency: 'MONTHLY' }, 'payments', true],
    ['a renewal on the same plan keeps the cycle', on('Developer', 2), { planId: 2, frequency: 'MONTHLY' }, 'payments', false],
    ['a switch of frequency moves it', on('Developer', 2), { planId: 2, frequency: 'ANNUALY' }, 'payments', true],
    ['an ended subscription drops to Free', on('Business', 3), { planId: 1, frequency: 'MONTHLY' }, 'payments', true],
    ['payments never touch Enterprise', on('Enterprise', 5), { planId: 1, frequency: 'MONTHLY' }, 'payments', false],
    ['nor move it up or sideways', on('Enterprise', 5), { planId: 4, frequency: 'ANNUALY' }, 'payments', false],
    ['an operator sets Enterprise', on('Professional', 4), { planId: 5, frequency: 'ANNUALY' }, 'operator', true],
    ['an operator moves an Enterprise user', on('Enterprise', 5), { planId: 1, frequency: 'MONTHLY' }, 'operator', true],
    ['an operator re-setting the same plan starts a new cycle', on('Developer', 2), { planId: 2, frequency: 'MONTHLY' }, 'operator', true],
  ])('%s', (_, current, target, by, moves) => {
    expect(planMoves(current, target, by)).toBe(moves);
  });
});
