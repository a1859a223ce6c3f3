import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import type { StripePriceTable } from '@server/payments/stripe/price-ids';
import { planCatalog, priceCentsFor, type BillingFrequency } from '@/domain/plan-catalog';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const testSecretKey = 'sk_test_standin_0123456789abcdef';
export const testWebhookSecret = 'whsec_standin_0123456789abcdef';

/** The configured price ids of the tests: price_<plan>_<frequency>. */
export const testPrices: StripePriceTable = Object.fromEntries(
  planCatalog
    .filter((plan) => plan.monthlyPriceUsd !== null && plan.monthlyPriceUsd > 0)
    .map((plan) => [plan.name, { MONTHLY: testPriceId(plan.name, 'MONTHLY'), ANNUALY: testPriceId(plan.name, 'ANNUALY') }]),
);

export function testPriceId(planName: string, frequency: BillingFrequency): string {
  return `price_${planName.toLowerCase()}_${frequency.toLowerCase()}`;
}

/** Stripe's price objects of the configured ids, charging what the plan table says. */
function standInPrices(): Map<string, JsonObject> {
  const prices = new Map<string, JsonObject>();
  for (const plan of planCatalog) {
    for (const frequency of ['MONTHLY', 'ANNUALY'] as const) {
      const cents = priceCentsFor(plan.monthlyPriceUsd, frequency);
      if (cents === null || cents === 0) continue;
      const id = testPriceId(plan.name, frequency);
      prices.set(id, {
        id,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: cents,
        recurring: { interval: frequency === 'MONTHLY' ? 'month' : 'year', interval_count: 1 },
      });
    }
  }
  return prices;
}

export interface SubscriptionFields {
  readonly id: string;
  readonly customer: string;
  /** Our user id in the metadata; null = none. */
  readonly userId: number | null;
  readonly priceId: string;
  readonly status?: string;
  /** Unix seconds. */
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly cancelAtPeriodEnd?: boolean;
  readonly latestInvoice?: string | null;
}

/** A subscription as Stripe's API version 2026-10-28.endive shapes it: the period on its one item. */
export function subscriptionJson(fields: SubscriptionFields): JsonObject {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status ?? 'active',
    metadata: fields.userId === null ? {} : { userId: String(fields.userId) },
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    latest_invoice: fields.latestInvoice ?? null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${fields.id.slice(4)}`,
          object: 'subscription_item',
          price: { id: fields.priceId, object: 'price' },
          current_period_start: fields.periodStart,
          current_period_end: fields.periodEnd,
        },
      ],
    },
  };
}

export interface InvoiceFields {
  readonly id: string;
  readonly customer: string;
  readonly subscription: string | null;
  readonly status?: string | null;
  readonly currency?: string;
  readonly amountPaid?: number;
  readonly total?: number;
  readonly created?: number;
}

export function invoiceJson(fields: InvoiceFields): JsonObject {
  return {
    id: fields.id,
    object: 'invoice',
    customer: fields.customer,
    number: `NUM-${fields.id.slice(3)}`,
    status: fields.status === undefined ? 'paid' : fields.status,
    currency: fields.currency ?? 'usd',
    amount_paid: fields.amountPaid ?? 0,
    total: fields.total ?? 0,
    created: fields.created ?? 1_790_000_000,
    effective_at: fields.created ?? 1_790_000_000,
    hosted_invoice_url: `https://invoice.stripe.test/${fields.id}`,
    invoice_pdf: `https://invoice.stripe.test/${fields.id}.pdf`,
    parent:
      fields.subscription === null
        ? null
        : {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: fields.subscription, metadata: null },
          },
  };
}

