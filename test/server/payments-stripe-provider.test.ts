import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError, type PlanPrice } from '@server/payments/provider';
import { createStripeProvider, type StripeProvider } from '@server/payments/stripe/stripe-provider';
import {
  invoiceJson,
  startStripeStandIn,
  subscriptionJson,
  testPriceId,
  testPrices,
  testSecretKey,
  testWebhookSecret,
  type RecordedRequest,
  type StripeStandIn,
} from './helpers/stripe-stand-in';

/**
 * The Stripe adapter with the real `stripe` SDK over real HTTP, against a local stand-in for
 * Stripe's API: what it sends is what Stripe needs, what Stripe answers is mapped, and every
 * refusal or silence is a ProviderError that never shows the secret key.
 */

const developerMonthly: PlanPrice = { planId: 2, planName: 'Developer', frequency: 'MONTHLY', amountCents: 4900 };
const businessYearly: PlanPrice = { planId: 3, planName: 'Business', frequency: 'ANNUALY', amountCents: 268_920 };
const urls = { successUrl: 'https://dash.test/billing/success?checkout=chk_1', cancelUrl: 'https://dash.test/billing/cancel' };

let standIn: StripeStandIn;
let provider: StripeProvider;

function adapter(options: { maxNetworkRetries?: number; apiUrl?: string } = {}): StripeProvider {
  return createStripeProvider({
    secretKey: testSecretKey,
    webhookSecret: testWebhookSecret,
    prices: testPrices,
    apiUrl: options.apiUrl ?? standIn.url,
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
  });
}

function only(requests: RecordedRequest[]): RecordedRequest {
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (request === undefined) throw new Error('no request');
  return request;
}

async function refusalOf(call: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = adapter();
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.requests.length = 0;
});

