import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { BillingEvent } from '@server/payments/billing-events';
import {
  ProviderError,
  type ChangeRequest,
  type CheckoutRequest,
  type CustomerRequest,
  type InvoiceRecord,
  type PaymentProvider,
  type PlanPrice,
  type StartedCheckout,
  type ProviderCheckoutState,
  type UnpaidCancellation,
} from '@server/payments/provider';
import { invoiceRecordOf } from '@server/payments/stripe/invoice-record';
import { PriceIds, type StripePriceTable } from '@server/payments/stripe/price-ids';
import { priceMismatch } from '@server/payments/stripe/price-mismatch';
import { atStripe, providerErrorOf } from '@server/payments/stripe/stripe-errors';
import { idOf, userIdKey } from '@server/payments/stripe/subscription-snapshot';
import { billingEventOf, verifiedEvent } from '@server/payments/stripe/webhook-events';

export interface StripeProviderSettings {
  /** STRIPE_SECRET_KEY (sk_… or rk_…). */
  readonly secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the webhook endpoint (whsec_…). */
  readonly webhookSecret: string;
  /** Stripe price ids by paid plan name and frequency. */
  readonly prices: StripePriceTable;
  /** Another address for Stripe's API (a stand-in in tests); null or absent = api.stripe.com. */
  readonly apiUrl?: string | null;
  /** Retries of a call that failed on the network or a 5xx (the SDK keeps its idempotency key); default 2. */
  readonly maxNetworkRetries?: number;
  /** Milliseconds before a call to Stripe gives up; default 30 s. */
  readonly timeoutMs?: number;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /**
   * A webhook delivery as a BillingEvent: null for an event type billing ignores. Throws WebhookRefused
   * (answer 400) for a missing, wrong or stale signature, UntranslatableStripeEvent for a verified event
   * about a price or user this server does not know, and ProviderError when Stripe does not answer.
   */
  verifyEvent(rawBody: string, signature: string): Promise<BillingEvent | null>;
}

/** Stripe gives a portal session no expiry time: an hour bounds how long our change checkout counts as open. */
const portalSessionMs = 60 * 60_000;

/** Subscription statuses whose renewal Stripe could not collect: the ones a grace period may end. */
const unpaidStatuses: ReadonlySet<Stripe.Subscription.Status> = new Set(['past_due', 'unpaid', 'incomplete', 'incomplete_expired']);

/** Checkout session statuses in which it can no longer be paid. */
const checkoutEnded = new Set(['complete', 'expired']);

/** One request's key: a retry of the same request (same checkout of ours) is the same key, another request another key. */
function idempotencyKey(kind: string, parts: readonly (string | number)[]): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
}

function connection(apiUrl: string | null | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiUrl === null || apiUrl === undefined) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port), protocol };
}

function metadataOf(userId: number, price: PlanPrice): Record<string, string> {
  return { [userIdKey]: String(userId), planId: String(price.planId), frequency: price.frequency };
}

