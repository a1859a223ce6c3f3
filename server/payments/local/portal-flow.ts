import type { components, operations } from '@/api/schema';
import { formatUsd } from '@/domain/money';
import { cardPlans, defaultPlan, parseBillingFrequency } from '@/domain/plan-catalog';
import type { Queryable } from '@server/db/db';
import type { TestModePages } from '@server/payments/local/test-mode';
import { ProviderError } from '@server/payments/provider';
import type { LocalContext } from '@server/payments/local/context';
import type { checkoutFlow } from '@server/payments/local/checkout-flow';
import { portalToken, tokenHash } from '@server/payments/local/ids';
import type { CheckoutFormState } from '@server/payments/local/pages/checkout-page';
import { formatDate, problemPage } from '@server/payments/local/pages/layout';
import { type PortalNoticeTone, renderPortalPage, type PortalView } from '@server/payments/local/pages/portal-page';
import { isHigherPlan, paidPlan, periodPriceCents, planName } from '@server/payments/local/price-list';
import {
  cancelAtPeriodEnd,
  renewSubscription,
  replaceCard,
  resumeSubscription,
  retryPayment,
  scheduleSwitch,
} from '@server/payments/local/subscription-changes';
import { findCustomer, findPortalSession, insertPortalSession, type PortalSession } from '@server/payments/local/store/customers';
import { listCustomerInvoices, type LocalInvoice } from '@server/payments/local/store/invoices';
import { findLiveSubscriptionOf, lockSubscription, type LocalSubscription } from '@server/payments/local/store/subscriptions';
import { cardMessages, judgeCard } from '@server/payments/local/test-cards';
import { paths } from '@/domain/paths';

type PortalForm = components['schemas']['TestModePortalForm'];
type PortalAction = PortalForm['action'];
/** What an action did: named in its redirect's query, so the page it lands on can say so. */
export type PortalNotice = NonNullable<NonNullable<operations['testModePortalPage']['parameters']['query']>['notice']>;

const portalSessionMs = 60 * 60_000;

export const portalMessages = {
  noPlan: "You have no paid plan: upgrade from the dashboard's billing page.",
  alreadyCancelled: 'Your plan is already cancelled at the end of the period.',
  notCancelled: 'Your plan is not cancelled, so there is nothing to undo.',
  nothingUnpaid: 'There is no unpaid invoice to pay.',
  unpaidFirst: 'The last renewal is unpaid: retry the payment first.',
  choosePlan: 'Choose a paid plan and a billing frequency.',
} as const;

/** A refusal shown on the portal page itself (400: the form was wrong; 402: the card was declined; 409: the subscription is not in a state for it). */
class PortalRefusal extends Error {
  constructor(
    readonly status: 400 | 402 | 409,
    message: string,
    /** A refused replacement card: shown again with what was typed and why. */
    readonly cardForm: CheckoutFormState | null = null,
  ) {
    super(message);
  }
}

/** What an action on the live subscription does, inside its transaction; the notice of what it did. */
type SubscriptionAction = (tx: Queryable, subscription: LocalSubscription, now: Date) => Promise<PortalNotice>;

const actions: Record<Exclude<PortalAction, 'switch' | 'update-card'>, SubscriptionAction> = {
  cancel: async (tx, subscription, now) => {
    if (subscription.cancelAtPeriodEnd) throw new PortalRefusal(409, portalMessages.alreadyCancelled);
    await cancelAtPeriodEnd(tx, subscription, now);
    return 'cancelled';
  },
  resume: async (tx, subscription, now) => {
    if (!subscription.cancelAtPeriodEnd) throw new PortalRefusal(409, portalMessages.notCancelled);
    await resumeSubscription(tx, subscription, now);
    return 'resumed';
  },
  'retry-payment': async (tx, subscription, now) => {
    if (subscription.status !== 'past_due') throw new PortalRefusal(409, portalMessages.nothingUnpaid);
    await retryPayment(tx, subscription, now);
    return 'payment-retried';
  },
  renew: async (tx, subscription, now) => {
    if (subscription.status === 'past_due') throw new PortalRefusal(409, portalMessages.unpaidFirst);
    await renewSubscription(tx, subscription, { declined: false, from: 'now' }, now);
    return 'renewed';
  },
  'renew-declined': async (tx, subscription, now) => {
    if (subscription.status === 'past_due') throw new PortalRefusal(409, portalMessages.unpaidFirst);
    await renewSubscription(tx, subscription, { declined: true, from: 'now' }, now);
    return 'renewal-failed';
  },
};

