import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import type { BillingEvent, SubscriptionSnapshot } from '@server/payments/billing-events';
import { bearer } from './helpers/accounts';
import { hours } from './helpers/manual-clock';
import { call, keyHolder, me, putOnPlan, rpc, setUpGatewayApp, type KeyHolder } from './gateway-harness';

type ApiPlan = components['schemas']['Plan'];
type SubscriptionState = components['schemas']['SubscriptionState'];

/**
 * The one path by which a payment changes a plan: the provider's events, as both adapters deliver
 * them to the billing service (Stripe's verified webhooks, the local test-mode provider's pages).
 */
// Sessions outlive the grace periods the clock moves through.
const server = setUpGatewayApp({ env: { SESSION_TTL_HOURS: '8760' } });

const dayMs = 24 * hours(1);
let eventCount = 0;

function snapshot(holder: KeyHolder, overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    id: `sub_${holder.userId}`,
    customerId: `cus_${holder.userId}`,
    userId: holder.userId,
    planId: 2,
    frequency: 'MONTHLY',
    status: 'active',
    currentPeriodStart: server.clock.now(),
    currentPeriodEnd: new Date(server.clock.now().getTime() + 30 * dayMs),
    cancelAtPeriodEnd: false,
    ...overrides,
  };
}

function event<K extends BillingEvent['kind']>(
  kind: K,
  fields: Omit<Extract<BillingEvent, { kind: K }>, 'kind' | 'id' | 'provider' | 'occurredAt'>,
  occurredAt = server.clock.now(),
): Extract<BillingEvent, { kind: K }> {
  eventCount += 1;
  return { kind, id: `evt_${eventCount}`, provider: 'stripe', occurredAt, ...fields } as Extract<BillingEvent, { kind: K }>;
}

async function userPlan(app: FastifyInstance, token: string): Promise<ApiPlan> {
  return (await app.inject({ method: 'GET', url: '/api/users/plan', headers: bearer(token) })).json();
}

async function subscriptionOf(app: FastifyInstance, token: string): Promise<SubscriptionState['subscription']> {
  const answer: SubscriptionState = (await app.inject({ method: 'GET', url: '/api/users/subscription', headers: bearer(token) })).json();
  return answer.subscription;
}

/** How many of `count` calls made at one instant the gateway lets through (the clock stands still). */
async function admitted(apiKey: string, count: number): Promise<number> {
  server.clock.advance(1000);
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => rpc(server.app, apiKey, call('eth_chainId', index))));
  return answers.filter((answer) => answer.statusCode === 200).length;
}

