import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { stripePriceVariable } from '@server/config-stripe';
import { bearer, signedInUser } from './helpers/accounts';
import { setUpValue } from './helpers/set-up-value';
import {
  eventBody,
  invoiceJson,
  signatureOf,
  startStripeStandIn,
  subscriptionJson,
  testPriceId,
  testPrices,
  testSecretKey,
  testWebhookSecret,
  type JsonObject,
  type StripeStandIn,
} from './helpers/stripe-stand-in';
import { startTestApp, type TestApp } from './helpers/test-app';

type ApiPlan = components['schemas']['Plan'];
type CheckoutStarted = components['schemas']['CheckoutStarted'];
type Checkout = components['schemas']['Checkout'];
type SubscriptionState = components['schemas']['SubscriptionState'];

/**
 * Billing end to end with Stripe configured: the real app, its Stripe adapter (the real SDK) talking
 * to a local stand-in for Stripe's API, and Stripe's webhooks posted to /api/payment/stripe/webhook
 * with real signatures. Only a verified event changes the plan; replays and late events change nothing.
 */

let standIn: StripeStandIn | undefined;
let server: TestApp | undefined;
const app = (): FastifyInstance => setUpValue(server, 'the app').app;
const stand = (): StripeStandIn => setUpValue(standIn, 'the Stripe stand-in');

beforeAll(async () => {
  standIn = await startStripeStandIn({ clock: () => setUpValue(server, 'the app').clock.now() });
  const prices = Object.entries(testPrices).flatMap(([plan, ids]) => [
    [stripePriceVariable(plan, 'MONTHLY'), ids.MONTHLY],
    [stripePriceVariable(plan, 'ANNUALY'), ids.ANNUALY],
  ]);
  server = await startTestApp({
    STRIPE_SECRET_KEY: testSecretKey,
    STRIPE_WEBHOOK_SECRET: testWebhookSecret,
    STRIPE_API_URL: standIn.url,
    ...Object.fromEntries(prices),
  });
});

afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

/** Event times: seconds from the app clock's start, so cycles start at plausible instants. */
function at(offsetSeconds: number): number {
  return Math.floor(setUpValue(server, 'the app').clock.now().getTime() / 1000) + offsetSeconds;
}

