import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInUser } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/test-app';
import { me, putOnPlan } from './gateway-harness';
import type { PlanName } from '@server/plans/catalog';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => server.close());

async function userOn(plan: PlanName): Promise<string> {
  const { token } = await signedInUser(server.app, plan.toLowerCase());
  if (plan !== 'Free') await putOnPlan(server.app, server.clock, (await me(server.app, token)).id, plan);
  return token;
}

function subscribe(token: string | null, payload: unknown) {
  return server.app.inject({
    method: 'POST',
    url: '/api/users/subscribe',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : bearer(token)) },
    payload: JSON.stringify(payload),
  });
}

describe('POST /users/subscribe refuses what is not an upgrade, before any payment starts', () => {
  it.each([
    ['Free', 4, 'MONTHLY', 200, null],
    ['Free', 1, 'MONTHLY', 400, 'The Free plan needs no payment: to go back to Free, cancel your plan in the customer portal.'],
    ['Free', 5, 'ANNUALY', 400, 'The Enterprise plan is arranged with sales: contact sales@example.com.'],
    ['Developer', 2, 'MONTHLY', 409, 'You are already on the Developer plan.'],
    ['Developer', 2, 'ANNUALY', 409, 'You are already on the Developer plan.'],
    ['Business', 2, 'MONTHLY', 400, 'Moving down to Developer goes through the customer portal.'],
    ['Enterprise', 4, 'MONTHLY', 409, 'Your Enterprise plan is arranged with sales: contact sales@example.com to change it.'],
  ] as const)('a %s user asking for plan %i (%s): %i', async (current, planId, frequency, status, message) => {
    const token = await userOn(current);
    const answer = await subscribe(token, { planId, frequency });
    if (status === 200) {
      // The provider decides what follows; the refusals above never reach it.
      expect(answer.statusCode).not.toBe(400);
      expect(answer.statusCode).not.toBe(409);
      return;
    }
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ statusCode: status, message });
  });

  it('refuses an unknown plan, a bad frequency, a price sent by the client, and a missing session', async () => {
    const token = await userOn('Free');
    expect((await subscribe(token, { planId: 99, frequency: 'MONTHLY' })).json()).toMatchObject({
      statusCode: 404,
      message: 'There is no plan with id 99.',
    });
    expect((await subscribe(token, { planId: 2, frequency: 'ANNUALLY' })).statusCode).toBe(400);
    expect((await subscribe(token, { planId: 2, frequency: 'MONTHLY', price: 1 })).statusCode).toBe(400);
    expect((await subscribe(token, { planId: '2', frequency: 'MONTHLY' })).statusCode).toBe(400);
    expect((await subscribe(null, { planId: 2, frequency: 'MONTHLY' })).statusCode).toBe(401);
  });
});