/** Replace the card: judged as the checkout judges one; a declined or malformed card changes nothing. */
function updateCard(form: PortalForm, now: Date): SubscriptionAction {
  const card = { cardNumber: form.cardNumber ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '', name: form.name ?? '' };
  const verdict = judgeCard(card, now);
  return async (tx, subscription, at) => {
    // Never written back: a number that is not a test card might be a real one.
    const values = { ...card, cardNumber: '' };
    if (verdict.outcome === 'declined') {
      throw new PortalRefusal(402, cardMessages.declined, {
        values,
        errors: { cardNumber: cardMessages.declined },
        alert: cardMessages.declined,
      });
    }
    if (verdict.outcome === 'invalid') {
      throw new PortalRefusal(400, 'Check the highlighted fields of the card.', { values, errors: verdict.errors, alert: null });
    }
    await replaceCard(tx, subscription, verdict.last4, at);
    return subscription.status === 'past_due' ? 'card-replaced-paid' : 'card-replaced';
  };
}

function switchTarget(form: PortalForm) {
  const planId = /^\d{1,9}$/.test(form.planId ?? '') ? Number(form.planId) : null;
  const frequency = parseBillingFrequency(form.frequency);
  if (planId === null || paidPlan(planId) === null || frequency === null) throw new PortalRefusal(400, portalMessages.choosePlan);
  return { planId, frequency };
}

/**
 * Whether what the last action did went the customer's way: the one rule for how its notice shows
 * (a failure as an alert, a success as a status). A Record, so a new notice cannot go unclassified.
 */
const noticeTones: Record<PortalNotice, PortalNoticeTone> = {
  'payment-retried': 'success',
  'card-replaced': 'success',
  'card-replaced-paid': 'success',
  cancelled: 'success',
  resumed: 'success',
  'switch-saved': 'success',
  upgraded: 'success',
  renewed: 'success',
  'renewal-failed': 'failure',
};

/** What the last action did, in words and tone. */
function noticeOf(notice: PortalNotice, view: PortalView, newest: LocalInvoice | undefined): PortalView['notice'] {
  return { text: noticeText(notice, view, newest), tone: noticeTones[notice] };
}

/** The sentence for what the last action did, from the state it left (the newest invoice is the one it paid). */
function noticeText(notice: PortalNotice, view: PortalView, newest: LocalInvoice | undefined): string {
  const subscription = view.subscription;
  const plan = subscription === null ? defaultPlan.name : subscription.planName;
  const card = subscription === null ? 'your card' : `the test card ending in ${subscription.cardLast4}`;
  const paid = newest?.status === 'paid' ? `${formatUsd(newest.amountCents)} (invoice ${newest.number})` : null;
  const end = subscription === null ? '' : formatDate(subscription.currentPeriodEnd);
  switch (notice) {
    case 'payment-retried':
      return paid === null
        ? 'The payment was retried.'
        : `Payment received: ${paid} was charged to ${card}. Your ${plan} plan is active again.`;
    case 'card-replaced':
      return `Card saved: the renewals are charged to ${card}.`;
    case 'card-replaced-paid':
      return paid === null
        ? `Card saved: the renewals are charged to ${card}.`
        : `Card saved, and the unpaid invoice is paid: ${paid} was charged to ${card}. Your ${plan} plan is active again.`;
    case 'cancelled':
      return `Your plan is cancelled: it stays until ${end}, then moves to Free.`;
    case 'resumed':
      return `Your cancellation is undone: your ${plan} plan renews on ${end}.`;
    case 'switch-saved':
      return subscription?.scheduled
        ? `Switch saved: ${subscription.scheduled.planName} starts on ${end}.`
        : `No switch waits: your ${plan} plan renews as it is.`;
    case 'upgraded':
      return `Your plan is now ${plan}${paid === null ? '' : `: ${paid} was charged to ${card}`}.`;
    case 'renewed':
      return subscription === null ? 'The period ended: you are on the Free plan.' : `Renewed: ${paid ?? 'the new period'} is paid.`;
    case 'renewal-failed':
      return 'The renewal payment failed: the invoice is unpaid.';
  }
}

