import type { Clock } from '@server/clock';
import type { Db } from '@server/db/db';
import type { TestModePages } from '@server/payments/local/test-mode';
import type { BillingEventSink } from '@server/payments/billing-events';
import { ProviderError, type InvoiceRecord, type PaymentProvider } from '@server/payments/provider';
import { checkoutFlow, isOver } from '@server/payments/local/checkout-flow';
import { findSession } from '@server/payments/local/store/checkout-sessions';
import { createDelivery, type DeliveryLog } from '@server/payments/local/delivery';
import { localId } from '@server/payments/local/ids';
import { testModeContentSecurityPolicy } from '@server/payments/local/pages/layout';
import { portalFlow } from '@server/payments/local/portal-flow';
import { receiptPage } from '@server/payments/local/receipt-flow';
import type { LocalContext } from '@server/payments/local/context';
import { cancelNow, renewSubscription } from '@server/payments/local/subscription-changes';
import { deleteExpiredPortalSessions, insertCustomer } from '@server/payments/local/store/customers';
import { listCustomerInvoices } from '@server/payments/local/store/invoices';
import { listDueSubscriptionIds, lockSubscription } from '@server/payments/local/store/subscriptions';

export interface LocalProviderDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** The dashboard's address (config.publicUrl): the pages are under its /api prefix. */
  readonly publicUrl: string;
  /** The billing service's applyEvent: every event goes through it, as Stripe's webhooks do. */
  readonly deliver: BillingEventSink;
  readonly log: DeliveryLog;
  /**
   * The API's Subscription.graceEndsAt of a user (Billing.subscription): the portal shows the
   * dashboard's date. Without it the portal says a payment is due, with no date.
   */
  readonly graceEndsAt?: (userId: number) => Promise<string | null>;
}

export interface LocalProvider {
  readonly provider: PaymentProvider;
  /** The checkout and portal pages, for the test-mode operations. */
  readonly pages: TestModePages;
  /** The header the pages' answers need: their stylesheet by hash, forms that may go on to publicUrl. */
  readonly contentSecurityPolicy: string;
  /** Renews every active subscription whose period has ended by `now` (time passing); how many renewed. */
  renewDue(now?: Date): Promise<number>;
  /** Delivers events the billing service did not take before (its earlier failure is logged). */
  deliverPending(): Promise<boolean>;
}

/** Renewals that caught up with a long stop of the server are bounded: a subscription renews at most this often per check. */
const maxRenewalsPerCheck = 120;

/**
 * The local test-mode payment provider, a small Stripe of its own: customers, checkout sessions,
 * subscriptions, invoices and portal sessions in its own tables (migration 006), its checkout and
 * portal pages, and BillingEvents delivered to the billing service like Stripe's webhooks.
 * Never mounted with NODE_ENV=production.
 */
export function createLocalProvider(deps: LocalProviderDeps): LocalProvider {
  const { db, clock } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const deliverPending = createDelivery(deps);
  const pagesUrl = `${publicUrl}/api/payment/test-mode`;
  const context: LocalContext = {
    db,
    clock,
    log: deps.log,
    publicUrl,
    pagesUrl,
    deliverPending,
    graceEndsAt: deps.graceEndsAt ?? (async () => null),
    receiptUrl: (invoiceId) => `${pagesUrl}/invoices/${invoiceId}`,
  };
  const checkout = checkoutFlow(context);
  const portal = portalFlow(context, checkout);

  const provider: PaymentProvider = {
    name: 'local',
    createCustomer: async ({ userId, email }) => {
      const id = localId('lcus');
      await insertCustomer(db, { id, userId, email }, clock.now());
      return id;
    },
    startCheckout: checkout.startCheckout,
    startChange: checkout.startChange,
    expireCheckout: checkout.expireCheckout,
    portalUrl: portal.portalUrl,
    listInvoices: async (customerId): Promise<InvoiceRecord[]> =>
      (await listCustomerInvoices(db, customerId)).map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        date: invoice.createdAt,
        amountCents: invoice.amountCents,
        currency: 'USD',
        status: invoice.status,
        // The receipt page (test mode has no PDF).
        url: context.receiptUrl(invoice.id),
        pdfUrl: null,
      })),
    cancelSubscription: async (subscriptionId, { refund }) => {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const subscription = await lockSubscription(tx, subscriptionId);
        if (subscription === null) throw new ProviderError(`there is no test-mode subscription ${subscriptionId}`);
        await cancelNow(tx, subscription, refund, now);
      });
      await deliverPending();
    },
    checkoutState: async (checkoutId) => {
      const session = await findSession(db, checkoutId);
      if (session === null || isOver(session, clock.now())) return 'expired';
      return session.status === 'complete' ? 'complete' : 'open';
    },
    cancelUnpaid: async (subscriptionId) => {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        // Under the row lock a retried payment also takes: whichever comes first, the other sees it.
        const subscription = await lockSubscription(tx, subscriptionId);
        if (subscription === null) throw new ProviderError(`there is no test-mode subscription ${subscriptionId}`);
        if (subscription.status === 'active') return 'not-past-due';
        await cancelNow(tx, subscription, false, now);
        return 'canceled';
      });
      await deliverPending();
      return outcome;
    },
  };

  async function renewDue(now: Date = clock.now()): Promise<number> {
    // Events a failed delivery left behind go first, so the billing service sees them in order.
    await deliverPending();
    await deleteExpiredPortalSessions(db, now);
    const due = await listDueSubscriptionIds(db, now);
    for (const id of due) {
      await db.transaction(async (tx) => {
        let subscription = await lockSubscription(tx, id);
        for (let count = 0; count < maxRenewalsPerCheck; count += 1) {
          if (subscription === null || subscription.status !== 'active' || subscription.currentPeriodEnd.getTime() > now.getTime()) return;
          subscription = await renewSubscription(tx, subscription, { declined: false, from: 'period-end' }, now);
        }
      });
    }
    await deliverPending();
    return due.length;
  }

  return {
    provider,
    pages: {
      checkoutPage: checkout.checkoutPage,
      pay: checkout.pay,
      portalPage: portal.portalPage,
      portalAction: portal.portalAction,
      receiptPage: receiptPage(context),
    },
    contentSecurityPolicy: testModeContentSecurityPolicy(publicUrl),
    renewDue,
    deliverPending,
  };
}
