import { billingFrequencies, billingPeriods, discountLabel, type BillingFrequency } from '@/domain/plan-catalog';
import { formatUsd } from '@/domain/money';
import { renewalText } from '@/domain/subscription-text';
import { cardFields, type CheckoutFormState } from '@server/payments/local/pages/checkout-page';
import escapeHtml from 'escape-html';
import { cardFormScript, formatDate, page } from '@server/payments/local/pages/layout';

export interface PortalSubscriptionView {
  readonly planId: number;
  readonly planName: string;
  readonly frequency: BillingFrequency;
  readonly priceCents: number;
  readonly status: 'active' | 'past_due';
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
  readonly scheduled: { readonly planName: string; readonly frequency: BillingFrequency } | null;
  readonly cardLast4: string;
  /** The API's Subscription.graceEndsAt (the billing service's): when a past-due plan drops to Free. */
  readonly graceEndsAt: string | null;
  /** What the unpaid invoices come to (past due). */
  readonly dueCents: number;
}

/** A success shows as a status in green, a failure as an alert in red. */
export type PortalNoticeTone = 'success' | 'failure';

export interface PortalView {
  readonly returnUrl: string;
  /** The customer's live subscription; null: they pay for nothing (the Free plan). */
  readonly subscription: PortalSubscriptionView | null;
  readonly invoices: readonly { date: Date; number: string; amountCents: number; status: string; receiptUrl: string }[];
  /** The paid plans one may switch to, with their monthly price. */
  readonly plans: readonly { id: number; name: string; monthlyCents: number }[];
  /** What the last action could not do. */
  readonly alert: string | null;
  /** What the last action did, and whether it went the customer's way (a failed renewal does not). */
  readonly notice: { readonly text: string; readonly tone: PortalNoticeTone } | null;
  /** A replacement card that was refused: what was typed and why. */
  readonly cardForm: CheckoutFormState | null;
}

const statusWord: Record<string, string> = { paid: 'Paid', open: 'Open (unpaid)', void: 'Refunded or void' };

function actionButton(action: string, text: string, secondary = false): string {
  return `<form method="post" class="inline"><button type="submit" name="action" value="${action}"${secondary ? ' class="secondary"' : ''}>${escapeHtml(text)}</button></form>`;
}

function currentPlan(subscription: PortalSubscriptionView | null): string {
  if (subscription === null) {
    return `<section aria-labelledby="plan-heading">
<h2 id="plan-heading">Current plan</h2>
<p>You have no paid plan: you are on the Free plan. Upgrade from the dashboard's billing page.</p>
</section>`;
  }
  const { planName, frequency, priceCents, currentPeriodEnd, cancelAtPeriodEnd, scheduled, status } = subscription;
  const end = formatDate(currentPeriodEnd);
  // The dashboard's words from the same source (the API's Subscription): a past-due plan renews no more.
  const renewal =
    status === 'past_due'
      ? `<p><strong>${escapeHtml(renewalText({ currentPeriodEnd: currentPeriodEnd.toISOString(), cancelAtPeriodEnd, status, graceEndsAt: subscription.graceEndsAt }, 'UTC'))}.</strong></p>`
      : cancelAtPeriodEnd
        ? `<p><strong>Cancels on ${end}.</strong> Your plan stays until then, and then moves to Free.</p>`
        : scheduled !== null
          ? `<p>Switches to <strong>${escapeHtml(scheduled.planName)}, billed ${billingPeriods[scheduled.frequency].adverb}</strong> on ${end}.</p>`
          : `<p>Renews on ${end}.</p>`;
  const pastDue =
    status === 'past_due'
      ? `<p class="alert" role="status">Your last payment failed and the invoice is unpaid (${formatUsd(subscription.dueCents)}). Retry it with the card on file, or replace the card below and it is paid with the new one.</p>
${actionButton('retry-payment', `Retry payment of ${formatUsd(subscription.dueCents)}`)}`
      : '';
  const cancelOrResume = cancelAtPeriodEnd
    ? actionButton('resume', 'Keep my plan (undo the cancellation)')
    : actionButton('cancel', 'Cancel plan at the end of the period', true);
  return `<section aria-labelledby="plan-heading">
<h2 id="plan-heading">Current plan</h2>
<p><strong>${escapeHtml(planName)}</strong>, billed ${billingPeriods[frequency].adverb}: ${formatUsd(priceCents)} per ${billingPeriods[frequency].period}</p>
${renewal}
${pastDue}
<div class="actions">${cancelOrResume}</div>
</section>`;
}