export function portalFlow(context: LocalContext, checkout: ReturnType<typeof checkoutFlow>) {
  const { db, clock } = context;
  const portalPageUrl = (token: string, notice?: PortalNotice) =>
    `${context.pagesUrl}/portal/${token}${notice === undefined ? '' : `?notice=${notice}`}`;

  async function portalUrl(customerId: string, returnUrl: string): Promise<string> {
    const now = clock.now();
    if ((await findCustomer(db, customerId)) === null) throw new ProviderError(`there is no test-mode customer ${customerId}`);
    const token = portalToken();
    await insertPortalSession(db, tokenHash(token), { customerId, returnUrl, expiresAt: new Date(now.getTime() + portalSessionMs) }, now);
    return portalPageUrl(token);
  }

  const expiredPortal = () =>
    problemPage('Portal link expired', 'This portal link has expired or is not valid. Open the customer portal again from the dashboard.', {
      href: `${context.publicUrl}${paths.billing}`,
      text: 'Back to billing',
    });

  async function view(
    session: PortalSession,
    said: { alert?: string | null; notice?: PortalNotice; cardForm?: CheckoutFormState | null } = {},
  ): Promise<PortalView> {
    const subscription = await findLiveSubscriptionOf(db, session.customerId);
    const invoices = await listCustomerInvoices(db, session.customerId);
    const live = subscription === null || subscription.status === 'canceled' ? null : subscription;
    const shown: PortalView = {
      returnUrl: session.returnUrl,
      subscription:
        live === null
          ? null
          : {
              planId: live.planId,
              planName: planName(live.planId),
              frequency: live.frequency,
              priceCents: periodPriceCents(live.planId, live.frequency),
              status: live.status === 'past_due' ? 'past_due' : 'active',
              currentPeriodEnd: live.currentPeriodEnd,
              cancelAtPeriodEnd: live.cancelAtPeriodEnd,
              scheduled:
                live.scheduled === null ? null : { planName: planName(live.scheduled.planId), frequency: live.scheduled.frequency },
              cardLast4: live.cardLast4,
              graceEndsAt: live.status === 'past_due' ? await context.graceEndsAt(live.userId) : null,
              dueCents: invoices
                .filter((invoice) => invoice.subscriptionId === live.id && invoice.status === 'open')
                .reduce((sum, invoice) => sum + invoice.amountCents, 0),
            },
      invoices: invoices.map((invoice) => ({
        date: invoice.createdAt,
        number: invoice.number,
        amountCents: invoice.amountCents,
        status: invoice.status,
        receiptUrl: context.receiptUrl(invoice.id),
      })),
      plans: cardPlans.map((plan) => ({ id: plan.id, name: plan.name, monthlyCents: periodPriceCents(plan.id, 'MONTHLY') })),
      alert: said.alert ?? null,
      notice: null,
      cardForm: said.cardForm ?? null,
    };
    return said.notice === undefined ? shown : { ...shown, notice: noticeOf(said.notice, shown, invoices[0]) };
  }

  const portalPage: TestModePages['portalPage'] = async (token, notice) => {
    const session = await findPortalSession(db, tokenHash(token), clock.now());
    if (session === null) return { status: 404, html: expiredPortal() };
    return { status: 200, html: renderPortalPage(await view(session, { notice })) };
  };

  /** Runs an action on the customer's live subscription, locked; the refusal if it has none or the action does not apply. */
  async function onLiveSubscription(customerId: string, action: SubscriptionAction): Promise<PortalNotice> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const live = await findLiveSubscriptionOf(tx, customerId);
      const subscription = live === null ? null : await lockSubscription(tx, live.id);
      if (subscription === null || subscription.status === 'canceled') throw new PortalRefusal(409, portalMessages.noPlan);
      return action(tx, subscription, now);
    });
  }

  /** Switch: a higher plan goes through a change checkout (paid now, with the card on file); any other waits for the end of the period. */
  async function switchPlan(token: string, session: PortalSession, form: PortalForm): Promise<string> {
    const target = switchTarget(form);
    const live = await findLiveSubscriptionOf(db, session.customerId);
    if (live === null) throw new PortalRefusal(409, portalMessages.noPlan);
    if (isHigherPlan(target.planId, live.planId)) {
      const started = await checkout.startChangeOf(
        live,
        { ...target, priceCents: periodPriceCents(target.planId, target.frequency) },
        { successUrl: portalPageUrl(token, 'upgraded'), cancelUrl: portalPageUrl(token) },
      );
      return started.url;
    }
    await onLiveSubscription(session.customerId, async (tx, subscription, now) => {
      await scheduleSwitch(tx, subscription, target, now);
      return 'switch-saved';
    });
    return portalPageUrl(token, 'switch-saved');
  }

  const portalAction: TestModePages['portalAction'] = async (token, form) => {
    const session = await findPortalSession(db, tokenHash(token), clock.now());
    if (session === null) return { status: 404, html: expiredPortal() };
    try {
      const location =
        form.action === 'switch'
          ? await switchPlan(token, session, form)
          : portalPageUrl(
              token,
              await onLiveSubscription(
                session.customerId,
                form.action === 'update-card' ? updateCard(form, clock.now()) : actions[form.action],
              ),
            );
      // The billing service has applied the change before the browser shows the portal (or dashboard) again.
      await context.deliverPending();
      return { status: 303, location };
    } catch (error) {
      if (!(error instanceof PortalRefusal)) throw error;
      const alert = error.cardForm === null ? error.message : null;
      return { status: error.status, html: renderPortalPage(await view(session, { alert, cardForm: error.cardForm })) };
    }
  };

  return { portalUrl, portalPage, portalAction };
}