describe('payment events', () => {
  it('a completed checkout moves the user to the plan, starts a new cycle, and the gateway applies its rate at once', async () => {
    const holder = await keyHolder(server.app, 'upgrade');
    expect(await admitted(holder.apiKey, 20)).toBe(10);
    expect((await me(server.app, holder.token)).currentCredit).toBeGreaterThan(0);

    const outcome = await server.app.billing.applyEvent(
      event('checkout-completed', { checkoutId: 'cs_1', subscription: snapshot(holder) }),
    );
    expect(outcome).toMatchObject({ result: 'applied', planChangedFor: holder.userId });
    expect(await userPlan(server.app, holder.token)).toMatchObject({ name: 'Developer', rate: 50, credit: 1_500_000, maxKey: 10 });
    expect((await me(server.app, holder.token)).currentCredit).toBe(0);
    expect(await subscriptionOf(server.app, holder.token)).toMatchObject({ planName: 'Developer', status: 'active', graceEndsAt: null });
    expect(await admitted(holder.apiKey, 20)).toBe(20);
  });

  it('a replayed event changes nothing, and an event older than the stored state is ignored', async () => {
    const holder = await keyHolder(server.app, 'replay');
    const paid = event('checkout-completed', { checkoutId: 'cs_2', subscription: snapshot(holder) });
    await server.app.billing.applyEvent(paid);
    server.clock.advance(hours(1));
    const upgraded = event('subscription-changed', { subscription: snapshot(holder, { planId: 3 }) });
    const older = event(
      'subscription-changed',
      { subscription: snapshot(holder, { planId: 2 }) },
      new Date(server.clock.now().getTime() - 1000),
    );
    expect((await server.app.billing.applyEvent(upgraded)).result).toBe('applied');
    expect((await server.app.billing.applyEvent(older)).result).toBe('stale');
    expect((await server.app.billing.applyEvent(paid)).result).toBe('duplicate');
    expect((await server.app.billing.applyEvent(upgraded)).result).toBe('duplicate');
    expect((await userPlan(server.app, holder.token)).name).toBe('Business');
  });

  it('a failed renewal makes the subscription past due with the plan kept for the grace period, then Free', async () => {
    const holder = await keyHolder(server.app, 'past-due');
    const subscription = snapshot(holder, { planId: 3 });
    await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_3', subscription }));
    server.clock.advance(hours(2));
    const failedAt = server.clock.now();
    await server.app.billing.applyEvent(event('invoice-payment-failed', { subscriptionId: subscription.id }));
    expect(await subscriptionOf(server.app, holder.token)).toMatchObject({
      status: 'past_due',
      graceEndsAt: new Date(failedAt.getTime() + 7 * dayMs).toISOString(),
    });
    // A second failure does not move the start of the grace period.
    server.clock.advance(dayMs);
    await server.app.billing.applyEvent(event('invoice-payment-failed', { subscriptionId: subscription.id }));
    expect((await subscriptionOf(server.app, holder.token))?.graceEndsAt).toBe(new Date(failedAt.getTime() + 7 * dayMs).toISOString());

    server.clock.advance(5 * dayMs);
    await server.app.billing.endExpiredGrace();
    expect((await userPlan(server.app, holder.token)).name).toBe('Business');
    server.clock.advance(dayMs);
    await server.app.billing.endExpiredGrace();
    expect((await userPlan(server.app, holder.token)).name).toBe('Free');
    expect(await subscriptionOf(server.app, holder.token)).toBeNull();
    expect(await admitted(holder.apiKey, 20)).toBe(10);
  });

  it('a paid invoice ends the past-due state; an older failure arriving late does not bring it back', async () => {
    const holder = await keyHolder(server.app, 'recovered');
    const subscription = snapshot(holder);
    await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_4', subscription }));
    server.clock.advance(1000);
    const failed = event('invoice-payment-failed', { subscriptionId: subscription.id });
    server.clock.advance(1000);
    await server.app.billing.applyEvent(event('invoice-paid', { subscriptionId: subscription.id }));
    expect((await server.app.billing.applyEvent(failed)).result).toBe('stale');
    expect(await subscriptionOf(server.app, holder.token)).toMatchObject({ status: 'active', graceEndsAt: null });
  });

  it('two states in the same second are ordered by the subscription itself, not by the order they arrive in', async () => {
    const holder = await keyHolder(server.app, 'same-second');
    const subscription = snapshot(holder, { planId: 3 });
    await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_same', subscription }));
    server.clock.advance(hours(1));
    // Deleted, and (same second) an update of the state before it, delivered after it.
    const second = server.clock.now();
    const deleted = event('subscription-changed', { subscription: { ...subscription, status: 'canceled' } }, second);
    const before = event('subscription-changed', { subscription: { ...subscription, cancelAtPeriodEnd: true } }, second);
    expect((await server.app.billing.applyEvent(deleted)).result).toBe('applied');
    expect((await server.app.billing.applyEvent(before)).result).toBe('stale');
    expect((await userPlan(server.app, holder.token)).name).toBe('Free');
    expect(await subscriptionOf(server.app, holder.token)).toBeNull();

    // A renewal, and (same second) the period before it arriving late.
    const renewing = await keyHolder(server.app, 'same-second-renewal');
    const first = snapshot(renewing, { planId: 2 });
    await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_same_2', subscription: first }));
    server.clock.advance(hours(1));
    const at = server.clock.now();
    const renewed = {
      ...first,
      currentPeriodStart: first.currentPeriodEnd,
      currentPeriodEnd: new Date(first.currentPeriodEnd.getTime() + 30 * dayMs),
    };
    await server.app.billing.applyEvent(event('subscription-changed', { subscription: renewed }, at));
    expect(
      (await server.app.billing.applyEvent(event('subscription-changed', { subscription: { ...first, status: 'past_due' } }, at))).result,
    ).toBe('stale');
    expect(await subscriptionOf(server.app, renewing.token)).toMatchObject({
      status: 'active',
      currentPeriodStart: renewed.currentPeriodStart.toISOString(),
    });
  });

  it('cancelled at period end: the plan stays until the deletion, then Free', async () => {
    const holder = await keyHolder(server.app, 'cancel');
    const subscription = snapshot(holder, { planId: 4, frequency: 'ANNUALY' });
    await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_5', subscription }));
    server.clock.advance(1000);
    await server.app.billing.applyEvent(event('subscription-changed', { subscription: { ...subscription, cancelAtPeriodEnd: true } }));
    expect(await subscriptionOf(server.app, holder.token)).toMatchObject({ planName: 'Professional', cancelAtPeriodEnd: true });
    expect((await userPlan(server.app, holder.token)).name).toBe('Professional');
    server.clock.advance(1000);
    await server.app.billing.applyEvent(event('subscription-changed', { subscription: { ...subscription, status: 'canceled' } }));
    expect(await userPlan(server.app, holder.token)).toMatchObject({ name: 'Free', billingFrequency: 'MONTHLY' });
    expect(await subscriptionOf(server.app, holder.token)).toBeNull();
  });

  it('a second subscription of a paying user is a duplicate: cancelled, and the plan stays that of the first', async () => {
    const holder = await keyHolder(server.app, 'duplicate');
    await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_6', subscription: snapshot(holder) }));
    const second = snapshot(holder, { id: `sub_${holder.userId}_again`, planId: 3 });
    const outcome = await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_7', subscription: second }));
    expect(outcome).toMatchObject({ result: 'applied', duplicateSubscription: second.id, planChangedFor: null });
    expect((await userPlan(server.app, holder.token)).name).toBe('Developer');
    // Later events of the duplicate never move the plan either.
    server.clock.advance(1000);
    await server.app.billing.applyEvent(event('subscription-changed', { subscription: { ...second, status: 'canceled' } }));
    expect((await userPlan(server.app, holder.token)).name).toBe('Developer');
  });

  it('never changes an Enterprise plan given by the admin command', async () => {
    const holder = await keyHolder(server.app, 'enterprise');
    await putOnPlan(server.app, server.clock, holder.userId, 'Enterprise');
    await server.app.billing.applyEvent(event('checkout-completed', { checkoutId: 'cs_8', subscription: snapshot(holder) }));
    expect((await userPlan(server.app, holder.token)).name).toBe('Enterprise');
  });

  it('applies the same event delivered 60 times at once exactly once', async () => {
    const holder = await keyHolder(server.app, 'parallel');
    const paid = event('checkout-completed', { checkoutId: 'cs_9', subscription: snapshot(holder, { planId: 3 }) });
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => server.app.billing.applyEvent(paid)));
    expect(outcomes.filter((outcome) => outcome.result === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.result === 'duplicate')).toHaveLength(59);
    const rows = await server.app.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM subscriptions WHERE user_id = $1', [
      holder.userId,
    ]);
    expect(rows.rows[0]?.n).toBe(1);
  });
});