/** An event as Stripe posts it to a webhook endpoint (the body that is signed). */
export function eventBody(type: string, object: JsonObject, options: { id: string; created: number }): string {
  return JSON.stringify({
    id: options.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** The Stripe-Signature header Stripe would send for this body (timestamp: now unless given, Unix seconds). */
export function signatureOf(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? testWebhookSecret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** Query (GET, DELETE) or form body (POST), in Stripe's bracket notation: line_items[0][price]. */
  readonly params: Readonly<Record<string, string>>;
  readonly headers: IncomingHttpHeaders;
}

interface Refusal {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly error: JsonObject;
  readonly headers: Readonly<Record<string, string>>;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port>: the adapter's apiUrl. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly subscriptions: Map<string, JsonObject>;
  readonly invoices: JsonObject[];
  /** Invoice payments by invoice id. */
  readonly invoicePayments: Map<string, JsonObject[]>;
  readonly prices: Map<string, JsonObject>;
  /** Marks a checkout session paid (it can no longer be expired). */
  completeSession(id: string): void;
  /** The next `method path` call is answered with this HTTP status and Stripe error object. */
  refuseNext(method: string, path: string, status: number, error: JsonObject, headers?: Record<string, string>): void;
  requestsTo(method: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

function errorBody(type: string, message: string, code?: string): JsonObject {
  return { error: { type, message, ...(code === undefined ? {} : { code }) } };
}

/**
 * Stripe's API as far as the adapter uses it, over real HTTP on 127.0.0.1: the real SDK talks to it
 * (host, port, protocol), it answers Stripe-shaped JSON and records every request it got.
 */
export async function startStripeStandIn(options: { readonly clock?: () => Date } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, JsonObject>();
  const invoices: JsonObject[] = [];
  const invoicePayments = new Map<string, JsonObject[]>();
  const prices = standInPrices();
  const sessions = new Map<string, JsonObject>();
  const refusals: Refusal[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin${++counter}`;
  // Stripe's time is the server's: a test app on a manual clock sees sessions expire by that clock.
  const now = () => Math.floor((options.clock?.() ?? new Date()).getTime() / 1000);

  function answer(method: string, path: string, params: Record<string, string>): { status: number; body: JsonObject } {
    const ok = (body: JsonObject) => ({ status: 200, body });
    const missing = () => ({ status: 404, body: errorBody('invalid_request_error', `No such resource: ${path}`, 'resource_missing') });
    const parts = path.split('/').filter((part) => part !== '');
    const [, resource, id, action] = parts;
    if (method === 'POST' && path === '/v1/customers') {
      return ok({
        id: nextId('cus'),
        object: 'customer',
        email: params.email ?? null,
        metadata: { userId: params['metadata[userId]'] ?? '' },
      });
    }
    if (method === 'GET' && resource === 'prices' && id !== undefined) {
      const price = prices.get(id);
      return price === undefined ? missing() : ok(price);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = nextId('cs_test');
      const session: JsonObject = {
        id: sessionId,
        object: 'checkout.session',
        mode: params.mode ?? 'payment',
        status: 'open',
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        expires_at: now() + 24 * 3600,
        subscription: null,
      };
      sessions.set(sessionId, session);
      return ok(session);
    }
    if (resource === 'checkout' && id === 'sessions' && action !== undefined) {
      const session = sessions.get(action);
      if (session === undefined) return missing();
      if (method === 'GET' && parts.length === 4) return ok(session);
      if (method === 'POST' && parts[4] === 'expire') {
        if (session.status !== 'open') {
          return {
            status: 400,
            body: errorBody('invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.'),
          };
        }
        session.status = 'expired';
        return ok(session);
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const sessionId = nextId('bps');
      return ok({
        id: sessionId,
        object: 'billing_portal.session',
        customer: params.customer ?? '',
        created: now(),
        url: `https://billing.stripe.test/p/session/${sessionId}`,
      });
    }
    if (resource === 'subscriptions' && id !== undefined) {
      const subscription = subscriptions.get(id);
      if (subscription === undefined) return missing();
      if (method === 'GET') return ok(subscription);
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return {
            status: 400,
            body: errorBody('invalid_request_error', `A canceled subscription can only update its cancellation_details.`),
          };
        }
        subscription.status = 'canceled';
        return ok(subscription);
      }
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = invoices.filter((invoice) => invoice.customer === params.customer);
      return ok({ object: 'list', url: '/v1/invoices', has_more: false, data });
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const data = (invoicePayments.get(params.invoice ?? '') ?? []).filter(
        (payment) => params.status === undefined || payment.status === params.status,
      );
      return ok({ object: 'list', url: '/v1/invoice_payments', has_more: false, data });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return ok({
        id: nextId('re'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: params.payment_intent ?? null,
        charge: params.charge ?? null,
      });
    }
    return missing();
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      const form = method === 'POST' ? new URLSearchParams(Buffer.concat(chunks).toString('utf8')) : url.searchParams;
      const params = Object.fromEntries(form.entries());
      requests.push({ method, path: url.pathname, params, headers: request.headers });
      const refusalAt = refusals.findIndex((refusal) => refusal.method === method && refusal.path === url.pathname);
      const refusal = refusalAt === -1 ? null : refusals.splice(refusalAt, 1)[0];
      const { status, body } = refusal ? { status: refusal.status, body: { error: refusal.error } } : answer(method, url.pathname, params);
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
        ...(refusal?.headers ?? {}),
      });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address !== 'object') throw new Error('the Stripe stand-in has no port');
  const { port } = address;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    invoices,
    invoicePayments,
    prices,
    completeSession(id) {
      const session = sessions.get(id);
      if (session === undefined) throw new Error(`no checkout session ${id}`);
      session.status = 'complete';
    },
    refuseNext(method, path, status, error, headers = {}) {
      refusals.push({ method, path, status, error, headers });
    },
    requestsTo(method, path) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
