import type { Queryable } from '@server/db/db';
import type { TestModePages } from '@server/payments/local/test-mode';
import { ProviderError, type ChangeRequest, type CheckoutRequest, type StartedCheckout } from '@server/payments/provider';
import type { LocalContext } from '@server/payments/local/context';
import { localId } from '@server/payments/local/ids';
import { problemPage } from '@server/payments/local/pages/layout';
import { renderCheckoutPage, type CheckoutView } from '@server/payments/local/pages/checkout-page';
import { periodPriceCents, planName } from '@server/payments/local/price-list';
import { proratedChangeCents } from '@server/payments/local/proration';
import { completeCheckout } from '@server/payments/local/subscription-changes';
import { cardMessages, isBlankCardForm, isTestCard, judgeCard, type CardForm, type CardVerdict } from '@server/payments/local/test-cards';
import {
  completeSession,
  expireOpenChanges,
  expireSession,
  findSession,
  insertSession,
  lockSession,
  type CheckoutSession,
} from '@server/payments/local/store/checkout-sessions';
import { findCustomer } from '@server/payments/local/store/customers';
import { findSubscription, lockSubscription, type LocalSubscription } from '@server/payments/local/store/subscriptions';
import { paths } from '@/domain/paths';

const sessionHours = 24;

export const expiredCheckoutMessage =
  'This checkout has expired or was replaced by a newer one, and nothing was charged. Start again from the dashboard.';

/** The page's view of a session; a change shows the card on file of the subscription it changes. */
async function view(q: Queryable, session: CheckoutSession): Promise<CheckoutView> {
  const changing = session.subscriptionId === null ? null : await findSubscription(q, session.subscriptionId);
  return {
    planName: planName(session.planId),
    frequency: session.frequency,
    kind: session.kind,
    priceCents: session.priceCents,
    amountCents: session.amountCents,
    cancelUrl: session.cancelUrl,
    cardOnFile: session.kind === 'change' ? (changing?.cardLast4 ?? null) : null,
  };
}

const notFoundPage = (context: LocalContext) =>
  problemPage('Checkout not found', 'There is no such checkout. Start again from the dashboard.', {
    href: `${context.publicUrl}${paths.billing}`,
    text: 'Back to billing',
  });

const expiredPage = (session: CheckoutSession) =>
  problemPage('Checkout expired', expiredCheckoutMessage, { href: session.cancelUrl, text: 'Back to billing' });

/** Ended without payment: expired, or replaced by a newer checkout or change of the same subscription. */
export function isOver(session: CheckoutSession, now: Date): boolean {
  return session.status === 'expired' || (session.status === 'open' && session.expiresAt.getTime() <= now.getTime());
}

/** A card number that is no test card might be a real one: it is never written back into the page. */
function valuesToShow(form: CardForm): CardForm {
  return isTestCard(form.cardNumber) ? form : { ...form, cardNumber: '' };
}

type PayOutcome =
  | { readonly kind: 'missing' }
  | { readonly kind: 'expired'; readonly session: CheckoutSession }
  | { readonly kind: 'paid'; readonly session: CheckoutSession }
  | { readonly kind: 'refused'; readonly session: CheckoutSession; readonly verdict: Exclude<CardVerdict, { outcome: 'paid' }> };

/** The subscription a change session changes, if it is still as it was priced (else the session is stale). */
async function changeTarget(tx: Queryable, session: CheckoutSession): Promise<LocalSubscription | null> {
  if (session.subscriptionId === null || session.basisPeriodStart === null) return null;
  const subscription = await lockSubscription(tx, session.subscriptionId);
  if (subscription === null || subscription.status === 'canceled') return null;
  if (subscription.currentPeriodStart.getTime() !== session.basisPeriodStart.getTime()) return null;
  return subscription;
}

