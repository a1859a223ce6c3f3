import type { BillingFrequency } from '@/domain/plan-catalog';
import { formatUsd } from '@/domain/money';
import { escapeHtml, page } from '@server/payments/local/pages/layout';
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
}

export interface CheckoutFormState {
  /** The values to show again (a card number that is not a test card is never sent back). */
  readonly values: CardForm;
  readonly errors: Partial<Record<CardField, string>>;
  /** A message for the whole payment (a declined card). */
  readonly alert: string | null;
}

const emptyForm: CheckoutFormState = { values: { cardNumber: '', expiry: '', cvc: '', name: '' }, errors: {}, alert: null };

const periodWord = (frequency: BillingFrequency) => (frequency === 'MONTHLY' ? 'month' : 'year');
const frequencyWord = (frequency: BillingFrequency) => (frequency === 'MONTHLY' ? 'monthly' : 'yearly');

interface FieldSpec {
  readonly name: CardField;
  readonly label: string;
  readonly autocomplete: string;
  readonly inputmode?: 'numeric';
  readonly placeholder?: string;
  readonly maxlength: number;
}

const fields: Record<CardField, FieldSpec> = {
  cardNumber: {
    name: 'cardNumber',
    label: 'Card number',
    autocomplete: 'cc-number',
    inputmode: 'numeric',
    placeholder: '4242 4242 4242 4242',
    maxlength: 40,
  },
  expiry: {
    name: 'expiry',
    label: 'Expiry (MM / YY)',
    autocomplete: 'cc-exp',
    inputmode: 'numeric',
    placeholder: 'MM / YY',
    maxlength: 10,
  },
  cvc: { name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 8 },
  name: { name: 'name', label: 'Name on card', autocomplete: 'cc-name', maxlength: 200 },
};

function field(spec: FieldSpec, state: CheckoutFormState): string {
  const error = state.errors[spec.name];
  const errorId = `${spec.name}-error`;
  const invalid = error === undefined ? '' : ` aria-invalid="true" aria-describedby="${errorId}"`;
  const inputmode = spec.inputmode === undefined ? '' : ` inputmode="${spec.inputmode}"`;
  const placeholder = spec.placeholder === undefined ? '' : ` placeholder="${escapeHtml(spec.placeholder)}"`;
  return `<div class="field">
<label for="${spec.name}">${escapeHtml(spec.label)}</label>
<input id="${spec.name}" name="${spec.name}" type="text" autocomplete="${spec.autocomplete}"${inputmode}${placeholder} maxlength="${spec.maxlength}" required value="${escapeHtml(state.values[spec.name])}"${invalid}>
${error === undefined ? '' : `<p class="error" id="${errorId}">${escapeHtml(error)}</p>`}
</div>`;
}

/** What is paid, and how much now. */
function summary(view: CheckoutView): string {
  const plan = `${escapeHtml(view.planName)} plan, billed ${frequencyWord(view.frequency)}`;
  const price = `${formatUsd(view.priceCents)} per ${periodWord(view.frequency)}`;
  if (view.kind === 'new') {
    return `<p>${plan}</p>\n<p class="price">${price}</p>`;
  }
  return `<p>Change your subscription to the ${plan} (${price}). The new period starts today.</p>
<p class="price">${formatUsd(view.amountCents)} due today</p>
<p class="muted">The new plan's price less the unused part of your current period.</p>`;
}

/** The checkout page: what is paid, the card form (with its errors and the values typed), Pay and Cancel. */
export function renderCheckoutPage(view: CheckoutView, state: CheckoutFormState = emptyForm): string {
  const title = view.kind === 'new' ? `Subscribe to ${view.planName}` : `Upgrade to ${view.planName}`;
  const alert = state.alert === null ? '' : `<p class="alert" role="alert">${escapeHtml(state.alert)}</p>\n`;
  const hasErrors = Object.keys(state.errors).length > 0;
  const errorSummary = hasErrors && state.alert === null ? '<p class="alert" role="alert">Check the highlighted fields below.</p>\n' : '';
  return page(
    title,
    `${summary(view)}
<p class="notice"><strong>Test mode.</strong> Use the test card ${escapeHtml(testCardsText)}, any future expiry date and any CVC.</p>
${alert}${errorSummary}<form method="post" novalidate>
${field(fields.cardNumber, state)}
<div class="row">
${field(fields.expiry, state)}
${field(fields.cvc, state)}
</div>
${field(fields.name, state)}
<div class="actions">
<button type="submit">Pay</button>
<a href="${escapeHtml(view.cancelUrl)}">Cancel</a>
</div>
</form>`,
  );
}