/** The Stripe adapter of the payment provider: Checkout, the Billing Portal, invoices and signed webhooks. */
export function createStripeProvider(settings: StripeProviderSettings): StripeProvider {
  const prices = new PriceIds(settings.prices);
  const { secretKey, webhookSecret } = settings;
  const stripe = new Stripe(secretKey, {
    ...connection(settings.apiUrl),
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: settings.timeoutMs ?? 30_000,
    typescript: true,
  });
  const at = <T>(what: string, call: () => Promise<T>) => atStripe(what, secretKey, call);
  /** Prices already seen to match the plan table: checked once per process. */
  const checkedPrices = new Set<string>();

  /** The configured price of a plan, once Stripe confirms it charges what the dashboard showed. */
  async function priceFor(price: PlanPrice): Promise<string> {
    const priceId = prices.priceOf(price.planName, price.frequency);
    const key = `${priceId} ${price.amountCents}`;
    if (checkedPrices.has(key)) return priceId;
    const stripePrice = await at('read the plan price', () => stripe.prices.retrieve(priceId));
    const mismatch = priceMismatch(stripePrice, price);
    if (mismatch !== null) throw new ProviderError(mismatch);
    checkedPrices.add(key);
    return priceId;
  }

  async function retrieveSubscription(id: string): Promise<Stripe.Subscription> {
    return at('read the subscription', () => stripe.subscriptions.retrieve(id));
  }

  /** Refunds what was paid on the subscription's latest invoice (a duplicate subscription's first payment). */
  async function refundLatestInvoice(subscription: Stripe.Subscription): Promise<void> {
    if (subscription.latest_invoice === null) return;
    const invoice = idOf(subscription.latest_invoice);
    const payments = await at('list the invoice payments', () => stripe.invoicePayments.list({ invoice, status: 'paid', limit: 100 }));
    for (const payment of payments.data) {
      const { payment_intent: intent, charge } = payment.payment;
      const target = intent !== undefined ? { payment_intent: idOf(intent) } : charge !== undefined ? { charge: idOf(charge) } : null;
      if (target === null)
        throw new ProviderError(`invoice payment ${payment.id} was not made by card; refund it in the Stripe dashboard.`);
      await at('refund the payment', () =>
        stripe.refunds.create({ ...target, reason: 'duplicate' }, { idempotencyKey: idempotencyKey('refund', [payment.id]) }),
      );
    }
  }

  async function cancelSubscription(subscriptionId: string, { refund }: { readonly refund: boolean }): Promise<void> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: idempotencyKey('cancel', [subscriptionId]) });
    } catch (error) {
      // Cancelled already (by the customer, or a retry of this call): what was asked is done.
      const current = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
      if (current?.status !== 'canceled') throw providerErrorOf('cancel the subscription', error, secretKey);
      subscription = current;
    }
    if (refund) await refundLatestInvoice(subscription);
  }

  return {
    name: 'stripe',

    async createCustomer({ userId, email }: CustomerRequest): Promise<string> {
      const customer = await at('create the customer', () =>
        stripe.customers.create(
          { email, metadata: { [userIdKey]: String(userId) } },
          { idempotencyKey: idempotencyKey('customer', [userId, email]) },
        ),
      );
      return customer.id;
    },

    async startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
      const priceId = await priceFor(request.price);
      const metadata = metadataOf(request.userId, request.price);
      const session = await at('start the checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: request.customerId,
            client_reference_id: String(request.userId),
            line_items: [{ price: priceId, quantity: 1 }],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata,
            subscription_data: { metadata },
          },
          // The success URL names our checkout: a retry of this checkout is the same Stripe session.
          {
            idempotencyKey: idempotencyKey('checkout', [
              request.userId,
              request.customerId,
              priceId,
              request.successUrl,
              request.cancelUrl,
            ]),
          },
        ),
      );
      if (session.url === null) throw new ProviderError(`checkout session ${session.id} has no payment page URL.`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async startChange(request: ChangeRequest): Promise<StartedCheckout> {
      const priceId = await priceFor(request.price);
      const subscription = await retrieveSubscription(request.subscriptionId);
      if (idOf(subscription.customer) !== request.customerId) {
        throw new ProviderError(`subscription ${subscription.id} belongs to another customer than ${request.customerId}.`);
      }
      const [item, ...others] = subscription.items.data;
      if (item === undefined || others.length > 0) {
        throw new ProviderError(
          `subscription ${subscription.id} has ${subscription.items.data.length} items; ours have one (the plan's price).`,
        );
      }
      const session = await at('start the plan change', () =>
        stripe.billingPortal.sessions.create(
          {
            customer: request.customerId,
            return_url: request.cancelUrl,
            flow_data: {
              type: 'subscription_update_confirm',
              subscription_update_confirm: { subscription: subscription.id, items: [{ id: item.id, price: priceId, quantity: 1 }] },
              after_completion: { type: 'redirect', redirect: { return_url: request.successUrl } },
            },
          },
          {
            idempotencyKey: idempotencyKey('change', [
              request.userId,
              subscription.id,
              item.id,
              priceId,
              request.successUrl,
              request.cancelUrl,
            ]),
          },
        ),
      );
      return { id: session.id, url: session.url, expiresAt: new Date(session.created * 1000 + portalSessionMs) };
    },

    async expireCheckout(checkoutId: string): Promise<void> {
      // A plan change's portal session cannot be ended; it changes nothing unless confirmed.
      if (checkoutId.startsWith('bps_')) return;
      try {
        await stripe.checkout.sessions.expire(checkoutId);
      } catch (error) {
        // Already paid or expired: ended, as asked. Anything else is a failure.
        const session = await stripe.checkout.sessions.retrieve(checkoutId).catch(() => null);
        const status = session?.status ?? null;
        if (status !== null && checkoutEnded.has(status)) return;
        throw providerErrorOf('end the checkout', error, secretKey);
      }
    },

    async checkoutState(checkoutId: string): Promise<ProviderCheckoutState> {
      // A portal change session has no state to read; it changes nothing unless confirmed, and its hour bounds it.
      if (checkoutId.startsWith('bps_')) return 'open';
      const session = await at('read the checkout', () => stripe.checkout.sessions.retrieve(checkoutId));
      // Paid or ended; any status Stripe adds later counts as still open (what we knew).
      if (session.status === 'complete') return 'complete';
      return session.status === 'expired' ? 'expired' : 'open';
    },

    async portalUrl(customerId: string, returnUrl: string): Promise<string> {
      const session = await at('open the customer portal', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    async listInvoices(customerId: string): Promise<InvoiceRecord[]> {
      const page = await at('list the invoices', () => stripe.invoices.list({ customer: customerId, limit: 100 }));
      return page.data.map(invoiceRecordOf).filter((invoice) => invoice !== null);
    },

    cancelSubscription,

    async cancelUnpaid(subscriptionId: string): Promise<UnpaidCancellation> {
      const current = await at('read the subscription', () => stripe.subscriptions.retrieve(subscriptionId));
      if (current.status === 'canceled') return 'canceled';
      // Paid meanwhile (Stripe's own retry, or the customer in the portal): its events are on their way.
      if (!unpaidStatuses.has(current.status)) return 'not-past-due';
      await cancelSubscription(subscriptionId, { refund: false });
      return 'canceled';
    },

    async verifyEvent(rawBody: string, signature: string): Promise<BillingEvent | null> {
      const event = verifiedEvent(stripe, rawBody, signature, webhookSecret);
      return billingEventOf(event, prices, retrieveSubscription);
    },
  };
}
