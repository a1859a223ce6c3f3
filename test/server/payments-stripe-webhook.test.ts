import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookRefused } from '@server/payments/stripe/stripe-webhook';
import type { BillingEvent } from '@server/payments/billing-events';
import { UntranslatableStripeEvent } from '@server/payments/stripe/stripe-errors';
import { createStripeProvider, type StripeProvider } from '@server/payments/stripe/stripe-provider';
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

/**
 * Stripe's webhook deliveries, signed as Stripe signs them (stripe.webhooks.generateTestHeaderString),
 * through the adapter's verifyEvent: each event type billing uses becomes its BillingEvent, others
 * are ignored, and a delivery whose signature does not verify is refused.
 */

const created = 1_790_000_000;
const periodStart = 1_790_000_000;
const periodEnd = 1_792_592_000;

let standIn: StripeStandIn;
let provider: StripeProvider;

function subscription(overrides: Partial<Parameters<typeof subscriptionJson>[0]> = {}): JsonObject {
  return subscriptionJson({
    id: 'sub_1',
    customer: 'cus_1',
    userId: 42,
    priceId: testPriceId('Business', 'MONTHLY'),
    periodStart,
    periodEnd,
    ...overrides,
  });
}

function deliver(type: string, object: JsonObject, id = 'evt_1'): Promise<BillingEvent | null> {
  const body = eventBody(type, object, { id, created });
  return provider.verifyEvent(body, signatureOf(body));
}

async function thrown(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => null,
    (error: unknown) => error,
  );
}

const businessSnapshot = {
  id: 'sub_1',
  customerId: 'cus_1',
  userId: 42,
  planId: 3,
  frequency: 'MONTHLY',
  status: 'active',
  currentPeriodStart: new Date(periodStart * 1000),
  currentPeriodEnd: new Date(periodEnd * 1000),
  cancelAtPeriodEnd: false,
} as const;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = createStripeProvider({
    secretKey: testSecretKey,
    webhookSecret: testWebhookSecret,
    prices: testPrices,
    apiUrl: standIn.url,
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn.close();
});

describe('Stripe webhook: events billing uses', () => {
  it('checkout.session.completed: the subscription read from Stripe, the session as the checkout', async () => {
    standIn.subscriptions.set('sub_1', subscription());
    const session = {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_1',
      client_reference_id: '42',
      status: 'complete',
    };
    expect(await deliver('checkout.session.completed', session)).toEqual({
      provider: 'stripe',
      id: 'evt_1',
      occurredAt: new Date(created * 1000),
      kind: 'checkout-completed',
      checkoutId: 'cs_test_1',
      subscription: businessSnapshot,
    });
    expect(standIn.requestsTo('GET', '/v1/subscriptions/sub_1')).toHaveLength(1);
  });

  it('checkout.session.completed of a one-off payment is ignored', async () => {
    const session = { id: 'cs_test_2', object: 'checkout.session', mode: 'payment', subscription: null, client_reference_id: null };
    expect(await deliver('checkout.session.completed', session)).toBeNull();
  });

  it.each([
    ['customer.subscription.created', 'active', 'active'],
    ['customer.subscription.updated', 'trialing', 'active'],
    ['customer.subscription.updated', 'past_due', 'past_due'],
    ['customer.subscription.updated', 'unpaid', 'past_due'],
    ['customer.subscription.updated', 'canceled', 'canceled'],
    ['customer.subscription.updated', 'incomplete_expired', 'canceled'],
    ['customer.subscription.deleted', 'active', 'canceled'],
  ])('%s with Stripe status %s: subscription-changed, %s', async (type, stripeStatus, status) => {
    expect(await deliver(type, subscription({ status: stripeStatus }))).toEqual({
      provider: 'stripe',
      id: 'evt_1',
      occurredAt: new Date(created * 1000),
      kind: 'subscription-changed',
      subscription: { ...businessSnapshot, status },
    });
  });

  it('a subscription still paying its first invoice (incomplete) is not acted on', async () => {
    expect(await deliver('customer.subscription.created', subscription({ status: 'incomplete' }))).toBeNull();
  });

  it('a switch in the portal: the plan comes from the new price, the end of the period from the cancel flag', async () => {
    const event = await deliver(
      'customer.subscription.updated',
      subscription({ priceId: testPriceId('Professional', 'ANNUALY'), cancelAtPeriodEnd: true }),
    );
    expect(event?.kind === 'subscription-changed' ? event.subscription : null).toEqual({
      ...businessSnapshot,
      planId: 4,
      frequency: 'ANNUALY',
      cancelAtPeriodEnd: true,
    });
  });

  it.each([
    ['invoice.paid', 'invoice-paid'],
    ['invoice.payment_failed', 'invoice-payment-failed'],
  ])('%s of a subscription: %s', async (type, kind) => {
    const invoice = invoiceJson({
      id: 'in_1',
      customer: 'cus_1',
      subscription: 'sub_1',
      status: type === 'invoice.paid' ? 'paid' : 'open',
    });
    expect(await deliver(type, invoice, 'evt_invoice')).toEqual({
      provider: 'stripe',
      id: 'evt_invoice',
      occurredAt: new Date(created * 1000),
      kind,
      subscriptionId: 'sub_1',
    });
  });

  it('an invoice of no subscription is ignored', async () => {
    expect(await deliver('invoice.paid', invoiceJson({ id: 'in_2', customer: 'cus_1', subscription: null }))).toBeNull();
  });

  it.each(['charge.succeeded', 'customer.created', 'invoice.created', 'payment_intent.succeeded'])('%s is ignored', async (type) => {
    expect(await deliver(type, { id: 'x_1', object: 'thing' })).toBeNull();
  });

  it('a subscription on a price this server does not know is a clear error, not a crash', async () => {
    const error = await thrown(deliver('customer.subscription.updated', subscription({ priceId: 'price_unknown' })));
    expect(error).toBeInstanceOf(UntranslatableStripeEvent);
    expect(error instanceof Error ? error.message : '').toBe(
      'Stripe subscription sub_1 is on price price_unknown, which is none of the configured STRIPE_PRICE_* ids.',
    );
  });

  it('a subscription without our user in its metadata is a clear error', async () => {
    const error = await thrown(deliver('customer.subscription.updated', subscription({ userId: null })));
    expect(error).toBeInstanceOf(UntranslatableStripeEvent);
    expect(error instanceof Error ? error.message : '').toContain('names no user of ours');
  });
});

