import { billingPeriods, type BillingFrequency } from '@/domain/plan-catalog';
import { formatUsd } from '@/domain/money';
import escapeHtml from 'escape-html';
import { cardFormScript, page } from '@server/payments/local/pages/layout';
import { testCardsText, type CardField, type CardForm } from '@server/payments/local/test-cards';

export interface CheckoutView {
  readonly planName: string;
  readonly frequency: BillingFrequency;
  readonly kind: 'new' | 'change';
  /** The plan's price for one period. */
  readonly priceCents: number;
  /** What Pay charges now (a change: prorated). */
  readonly amountCents: number;
  readonly cancelUrl: string;
  /** A change pays with the subscription's card unless another is typed: its last 4 digits. */
  readonly cardOnFile: string | null;
}

export interface CheckoutFormState {
  /** The values to show again (a card number that is not a test card is never sent back). */
  readonly values: CardForm;
  readonly errors: Partial<Record<CardField, string>>;
  /** A message for the whole payment (a declined card). */
  readonly alert: string | null;
}

const emptyForm: CheckoutFormState = { values: { cardNumber: '', expiry: '', cvc: '', name: '' }, errors: {}, alert: null };

interface FieldSpec {
  readonly name: CardField;
  readonly label: string;
  readonly autocomplete: string;
  readonly inputmode?: 'numeric';
  readonly maxlength: number;
}

/**
 * No placeholders: a sample card number or CVC in grey reads as a value already typed. The label
 * says the expiry's format, and the page's script formats what is typed (groups of 4, MM / YY).
 */
const fields: Record<CardField, FieldSpec> = {
  cardNumber: {
    name: 'cardNumber',
    label: 'Card number',
    autocomplete: 'cc-number',
    inputmode: 'numeric',
    maxlength: 40,
  },
  expiry: {
    name: 'expiry',
    label: 'Expiry (MM / YY)',
    autocomplete: 'cc-exp',
    inputmode: 'numeric',
    maxlength: 10,
  },
  cvc: { name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 8 },
  name: { name: 'name', label: 'Name on card', autocomplete: 'cc-name', maxlength: 200 },
};

function field(spec: FieldSpec, state: CheckoutFormState, required: boolean): string {
  const error = state.errors[spec.name];
  const errorId = `${spec.name}-error`;
  const invalid = error === undefined ? '' : ` aria-invalid="true" aria-describedby="${errorId}"`;
  const inputmode = spec.inputmode === undefined ? '' : ` inputmode="${spec.inputmode}"`;
  return `<div class="field">
<label for="${spec.name}">${escapeHtml(spec.label)}</label>
<input id="${spec.name}" name="${spec.name}" type="text" autocomplete="${spec.autocomplete}"${inputmode} maxlength="${spec.maxlength}"${required ? ' required' : ''} value="${escapeHtml(state.values[spec.name])}"${invalid}>
${error === undefined ? '' : `<p class="error" id="${errorId}">${escapeHtml(error)}</p>`}
</div>`;
}

/** What is paid, and how much now. */
function summary(view: CheckoutView): string {
  const plan = `${escapeHtml(view.planName)} plan, billed ${billingPeriods[view.frequency].adverb}`;
  const price = `${formatUsd(view.priceCents)} per ${billingPeriods[view.frequency].period}`;
  if (view.kind === 'new') {
    return `<p>${plan}</p>\n<p class="price">${price}</p>`;
  }
  return `<p>Change your subscription to the ${plan} (${price}). The new period starts today.</p>
<p class="price">${formatUsd(view.amountCents)} due today</p>
<p class="muted">The new plan's price less the unused part of your current period.</p>`;
}

/** The card fields (number; expiry and CVC side by side; name), each with its label and error. */
export function cardFields(state: CheckoutFormState, required = true): string {
  return `${field(fields.cardNumber, state, required)}
<div class="row">
${field(fields.expiry, state, required)}
${field(fields.cvc, state, required)}
</div>
${field(fields.name, state, required)}`;
}

/** A change pays with the card on file; another card can be typed instead (then it is the one on file). */
function cardChoice(last4: string, state: CheckoutFormState): string {
  const typed = Object.values(state.values).some((value) => value.trim() !== '') || Object.keys(state.errors).length > 0;
  return `<p>Paid with the card on file: <strong>test card ending in ${escapeHtml(last4)}</strong>.</p>
<details${typed ? ' open' : ''}>
<summary>Pay with another card</summary>
<p class="hint">Leave these empty to pay with the card on file. Another card replaces it for the renewals too.</p>
${cardFields(state, false)}
</details>`;
}

/** The checkout page: what is paid, the card form (with its errors and the values typed), Pay (naming the amount) and Cancel. */
export function renderCheckoutPage(view: CheckoutView, state: CheckoutFormState = emptyForm): string {
  const title = view.kind === 'new' ? `Subscribe to ${view.planName}` : `Upgrade to ${view.planName}`;
  const alert = state.alert === null ? '' : `<p class="alert" role="alert">${escapeHtml(state.alert)}</p>\n`;
  const hasErrors = Object.keys(state.errors).length > 0;
  const errorSummary = hasErrors && state.alert === null ? '<p class="alert" role="alert">Check the highlighted fields below.</p>\n' : '';
  const card = view.cardOnFile === null ? cardFields(state) : cardChoice(view.cardOnFile, state);
  return page(
    title,
    `${summary(view)}
<p class="notice"><strong>Test mode.</strong> Use the test card ${escapeHtml(testCardsText)}, any future expiry date and any CVC.</p>
${alert}${errorSummary}<form method="post" novalidate>
${card}
<div class="actions">
<button type="submit">Pay ${formatUsd(view.amountCents)}</button>
<a href="${escapeHtml(view.cancelUrl)}">Cancel</a>
</div>
</form>`,
    cardFormScript,
  );
}
