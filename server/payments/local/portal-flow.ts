import type { components } from '@/api/schema';
import type { Queryable } from '@server/db/db';
import type { TestModePages } from '@server/payments/adapters';
import { ProviderError } from '@server/payments/provider';
import type { LocalContext } from '@server/payments/local/context';
import type { checkoutFlow } from '@server/payments/local/checkout-flow';
import { portalToken, tokenHash } from '@server/payments/local/ids';
import { problemPage } from '@server/payments/local/pages/layout';
import { renderPortalPage, type PortalView } from '@server/payments/local/pages/portal-page';
import { isHigherPlan, paidPlan, paidPlans, periodPriceCents, planName } from '@server/payments/local/price-list';
import {
  cancelAtPeriodEnd,
  renewSubscription,
  resumeSubscription,
  retryPayment,
  scheduleSwitch,
} from '@server/payments/local/subscription-changes';
import { findCustomer, findPortalSession, insertPortalSession, type PortalSession } from '@server/payments/local/store/customers';
import { listCustomerInvoices } from '@server/payments/local/store/invoices';
import { findLiveSubscriptionOf, lockSubscription, type LocalSubscription } from '@server/payments/local/store/subscriptions';
import { billingFrequencies } from '@/domain/plan-catalog';

type PortalForm = components['schemas']['TestModePortalForm'];
type PortalAction = PortalForm['action'];

const portalSessionMs = 60 * 60_000;

export const portalMessages = {
  noPlan: "You have no paid plan: upgrade from the dashboard's billing page.",
  alreadyCancelled: 'Your plan is already cancelled at the end of the period.',
  notCancelled: 'Your plan is not cancelled, so there is nothing to undo.',
  nothingUnpaid: 'There is no unpaid invoice to pay.',
  unpaidFirst: 'The last renewal is unpaid: retry the payment first.',
  choosePlan: 'Choose a paid plan and a billing frequency.',
} as const;

/** A refusal shown on the portal page itself (400: the form was wrong; 409: the subscription is not in a state for it). */
class PortalRefusal extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** What an action on the live subscription does, inside its transaction. */
type SubscriptionAction = (tx: Queryable, subscription: LocalSubscription, now: Date) => Promise<unknown>;

const actions: Record<Exclude<PortalAction, 'switch'>, SubscriptionAction> = {
  cancel: async (tx, subscription, now) => {
    if (subscription.cancelAtPeriodEnd) throw new PortalRefusal(409, portalMessages.alreadyCancelled);
    await cancelAtPeriodEnd(tx, subscription, now);
  },
  resume: async (tx, subscription, now) => {
    if (!subscription.cancelAtPeriodEnd) throw new PortalRefusal(409, portalMessages.notCancelled);
    await resumeSubscription(tx, subscription, now);
  },
  'retry-payment': async (tx, subscription, now) => {
    if (subscription.status !== 'past_due') throw new PortalRefusal(409, portalMessages.nothingUnpaid);
    await retryPayment(tx, subscription, now);
  },
  renew: async (tx, subscription, now) => {
    if (subscription.status === 'past_due') throw new PortalRefusal(409, portalMessages.unpaidFirst);
    await renewSubscription(tx, subscription, { declined: false, from: 'now' }, now);
  },
  'renew-declined': async (tx, subscription, now) => {
    if (subscription.status === 'past_due') throw new PortalRefusal(409, portalMessages.unpaidFirst);
    await renewSubscription(tx, subscription, { declined: true, from: 'now' }, now);
  },
};

function switchTarget(form: PortalForm) {
  const planId = /^\d{1,9}$/.test(form.planId ?? '') ? Number(form.planId) : null;
  const frequency = billingFrequencies.find((candidate) => candidate === form.frequency);
  if (planId === null || paidPlan(planId) === null || frequency === undefined) throw new PortalRefusal(400, portalMessages.choosePlan);
  return { planId, frequency };
}

