import Stripe from 'stripe';
import type { BillingEvent } from '@server/payments/billing-events';
import { WebhookRefused } from '@server/payments/stripe/stripe-webhook';
import type { PriceIds } from '@server/payments/stripe/price-ids';
import { idOf, snapshotOf, stripeTime } from '@server/payments/stripe/subscription-snapshot';

/** What translating an event may need from Stripe: the subscription a completed checkout created. */
export type RetrieveSubscription = (id: string) => Promise<Stripe.Subscription>;

/**
 * The event of a webhook delivery, once its Stripe-Signature header is checked against the raw
 * body (HMAC with the endpoint's secret, timestamp within Stripe's 5 minutes). Anything else is
 * refused: it did not come from Stripe, or came for another endpoint, or is being replayed late.
 */
export function verifiedEvent(stripe: Stripe, rawBody: string, signature: string, webhookSecret: string): Stripe.Event {
  if (signature.trim() === '') throw new WebhookRefused('The Stripe webhook has no Stripe-Signature header.');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // Stripe's message names the check that failed; its first sentence is enough.
      const reason = error.message.split(/(?<=\.)\s/)[0] ?? error.message;
      throw new WebhookRefused(`The Stripe webhook's signature does not verify: ${reason}`);
    }
    // A verified body that is not JSON: not an event Stripe sends.
    throw new WebhookRefused('The Stripe webhook body is not a Stripe event.');
  }
}

function occurredAt(event: Stripe.Event): Date {
  return stripeTime(event.created, 'created time');
}

/** The subscription an invoice bills; null for an invoice of no subscription (billing ignores it). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription === undefined ? null : idOf(subscription);
}

/**
 * A verified Stripe event as a BillingEvent; null for an event billing does not act on (answered
 * 200 all the same, so Stripe stops sending it). Throws UntranslatableStripeEvent for an event about
 * a price or user this server does not know, and the retrieval's error if Stripe does not answer.
 */
export async function billingEventOf(event: Stripe.Event, prices: PriceIds, retrieve: RetrieveSubscription): Promise<BillingEvent | null> {
  const base = { provider: 'stripe', id: event.id, occurredAt: occurredAt(event) } as const;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || session.subscription === null) return null;
      // The session names the subscription; its state (price, period, status) is read from Stripe.
      const subscription = typeof session.subscription === 'string' ? await retrieve(session.subscription) : session.subscription;
      const snapshot = snapshotOf(subscription, prices, { userIdFallback: session.client_reference_id });
      return snapshot === null ? null : { ...base, kind: 'checkout-completed', checkoutId: session.id, subscription: snapshot };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const snapshot = snapshotOf(event.data.object, prices);
      return snapshot === null ? null : { ...base, kind: 'subscription-changed', subscription: snapshot };
    }
    case 'customer.subscription.deleted': {
      const snapshot = snapshotOf(event.data.object, prices, { forcedStatus: 'canceled' });
      return snapshot === null ? null : { ...base, kind: 'subscription-changed', subscription: snapshot };
    }
    case 'invoice.paid': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      return subscriptionId === null ? null : { ...base, kind: 'invoice-paid', subscriptionId };
    }
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      return subscriptionId === null ? null : { ...base, kind: 'invoice-payment-failed', subscriptionId };
    }
    default:
      return null;
  }
}