function post(body: string, signature: string): Promise<LightMyRequestResponse> {
  return app().inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

/** Stripe delivering one event to the webhook endpoint, signed with the endpoint's secret. */
async function deliver(type: string, object: JsonObject, id: string, created: number): Promise<LightMyRequestResponse> {
  const body = eventBody(type, object, { id, created });
  return post(body, signatureOf(body));
}

async function get<T>(url: string, token: string): Promise<T> {
  const response = await app().inject({ method: 'GET', url, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const planOf = (token: string) => get<ApiPlan>('/api/users/plan', token);
const subscriptionOf = async (token: string) => (await get<SubscriptionState>('/api/users/subscription', token)).subscription;

async function subscribe(token: string, planId: number, frequency: 'MONTHLY' | 'ANNUALY'): Promise<CheckoutStarted> {
  const response = await app().inject({
    method: 'POST',
    url: '/api/users/subscribe',
    headers: bearer(token),
    payload: { planId, frequency },
  });
  if (response.statusCode !== 200) throw new Error(`subscribe answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** A signed-in user who started a Developer checkout: their id, token, Stripe customer and session. */
async function checkoutStarted(label: string) {
  const { token } = await signedInUser(app(), label);
  const { id: userId } = await get<{ id: number }>('/api/users/me', token);
  const started = await subscribe(token, 2, 'MONTHLY');
  const sessions = stand().requestsTo('POST', '/v1/checkout/sessions');
  const session = sessions.at(-1);
  if (session === undefined) throw new Error('no checkout session was created');
  const sessionId = started.url.split('/').at(-1) ?? '';
  return { userId, token, started, sessionId, customer: session.params.customer ?? '', params: session.params };
}

function stripeSubscription(
  id: string,
  customer: string,
  userId: number,
  priceId: string,
  fields: Partial<Parameters<typeof subscriptionJson>[0]> = {},
) {
  return subscriptionJson({ id, customer, userId, priceId, periodStart: at(0), periodEnd: at(30 * 86_400), ...fields });
}

describe('billing with Stripe: a checkout and the life of its subscription', () => {
  it('changes the plan only on the verified checkout.session.completed, once, and never back on a late event', async () => {
    const user = await checkoutStarted('stripe-story');
    expect(user.started.url).toBe(`https://checkout.stripe.test/c/pay/${user.sessionId}`);
    expect(user.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': testPriceId('Developer', 'MONTHLY'),
      'subscription_data[metadata][userId]': String(user.userId),
    });
    expect(user.params.success_url).toContain(user.started.checkoutId);
    // Started, not paid: nothing changes.
    expect(await planOf(user.token)).toMatchObject({ name: 'Free' });
    expect(await get<Checkout>(`/api/payment/checkouts/${user.started.checkoutId}`, user.token)).toMatchObject({
      status: 'open',
      amount: 4900,
    });

    const subscription = stripeSubscription('sub_story', user.customer, user.userId, testPriceId('Developer', 'MONTHLY'));
    stand().subscriptions.set('sub_story', subscription);
    stand().completeSession(user.sessionId);
    const session = {
      id: user.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_story',
      client_reference_id: String(user.userId),
    };
    const completed = eventBody('checkout.session.completed', session, { id: 'evt_story_paid', created: at(0) });
    expect((await post(completed, signatureOf(completed))).statusCode).toBe(200);
    expect(await planOf(user.token)).toMatchObject({ name: 'Developer', rate: 50, credit: 1_500_000, maxKey: 10 });
    expect(await get<Checkout>(`/api/payment/checkouts/${user.started.checkoutId}`, user.token)).toMatchObject({ status: 'complete' });
    expect(await subscriptionOf(user.token)).toMatchObject({ planName: 'Developer', status: 'active', cancelAtPeriodEnd: false });

    // Cancel at period end in the portal, then Stripe delivers the checkout event again: it changes nothing.
    const cancelling = stripeSubscription('sub_story', user.customer, user.userId, testPriceId('Developer', 'MONTHLY'), {
      cancelAtPeriodEnd: true,
    });
    expect((await deliver('customer.subscription.updated', cancelling, 'evt_story_cancel', at(60))).statusCode).toBe(200);
    expect((await post(completed, signatureOf(completed))).statusCode).toBe(200);
    expect(await subscriptionOf(user.token)).toMatchObject({ planName: 'Developer', cancelAtPeriodEnd: true });

    // A paying user's upgrade changes the one subscription through the portal, not a second checkout.
    const sessionsBefore = stand().requestsTo('POST', '/v1/checkout/sessions').length;
    const change = await subscribe(user.token, 4, 'MONTHLY');
    expect(change.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(stand().requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(sessionsBefore);
    expect(stand().requestsTo('POST', '/v1/billing_portal/sessions').at(-1)?.params).toMatchObject({
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': 'sub_story',
      'flow_data[subscription_update_confirm][items][0][price]': testPriceId('Professional', 'MONTHLY'),
    });
    expect(await planOf(user.token)).toMatchObject({ name: 'Developer' });

    // Confirmed in the portal: Stripe reports the new price.
    const professional = stripeSubscription('sub_story', user.customer, user.userId, testPriceId('Professional', 'MONTHLY'));
    expect((await deliver('customer.subscription.updated', professional, 'evt_story_upgrade', at(120))).statusCode).toBe(200);
    expect(await planOf(user.token)).toMatchObject({ name: 'Professional', rate: 500 });
    expect(await get<Checkout>(`/api/payment/checkouts/${change.checkoutId}`, user.token)).toMatchObject({ status: 'complete' });

    // An update Stripe made before the upgrade, delivered after it: ignored.
    const older = stripeSubscription('sub_story', user.customer, user.userId, testPriceId('Developer', 'MONTHLY'));
    expect((await deliver('customer.subscription.updated', older, 'evt_story_late', at(90))).statusCode).toBe(200);
    expect(await planOf(user.token)).toMatchObject({ name: 'Professional' });

    // A renewal fails: past due, the plan kept for the grace period; then paid: active again.
    const renewal = invoiceJson({ id: 'in_story', customer: user.customer, subscription: 'sub_story', status: 'open', total: 49_900 });
    expect((await deliver('invoice.payment_failed', renewal, 'evt_story_failed', at(180))).statusCode).toBe(200);
    const pastDue = await subscriptionOf(user.token);
    expect(pastDue).toMatchObject({ planName: 'Professional', status: 'past_due' });
    expect(pastDue?.graceEndsAt).not.toBeNull();
    expect(await planOf(user.token)).toMatchObject({ name: 'Professional' });
    expect((await deliver('invoice.paid', { ...renewal, status: 'paid' }, 'evt_story_paid_late', at(240))).statusCode).toBe(200);
    expect(await subscriptionOf(user.token)).toMatchObject({ status: 'active', graceEndsAt: null });

    // The subscription ends: back to Free.
    expect((await deliver('customer.subscription.deleted', professional, 'evt_story_end', at(300))).statusCode).toBe(200);
    expect(await planOf(user.token)).toMatchObject({ name: 'Free' });
    expect(await subscriptionOf(user.token)).toBeNull();
  });

  it('a failed renewal delivered alone marks the subscription past due', async () => {
    const user = await checkoutStarted('stripe-failed');
    stand().subscriptions.set(
      'sub_failed',
      stripeSubscription('sub_failed', user.customer, user.userId, testPriceId('Developer', 'MONTHLY')),
    );
    const session = {
      id: user.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_failed',
      client_reference_id: null,
    };
    expect((await deliver('checkout.session.completed', session, 'evt_failed_paid', at(0))).statusCode).toBe(200);
    const invoice = invoiceJson({ id: 'in_failed', customer: user.customer, subscription: 'sub_failed', status: 'open', total: 4900 });
    expect((await deliver('invoice.payment_failed', invoice, 'evt_failed_renewal', at(60))).statusCode).toBe(200);
    expect(await subscriptionOf(user.token)).toMatchObject({ planName: 'Developer', status: 'past_due' });
  });
});

describe('billing with Stripe: what the webhook refuses or ignores', () => {
  it('refuses a delivery whose signature does not verify (400), and applies nothing', async () => {
    const user = await checkoutStarted('stripe-forged');
    stand().subscriptions.set(
      'sub_forged',
      stripeSubscription('sub_forged', user.customer, user.userId, testPriceId('Developer', 'MONTHLY')),
    );
    const session = {
      id: user.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_forged',
      client_reference_id: null,
    };
    const body = eventBody('checkout.session.completed', session, { id: 'evt_forged', created: at(0) });
    const forged = await post(body, signatureOf(body, { secret: 'whsec_not_this_endpoint' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      message: "The Stripe webhook's signature does not verify: No signatures found matching the expected signature for payload.",
    });
    const stale = await post(body, signatureOf(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.statusCode).toBe(400);
    expect(await planOf(user.token)).toMatchObject({ name: 'Free' });
  });

  it('answers 200 to an event type billing does not use', async () => {
    expect((await deliver('charge.succeeded', { id: 'ch_1', object: 'charge' }, 'evt_charge', at(0))).statusCode).toBe(200);
  });

  it('does not acknowledge an event on a price it does not know, so Stripe delivers it again once configured', async () => {
    const user = await checkoutStarted('stripe-unknown-price');
    const subscription = stripeSubscription('sub_unknown', user.customer, user.userId, 'price_not_configured');
    const answer = await deliver('customer.subscription.updated', subscription, 'evt_unknown_price', at(0));
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(await planOf(user.token)).toMatchObject({ name: 'Free' });
  });
  it('refuses (400, logged) a verified event for a user who has no account here, and applies nothing of it', async () => {
    const user = await checkoutStarted('stripe-unknown-user');
    for (const [id, userId] of [
      ['sub_nobody', '999999'],
      ['sub_exponent', '1e3'],
      ['sub_too_big', '2147483648'],
      ['sub_fraction', '12.0'],
    ] as const) {
      const subscription = {
        ...stripeSubscription(id, user.customer, user.userId, testPriceId('Developer', 'MONTHLY')),
        metadata: { userId },
      };
      const answer = await deliver('customer.subscription.updated', subscription, `evt_${id}`, at(0));
      expect(answer.statusCode, `metadata.userId ${userId}`).toBe(400);
      expect(answer.json().message).toMatch(/has no account here|names no user of ours/);
      const { rows } = await app().db.query('SELECT 1 FROM subscriptions WHERE provider_subscription_id = $1', [id]);
      expect(rows).toHaveLength(0);
    }
    expect(await planOf(user.token)).toMatchObject({ name: 'Free' });
  });

  it('refuses (400) a verified event whose times are not times', async () => {
    const user = await checkoutStarted('stripe-bad-times');
    const subscription = stripeSubscription('sub_times', user.customer, user.userId, testPriceId('Developer', 'MONTHLY'));
    for (const created of [1e20, -1, 1.5]) {
      const answer = await deliver('customer.subscription.updated', subscription, `evt_times_${created}`, created);
      expect(answer.statusCode, `created ${created}`).toBe(400);
    }
    const badPeriod = stripeSubscription('sub_times', user.customer, user.userId, testPriceId('Developer', 'MONTHLY'), { periodEnd: 1e20 });
    expect((await deliver('customer.subscription.updated', badPeriod, 'evt_times_period', at(0))).statusCode).toBe(400);
    expect(await planOf(user.token)).toMatchObject({ name: 'Free' });
  });

  it('refuses (400) a plan id the database cannot hold', async () => {
    const { token } = await signedInUser(app(), 'stripe-plan-id-range');
    for (const planId of ['2147483648', '9007199254740994', '1e300', '18446744073709551616', '0', '-1', '2.5']) {
      const response = await app().inject({
        method: 'POST',
        url: '/api/users/subscribe',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: `{"planId": ${planId}, "frequency": "MONTHLY"}`,
      });
      expect(response.statusCode, `planId ${planId}`).toBe(400);
    }
  });
});

describe('billing with Stripe: portal and invoices', () => {
  it("opens the customer's portal and lists their invoices from Stripe", async () => {
    const user = await checkoutStarted('stripe-invoices');
    stand().invoices.push(
      invoiceJson({ id: 'in_listed', customer: user.customer, subscription: 'sub_x', status: 'paid', amountPaid: 4900, total: 4900 }),
    );
    const portal = await get<{ url: string }>('/api/users/stripe', user.token);
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(stand().requestsTo('POST', '/v1/billing_portal/sessions').at(-1)?.params.customer).toBe(user.customer);
    const invoices = await get<components['schemas']['Invoice'][]>('/api/payment/invoices', user.token);
    expect(invoices).toEqual([
      {
        id: 'in_listed',
        number: 'NUM-listed',
        date: new Date(1_790_000_000_000).toISOString(),
        amount: 4900,
        currency: 'USD',
        status: 'paid',
        url: 'https://invoice.stripe.test/in_listed',
        pdfUrl: 'https://invoice.stripe.test/in_listed.pdf',
      },
    ]);
  });
});