/** The card the renewals are charged to, and a form to replace it (a past-due invoice is then paid with it). */
function paymentMethod(view: PortalView, subscription: PortalSubscriptionView): string {
  const form = view.cardForm ?? { values: { cardNumber: '', expiry: '', cvc: '', name: '' }, errors: {}, alert: null };
  const refused = view.cardForm !== null;
  const save = subscription.status === 'past_due' ? `Save card and pay ${formatUsd(subscription.dueCents)}` : 'Save card';
  return `<section aria-labelledby="card-heading">
<h2 id="card-heading">Payment method</h2>
<p>Card on file: <strong>test card ending in ${escapeHtml(subscription.cardLast4)}</strong></p>
<details${refused || subscription.status === 'past_due' ? ' open' : ''}>
<summary>Replace card</summary>
${form.alert === null ? '' : `<p class="alert" role="alert">${escapeHtml(form.alert)}</p>\n`}<form method="post" novalidate>
${cardFields(form)}
<button type="submit" name="action" value="update-card">${escapeHtml(save)}</button>
</form>
</details>
</section>`;
}

function switchPlan(view: PortalView, subscription: PortalSubscriptionView): string {
  const options = view.plans
    .map(
      (plan) =>
        `<option value="${plan.id}"${plan.id === subscription.planId ? ' selected' : ''}>${escapeHtml(plan.name)} — ${formatUsd(plan.monthlyCents)}/mo</option>`,
    )
    .join('');
  const frequencies = billingFrequencies
    .map((frequency) => {
      const discount = discountLabel(frequency);
      const label = discount === null ? billingPeriods[frequency].label : `${billingPeriods[frequency].label} (${discount})`;
      return `<option value="${frequency}"${frequency === subscription.frequency ? ' selected' : ''}>${label}</option>`;
    })
    .join('');
  return `<section aria-labelledby="switch-heading">
<h2 id="switch-heading">Switch plan</h2>
<p class="muted" id="switch-hint">A higher plan is paid now (prorated) and starts today. A lower plan, or another billing frequency of this plan, starts when the current period ends.</p>
<form method="post">
<div class="row">
<div class="field"><label for="planId">Plan</label><select id="planId" name="planId" aria-describedby="switch-hint">${options}</select></div>
<div class="field"><label for="frequency">Billing</label><select id="frequency" name="frequency">${frequencies}</select></div>
</div>
<button type="submit" name="action" value="switch">Switch plan</button>
</form>
</section>`;
}

function invoices(view: PortalView): string {
  if (view.invoices.length === 0) {
    return `<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoices</h2>
<p>No invoices yet.</p>
</section>`;
  }
  const rows = view.invoices
    .map(
      (invoice) =>
        `<tr><td>${formatDate(invoice.date)}</td><td class="nowrap"><a href="${escapeHtml(invoice.receiptUrl)}"><span class="visually-hidden">${invoice.status === 'paid' ? 'Receipt' : 'Invoice'} </span>${escapeHtml(invoice.number)}</a></td><td class="amount">${formatUsd(invoice.amountCents)}</td><td>${escapeHtml(statusWord[invoice.status] ?? invoice.status)}</td></tr>`,
    )
    .join('\n');
  return `<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoices</h2>
<table>
<thead><tr><th scope="col">Date</th><th scope="col">Number</th><th scope="col" class="amount">Amount</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

function testClock(subscription: PortalSubscriptionView): string {
  return `<section class="clock" aria-labelledby="clock-heading">
<h2 id="clock-heading">Test clock</h2>
<p>Simulates time passing: ends the current period now, as on ${formatDate(subscription.currentPeriodEnd)}. The plan renews with a new invoice (or ends, if it is cancelled, or switches, if a switch is scheduled).</p>
<div class="actions">
${actionButton('renew', 'Renew now: payment succeeds')}
${actionButton('renew-declined', 'Renew now: payment fails', true)}
</div>
</section>`;
}

function noticeParagraph(text: string, tone: PortalNoticeTone): string {
  const [className, role] = tone === 'failure' ? ['alert', 'alert'] : ['success', 'status'];
  return `<p class="${className}" role="${role}">${escapeHtml(text)}</p>\n`;
}

/** The customer portal: what the last action did, plan and renewal, past-due notice, card, switch, cancel or resume, invoices, the test clock. */
export function renderPortalPage(view: PortalView): string {
  const alert = view.alert === null ? '' : noticeParagraph(view.alert, 'failure');
  const notice = view.notice === null ? '' : noticeParagraph(view.notice.text, view.notice.tone);
  const subscription = view.subscription;
  return page(
    'Customer portal',
    `${notice}${alert}${currentPlan(subscription)}
${subscription === null ? '' : paymentMethod(view, subscription)}
${subscription === null ? '' : switchPlan(view, subscription)}
${invoices(view)}
${subscription === null ? '' : testClock(subscription)}
<p class="actions"><a href="${escapeHtml(view.returnUrl)}">Return to dashboard</a></p>`,
    subscription === null ? undefined : cardFormScript,
  );
}