export function portalFlow(context: LocalContext, checkout: ReturnType<typeof checkoutFlow>) {
  const { db, clock } = context;
  const portalPageUrl = (token: string) => `${context.pagesUrl}/portal/${token}`;

  async function portalUrl(customerId: string, returnUrl: string): Promise<string> {
    const now = clock.now();
    if ((await findCustomer(db, customerId)) === null) throw new ProviderError(`there is no test-mode customer ${customerId}`);
    const token = portalToken();
    await insertPortalSession(db, tokenHash(token), { customerId, returnUrl, expiresAt: new Date(now.getTime() + portalSessionMs) }, now);
    return portalPageUrl(token);
  }

  const expiredPortal = () =>
    problemPage('Portal link expired', 'This portal link has expired or is not valid. Open the customer portal again from the dashboard.', {
      href: `${context.publicUrl}/billing`,
      text: 'Back to billing',
    });

  async function view(session: PortalSession, alert: string | null): Promise<PortalView> {
    const subscription = await findLiveSubscriptionOf(db, session.customerId);
    const invoices = await listCustomerInvoices(db, session.customerId);
    return {
      returnUrl: session.returnUrl,
      subscription:
        subscription === null || subscription.status === 'canceled'
          ? null
          : {
              planId: subscription.planId,
              planName: planName(subscription.planId),
              frequency: subscription.frequency,
              priceCents: periodPriceCents(subscription.planId, subscription.frequency),
              status: subscription.status,
              currentPeriodEnd: subscription.currentPeriodEnd,
              cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
              scheduled:
                subscription.scheduled === null
                  ? null
                  : { planName: planName(subscription.scheduled.planId), frequency: subscription.scheduled.frequency },
              cardLast4: subscription.cardLast4,
            },
      invoices: invoices.map((invoice) => ({
        date: invoice.createdAt,
        number: invoice.number,
        amountCents: invoice.amountCents,
        status: invoice.status,
      })),
      plans: paidPlans.map((plan) => ({ id: plan.id, name: plan.name, monthlyCents: periodPriceCents(plan.id, 'MONTHLY') })),
      alert,
    };
  }

  const portalPage: TestModePages['portalPage'] = async (token) => {
    const session = await findPortalSession(db, tokenHash(token), clock.now());
    if (session === null) return { status: 404, html: expiredPortal() };
    return { status: 200, html: renderPortalPage(await view(session, null)) };
  };

  /** Runs an action on the customer's live subscription, locked; the refusal if it has none or the action does not apply. */
  async function onLiveSubscription(customerId: string, action: SubscriptionAction): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const live = await findLiveSubscriptionOf(tx, customerId);
      const subscription = live === null ? null : await lockSubscription(tx, live.id);
      if (subscription === null || subscription.status === 'canceled') throw new PortalRefusal(409, portalMessages.noPlan);
      await action(tx, subscription, now);
    });
  }

  /** Switch: a higher plan goes through a change checkout (paid now); any other waits for the end of the period. */
  async function switchPlan(token: string, session: PortalSession, form: PortalForm): Promise<string> {
    const target = switchTarget(form);
    const live = await findLiveSubscriptionOf(db, session.customerId);
    if (live === null) throw new PortalRefusal(409, portalMessages.noPlan);
    if (isHigherPlan(target.planId, live.planId)) {
      const back = portalPageUrl(token);
      const started = await checkout.startChangeOf(
        live,
        { ...target, priceCents: periodPriceCents(target.planId, target.frequency) },
        { successUrl: back, cancelUrl: back },
      );
      return started.url;
    }
    await onLiveSubscription(session.customerId, (tx, subscription, now) => scheduleSwitch(tx, subscription, target, now));
    return portalPageUrl(token);
  }

  const portalAction: TestModePages['portalAction'] = async (token, form) => {
    const session = await findPortalSession(db, tokenHash(token), clock.now());
    if (session === null) return { status: 404, html: expiredPortal() };
    try {
      const location =
        form.action === 'switch'
          ? await switchPlan(token, session, form)
          : await onLiveSubscription(session.customerId, actions[form.action]).then(() => portalPageUrl(token));
      // The billing service has applied the change before the browser shows the portal (or dashboard) again.
      await context.deliverPending();
      return { status: 303, location };
    } catch (error) {
      if (!(error instanceof PortalRefusal)) throw error;
      return { status: error.status, html: renderPortalPage(await view(session, error.message)) };
    }
  };

  return { portalUrl, portalPage, portalAction };
}
