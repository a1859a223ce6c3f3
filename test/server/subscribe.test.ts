import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInUser } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/test-app';
import { me, putOnPlan } from './gateway-harness';
import type { PlanName } from '@/domain/plan-catalog';

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

describe('racing checkouts', () => {
  it('60 parallel subscribes leave one payable checkout; paying all 60 at once makes one subscription and one invoice', async () => {
    const { token } = await signedInUser(server.app, 'racer');
    const answers = await Promise.all(Array.from({ length: 60 }, () => subscribe(token, { planId: 3, frequency: 'ANNUALY' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(200));
    const started: Array<{ url: string; checkoutId: string }> = answers.map((answer) => answer.json());
    const statuses = await Promise.all(
      started.map(async ({ checkoutId }) => {
        const answer = await server.app.inject({ method: 'GET', url: `/api/payment/checkouts/${checkoutId}`, headers: bearer(token) });
        return answer.json<{ status: string }>().status;
      }),
    );
    expect(statuses.filter((status) => status === 'open')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'expired')).toHaveLength(59);

    const card = new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ada' }).toString();
    const paid = await Promise.all(
      started.map(({ url }) =>
        server.app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: card,
        }),
      ),
    );
    expect(paid.filter((answer) => answer.statusCode === 303)).toHaveLength(1);
    expect(paid.filter((answer) => answer.statusCode === 409)).toHaveLength(59);
    const userId = (await me(server.app, token)).id;
    const subscriptions = await server.app.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM subscriptions WHERE user_id = $1', [
      userId,
    ]);
    expect(subscriptions.rows[0]?.n).toBe(1);
    const invoices = await server.app.inject({ method: 'GET', url: '/api/payment/invoices', headers: bearer(token) });
    expect(invoices.json()).toEqual([expect.objectContaining({ amount: 268_920, currency: 'USD', status: 'paid' })]);
    const plan = await server.app.inject({ method: 'GET', url: '/api/users/plan', headers: bearer(token) });
    expect(plan.json()).toMatchObject({ name: 'Business', billingFrequency: 'ANNUALY', price: 268_920 });
  });

  it("never shows another user's checkout", async () => {
    const owner = await signedInUser(server.app, 'owner');
    const other = await signedInUser(server.app, 'other');
    const { checkoutId } = (await subscribe(owner.token, { planId: 2, frequency: 'MONTHLY' })).json<{ checkoutId: string }>();
    const answer = await server.app.inject({ method: 'GET', url: `/api/payment/checkouts/${checkoutId}`, headers: bearer(other.token) });
    expect(answer.statusCode).toBe(404);
  });
});