describe('Stripe webhook: deliveries refused', () => {
  const body = eventBody(
    'customer.subscription.updated',
    subscriptionJson({ id: 'sub_9', customer: 'cus_9', userId: 9, priceId: 'price_developer_monthly', periodStart, periodEnd }),
    {
      id: 'evt_9',
      created,
    },
  );

  it('a body changed after signing', async () => {
    const tampered = body.replace('"userId":"9"', '"userId":"1"');
    expect(tampered).not.toBe(body);
    const error = await thrown(provider.verifyEvent(tampered, signatureOf(body)));
    expect(error).toBeInstanceOf(WebhookRefused);
    expect(error instanceof Error ? error.message : '').toBe(
      "The Stripe webhook's signature does not verify: No signatures found matching the expected signature for payload.",
    );
  });

  it('a signature made with another secret', async () => {
    const error = await thrown(provider.verifyEvent(body, signatureOf(body, { secret: 'whsec_someone_else' })));
    expect(error).toBeInstanceOf(WebhookRefused);
  });

  it('a signature older than Stripe allows (a late replay)', async () => {
    const error = await thrown(provider.verifyEvent(body, signatureOf(body, { timestamp: Math.floor(Date.now() / 1000) - 600 })));
    expect(error).toBeInstanceOf(WebhookRefused);
    expect(error instanceof Error ? error.message : '').toBe(
      "The Stripe webhook's signature does not verify: Timestamp outside the tolerance zone",
    );
  });

  it.each([
    ['no signature', ''],
    ['a header that is not a signature', 'not-a-signature'],
  ])('%s', async (_, header) => {
    expect(await thrown(provider.verifyEvent(body, header))).toBeInstanceOf(WebhookRefused);
  });

  it('a signed body that is not an event', async () => {
    expect(await thrown(provider.verifyEvent('not json', signatureOf('not json')))).toBeInstanceOf(WebhookRefused);
  });

  it('the same delivery signed correctly is accepted', async () => {
    expect(await provider.verifyEvent(body, signatureOf(body))).toMatchObject({ kind: 'subscription-changed', id: 'evt_9' });
  });
});