export function checkoutFlow(context: LocalContext) {
  const { db, clock } = context;
  const checkoutUrl = (id: string) => `${context.pagesUrl}/checkout/${id}`;

  async function start(session: Omit<CheckoutSession, 'id' | 'status' | 'expiresAt'>): Promise<StartedCheckout> {
    const now = clock.now();
    if (!Number.isSafeInteger(session.amountCents) || session.amountCents < 0) {
      throw new ProviderError(`a checkout amount must be whole cents, not ${session.amountCents}`);
    }
    if ((await findCustomer(db, session.customerId)) === null)
      throw new ProviderError(`there is no test-mode customer ${session.customerId}`);
    const id = localId('lco');
    const expiresAt = new Date(now.getTime() + sessionHours * 3_600_000);
    await insertSession(db, { ...session, id, status: 'open', expiresAt }, now);
    return { id, url: checkoutUrl(id), expiresAt };
  }

  /** A change of `subscription` to a higher plan from today, charged the new price less the unused part of the period. */
  async function startChangeOf(
    subscription: LocalSubscription,
    target: { planId: number; frequency: CheckoutSession['frequency']; priceCents: number },
    urls: { successUrl: string; cancelUrl: string },
  ): Promise<StartedCheckout> {
    const now = clock.now();
    // A past-due period was never paid: nothing of it is credited.
    const oldPriceCents = subscription.status === 'past_due' ? 0 : periodPriceCents(subscription.planId, subscription.frequency);
    const amountCents = proratedChangeCents({
      newPriceCents: target.priceCents,
      oldPriceCents,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      now,
    });
    await expireOpenChanges(db, subscription.id);
    return start({
      customerId: subscription.customerId,
      userId: subscription.userId,
      kind: 'change',
      subscriptionId: subscription.id,
      basisPeriodStart: subscription.currentPeriodStart,
      planId: target.planId,
      frequency: target.frequency,
      priceCents: target.priceCents,
      amountCents,
      ...urls,
    });
  }

  async function startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
    return start({
      customerId: request.customerId,
      userId: request.userId,
      kind: 'new',
      subscriptionId: null,
      basisPeriodStart: null,
      planId: request.price.planId,
      frequency: request.price.frequency,
      priceCents: request.price.amountCents,
      amountCents: request.price.amountCents,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    });
  }

  async function startChange(request: ChangeRequest): Promise<StartedCheckout> {
    const subscription = await db.transaction((tx) => lockSubscription(tx, request.subscriptionId));
    if (subscription === null || subscription.status === 'canceled' || subscription.customerId !== request.customerId) {
      throw new ProviderError(`there is no live test-mode subscription ${request.subscriptionId} of customer ${request.customerId}`);
    }
    return startChangeOf(
      subscription,
      { planId: request.price.planId, frequency: request.price.frequency, priceCents: request.price.amountCents },
      { successUrl: request.successUrl, cancelUrl: request.cancelUrl },
    );
  }

  async function expireCheckout(checkoutId: string): Promise<void> {
    await expireSession(db, checkoutId);
  }

  const checkoutPage: TestModePages['checkoutPage'] = async (id) => {
    const session = await findSession(db, id);
    if (session === null) return { status: 404, html: notFoundPage(context) };
    if (session.status === 'complete') {
      return {
        status: 200,
        html: problemPage('Checkout paid', 'This checkout is paid already.', {
          href: session.successUrl,
          text: 'Continue to the dashboard',
        }),
      };
    }
    // An ended checkout is gone for good: the contract's "not found" page.
    if (isOver(session, clock.now())) return { status: 404, html: expiredPage(session) };
    return { status: 200, html: renderCheckoutPage(await view(db, session)) };
  };

  const pay: TestModePages['pay'] = async (id, form) => {
    const now = clock.now();
    const outcome = await db.transaction(async (tx): Promise<PayOutcome> => {
      // Locked: a second Pay of this session (another tab, a double press) waits here, then finds it complete.
      const session = await lockSession(tx, id);
      if (session === null) return { kind: 'missing' };
      if (session.status === 'complete') return { kind: 'paid', session };
      if (isOver(session, now)) {
        await expireSession(tx, id);
        return { kind: 'expired', session };
      }
      const changing = session.kind === 'change' ? await changeTarget(tx, session) : null;
      if (session.kind === 'change' && changing === null) {
        await expireSession(tx, id);
        return { kind: 'expired', session };
      }
      // A change with no card typed pays with the card on file (the one the renewals are charged to).
      const verdict: CardVerdict =
        changing !== null && isBlankCardForm(form) ? { outcome: 'paid', last4: changing.cardLast4 } : judgeCard(form, now);
      if (verdict.outcome !== 'paid') return { kind: 'refused', session, verdict };
      await completeSession(tx, id, now);
      await completeCheckout(tx, session, changing, verdict.last4, now);
      return { kind: 'paid', session };
    });
    switch (outcome.kind) {
      case 'missing':
        return { status: 404, html: notFoundPage(context) };
      case 'expired':
        return { status: 409, html: expiredPage(outcome.session) };
      case 'paid':
        // The billing service has applied the payment before the browser reaches the dashboard.
        await context.deliverPending();
        return { status: 303, location: outcome.session.successUrl };
      case 'refused': {
        const values = valuesToShow(form);
        if (outcome.verdict.outcome === 'declined') {
          const html = renderCheckoutPage(await view(db, outcome.session), {
            values,
            errors: { cardNumber: cardMessages.declined },
            alert: cardMessages.declined,
          });
          return { status: 402, html };
        }
        return {
          status: 400,
          html: renderCheckoutPage(await view(db, outcome.session), { values, errors: outcome.verdict.errors, alert: null }),
        };
      }
    }
  };

  return { startCheckout, startChange, startChangeOf, expireCheckout, checkoutPage, pay, checkoutUrl };
}