describe('Stripe adapter: calls', () => {
  it('creates a customer with our user id, authenticated by the secret key, under an idempotency key', async () => {
    const id = await provider.createCustomer({ userId: 7, email: 'ada@example.com' });
    expect(id).toMatch(/^cus_/);
    const request = only(standIn.requestsTo('POST', '/v1/customers'));
    expect(request.params).toEqual({ email: 'ada@example.com', 'metadata[userId]': '7' });
    expect(request.headers.authorization).toBe(`Bearer ${testSecretKey}`);
    expect(request.headers['idempotency-key']).toMatch(/^customer-/);
  });

  it('starts a Checkout Session in subscription mode on the configured price, our ids in its metadata', async () => {
    const started = await provider.startCheckout({ userId: 7, customerId: 'cus_7', price: developerMonthly, ...urls });
    expect(started.id).toMatch(/^cs_test_/);
    expect(started.url).toBe(`https://checkout.stripe.test/c/pay/${started.id}`);
    expect(started.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const request = only(standIn.requestsTo('POST', '/v1/checkout/sessions'));
    expect(request.params).toEqual({
      mode: 'subscription',
      customer: 'cus_7',
      client_reference_id: '7',
      'line_items[0][price]': testPriceId('Developer', 'MONTHLY'),
      'line_items[0][quantity]': '1',
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
      'metadata[userId]': '7',
      'metadata[planId]': '2',
      'metadata[frequency]': 'MONTHLY',
      'subscription_data[metadata][userId]': '7',
      'subscription_data[metadata][planId]': '2',
      'subscription_data[metadata][frequency]': 'MONTHLY',
    });
    expect(request.headers['idempotency-key']).toMatch(/^checkout-/);
  });

  it('gives the same checkout the same idempotency key, and another checkout another', async () => {
    await provider.startCheckout({ userId: 7, customerId: 'cus_7', price: businessYearly, ...urls });
    await provider.startCheckout({ userId: 7, customerId: 'cus_7', price: businessYearly, ...urls });
    await provider.startCheckout({ userId: 7, customerId: 'cus_7', price: businessYearly, ...urls, successUrl: `${urls.successUrl}2` });
    const keys = standIn.requestsTo('POST', '/v1/checkout/sessions').map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(standIn.requestsTo('POST', '/v1/checkout/sessions')[0]?.params['line_items[0][price]']).toBe(testPriceId('Business', 'ANNUALY'));
  });

  it('refuses to start a checkout on a Stripe price that charges another amount than the plan table', async () => {
    const professional: PlanPrice = { planId: 4, planName: 'Professional', frequency: 'MONTHLY', amountCents: 49_900 };
    const price = standIn.prices.get(testPriceId('Professional', 'MONTHLY'));
    if (price === undefined) throw new Error('no price');
    price.unit_amount = 50_000;
    const error = await refusalOf(provider.startCheckout({ userId: 7, customerId: 'cus_7', price: professional, ...urls }));
    price.unit_amount = 49_900;
    expect(error.message).toContain('charges 50000 cents; the plan costs 49900 cents');
    expect(standIn.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it("changes a paying user's one subscription through the portal's confirm flow, back to the success page", async () => {
    standIn.subscriptions.set(
      'sub_change',
      subscriptionJson({
        id: 'sub_change',
        customer: 'cus_7',
        userId: 7,
        priceId: testPriceId('Developer', 'MONTHLY'),
        periodStart: 1,
        periodEnd: 2,
      }),
    );
    const started = await provider.startChange({
      userId: 7,
      customerId: 'cus_7',
      subscriptionId: 'sub_change',
      current: developerMonthly,
      price: businessYearly,
      ...urls,
    });
    expect(started.id).toMatch(/^bps_/);
    expect(started.url).toBe(`https://billing.stripe.test/p/session/${started.id}`);
    const request = only(standIn.requestsTo('POST', '/v1/billing_portal/sessions'));
    expect(request.params).toEqual({
      customer: 'cus_7',
      return_url: urls.cancelUrl,
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': 'sub_change',
      'flow_data[subscription_update_confirm][items][0][id]': 'si_change',
      'flow_data[subscription_update_confirm][items][0][price]': testPriceId('Business', 'ANNUALY'),
      'flow_data[subscription_update_confirm][items][0][quantity]': '1',
      'flow_data[after_completion][type]': 'redirect',
      'flow_data[after_completion][redirect][return_url]': urls.successUrl,
    });
    expect(standIn.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('refuses a change of a subscription of another customer', async () => {
    const error = await refusalOf(
      provider.startChange({
        userId: 8,
        customerId: 'cus_8',
        subscriptionId: 'sub_change',
        current: developerMonthly,
        price: businessYearly,
        ...urls,
      }),
    );
    expect(error.message).toContain('belongs to another customer');
    expect(standIn.requestsTo('POST', '/v1/billing_portal/sessions')).toHaveLength(0);
  });

  it('expires an open checkout; one already paid or a portal session is left as it is', async () => {
    const open = await provider.startCheckout({
      userId: 7,
      customerId: 'cus_7',
      price: developerMonthly,
      ...urls,
      successUrl: 'https://dash.test/a',
    });
    await provider.expireCheckout(open.id);
    expect(standIn.requestsTo('POST', `/v1/checkout/sessions/${open.id}/expire`)).toHaveLength(1);
    await provider.expireCheckout(open.id);

    const paid = await provider.startCheckout({
      userId: 7,
      customerId: 'cus_7',
      price: developerMonthly,
      ...urls,
      successUrl: 'https://dash.test/b',
    });
    standIn.completeSession(paid.id);
    await provider.expireCheckout(paid.id);

    const before = standIn.requests.length;
    await provider.expireCheckout('bps_anything');
    expect(standIn.requests).toHaveLength(before);

    const error = await refusalOf(provider.expireCheckout('cs_test_unknown'));
    expect(error.message).toContain('Stripe could not end the checkout');
  });

  it("tells where a checkout stands: Stripe's session status; a portal change session counts as open", async () => {
    const session = await provider.startCheckout({ userId: 7, customerId: 'cus_7', price: developerMonthly, ...urls });
    expect(await provider.checkoutState(session.id)).toBe('open');
    await provider.expireCheckout(session.id);
    expect(await provider.checkoutState(session.id)).toBe('expired');
    const paid = await provider.startCheckout({
      userId: 7,
      customerId: 'cus_7',
      price: developerMonthly,
      ...urls,
      successUrl: 'https://dash.test/c',
    });
    standIn.completeSession(paid.id);
    expect(await provider.checkoutState(paid.id)).toBe('complete');
    const before = standIn.requests.length;
    expect(await provider.checkoutState('bps_anything')).toBe('open');
    expect(standIn.requests).toHaveLength(before);
  });

  it('opens the customer portal with the return address', async () => {
    const url = await provider.portalUrl('cus_7', 'https://dash.test/billing');
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(only(standIn.requestsTo('POST', '/v1/billing_portal/sessions')).params).toEqual({
      customer: 'cus_7',
      return_url: 'https://dash.test/billing',
    });
  });

  it('lists the customer invoices in USD cents: what was paid, or the total of one not paid', async () => {
    standIn.invoices.push(
      invoiceJson({
        id: 'in_paid',
        customer: 'cus_inv',
        subscription: 'sub_x',
        status: 'paid',
        amountPaid: 4900,
        total: 4900,
        created: 1_790_000_100,
      }),
      invoiceJson({
        id: 'in_open',
        customer: 'cus_inv',
        subscription: 'sub_x',
        status: 'open',
        amountPaid: 0,
        total: 24_900,
        created: 1_790_000_000,
      }),
      invoiceJson({ id: 'in_preview', customer: 'cus_inv', subscription: 'sub_x', status: null }),
      invoiceJson({ id: 'in_other', customer: 'cus_other', subscription: null }),
    );
    const invoices = await provider.listInvoices('cus_inv');
    expect(invoices).toEqual([
      {
        id: 'in_paid',
        number: 'NUM-paid',
        date: new Date(1_790_000_100_000),
        amountCents: 4900,
        currency: 'USD',
        status: 'paid',
        url: 'https://invoice.stripe.test/in_paid',
        pdfUrl: 'https://invoice.stripe.test/in_paid.pdf',
      },
      {
        id: 'in_open',
        number: 'NUM-open',
        date: new Date(1_790_000_000_000),
        amountCents: 24_900,
        currency: 'USD',
        status: 'open',
        url: 'https://invoice.stripe.test/in_open',
        pdfUrl: 'https://invoice.stripe.test/in_open.pdf',
      },
    ]);
    expect(only(standIn.requestsTo('GET', '/v1/invoices')).params).toEqual({ customer: 'cus_inv', limit: '100' });
  });

  it('refuses invoices in another currency rather than showing them as dollars', async () => {
    standIn.invoices.push(invoiceJson({ id: 'in_eur', customer: 'cus_eur', subscription: null, currency: 'eur', amountPaid: 4500 }));
    const error = await refusalOf(provider.listInvoices('cus_eur'));
    expect(error.message).toContain('in_eur is in EUR');
  });

  it('cancels a subscription at once; cancelling one already cancelled is done', async () => {
    standIn.subscriptions.set(
      'sub_cancel',
      subscriptionJson({
        id: 'sub_cancel',
        customer: 'cus_7',
        userId: 7,
        priceId: testPriceId('Developer', 'MONTHLY'),
        periodStart: 1,
        periodEnd: 2,
      }),
    );
    await provider.cancelSubscription('sub_cancel', { refund: false });
    expect(standIn.subscriptions.get('sub_cancel')?.status).toBe('canceled');
    await provider.cancelSubscription('sub_cancel', { refund: false });
    expect(standIn.requestsTo('DELETE', '/v1/subscriptions/sub_cancel')).toHaveLength(2);
    expect(standIn.requestsTo('POST', '/v1/refunds')).toHaveLength(0);
  });

  it('ends an unpaid subscription only while Stripe still holds it unpaid', async () => {
    const subscription = (id: string, status: string) =>
      subscriptionJson({
        id,
        customer: 'cus_7',
        userId: 7,
        priceId: testPriceId('Developer', 'MONTHLY'),
        periodStart: 1,
        periodEnd: 2,
        status,
      });
    standIn.subscriptions.set('sub_paid_meanwhile', subscription('sub_paid_meanwhile', 'active'));
    expect(await provider.cancelUnpaid('sub_paid_meanwhile')).toBe('not-past-due');
    expect(standIn.requestsTo('DELETE', '/v1/subscriptions/sub_paid_meanwhile')).toHaveLength(0);
    expect(standIn.subscriptions.get('sub_paid_meanwhile')?.status).toBe('active');

    for (const status of ['past_due', 'unpaid']) {
      standIn.subscriptions.set(`sub_${status}`, subscription(`sub_${status}`, status));
      expect(await provider.cancelUnpaid(`sub_${status}`)).toBe('canceled');
      expect(standIn.subscriptions.get(`sub_${status}`)?.status).toBe('canceled');
    }
    // Already cancelled (by the customer, or an earlier sweep): done, nothing more asked of Stripe.
    expect(await provider.cancelUnpaid('sub_past_due')).toBe('canceled');
    expect(standIn.requestsTo('DELETE', '/v1/subscriptions/sub_past_due')).toHaveLength(1);
  });

  it("refunds a duplicate subscription's paid latest invoice by its payment intent", async () => {
    standIn.subscriptions.set(
      'sub_duplicate',
      subscriptionJson({
        id: 'sub_duplicate',
        customer: 'cus_7',
        userId: 7,
        priceId: testPriceId('Developer', 'MONTHLY'),
        periodStart: 1,
        periodEnd: 2,
        latestInvoice: 'in_duplicate',
      }),
    );
    standIn.invoicePayments.set('in_duplicate', [
      {
        id: 'inpay_1',
        object: 'invoice_payment',
        status: 'paid',
        invoice: 'in_duplicate',
        payment: { type: 'payment_intent', payment_intent: 'pi_1' },
      },
    ]);
    await provider.cancelSubscription('sub_duplicate', { refund: true });
    expect(only(standIn.requestsTo('GET', '/v1/invoice_payments')).params).toEqual({
      invoice: 'in_duplicate',
      status: 'paid',
      limit: '100',
    });
    const refund = only(standIn.requestsTo('POST', '/v1/refunds'));
    expect(refund.params).toEqual({ payment_intent: 'pi_1', reason: 'duplicate' });
    expect(refund.headers['idempotency-key']).toMatch(/^refund-/);
  });
});

describe('Stripe adapter: refusals and silence', () => {
  it("a declined card (402) is a ProviderError with Stripe's message", async () => {
    standIn.refuseNext('POST', '/v1/checkout/sessions', 402, {
      type: 'card_error',
      message: 'Your card was declined.',
      code: 'card_declined',
    });
    const error = await refusalOf(provider.startCheckout({ userId: 9, customerId: 'cus_9', price: developerMonthly, ...urls }));
    expect(error.message).toBe('Stripe could not start the checkout: Your card was declined. (HTTP 402, card_declined)');
  });

  it('an error of Stripe (500) is a ProviderError', async () => {
    standIn.refuseNext('POST', '/v1/billing_portal/sessions', 500, { type: 'api_error', message: 'Something went wrong on our end.' });
    const error = await refusalOf(provider.portalUrl('cus_7', 'https://dash.test/billing'));
    expect(error.message).toBe('Stripe could not open the customer portal: Something went wrong on our end. (HTTP 500)');
  });

  it('a refused key is a ProviderError that does not show the key, even if the answer echoes it', async () => {
    standIn.refuseNext('GET', '/v1/invoices', 401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${testSecretKey}`,
    });
    const error = await refusalOf(provider.listInvoices('cus_7'));
    expect(error.message).toBe('Stripe could not list the invoices: Stripe refused the secret key (STRIPE_SECRET_KEY).');
    standIn.refuseNext('GET', '/v1/invoices', 400, { type: 'invalid_request_error', message: `Bad key ${testSecretKey} here` });
    const echoed = await refusalOf(provider.listInvoices('cus_7'));
    expect(echoed.message).not.toContain(testSecretKey);
    expect(echoed.message).toContain('Bad key [secret key] here');
  });

  it('Stripe not answering is a ProviderError', async () => {
    const closed = await startStripeStandIn();
    const url = closed.url;
    await closed.close();
    const error = await refusalOf(adapter({ apiUrl: url }).createCustomer({ userId: 1, email: 'a@example.com' }));
    expect(error.message).toBe('Stripe could not create the customer: Stripe did not answer (network error or time-out).');
  });

  it('a call Stripe asks to retry is sent again with the same idempotency key', async () => {
    standIn.refuseNext('POST', '/v1/customers', 500, { type: 'api_error', message: 'Try again.' }, { 'stripe-should-retry': 'true' });
    const id = await adapter({ maxNetworkRetries: 1 }).createCustomer({ userId: 11, email: 'retry@example.com' });
    expect(id).toMatch(/^cus_/);
    const keys = standIn.requestsTo('POST', '/v1/customers').map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
