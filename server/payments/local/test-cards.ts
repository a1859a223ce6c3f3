/** Stripe's test cards this provider knows: one that pays, one that the "bank" declines. */
export const successCard = '4242424242424242';
export const declinedCard = '4000000000000002';

export const testCardsText = '4242 4242 4242 4242 (payment succeeds) or 4000 0000 0000 0002 (payment is declined)';

export const cardMessages = {
  cardMissing: 'Enter the card number.',
  notATestCard: `Use a test card: ${testCardsText}.`,
  declined: 'Your card was declined.',
  expiryFormat: 'Enter the expiry date as MM / YY, for example 12 / 34.',
  expiryPast: 'This expiry date is in the past: enter a future one.',
  cvc: 'Enter the 3 or 4 digit security code (CVC).',
  name: 'Enter the name on the card.',
} as const;

export interface CardForm {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly name: string;
}

export type CardField = keyof CardForm;

/** What a card form comes to: paid, declined by the "bank", or refused with a message per field. */
export type CardVerdict =
  | { readonly outcome: 'paid'; readonly last4: string }
  | { readonly outcome: 'declined' }
  | { readonly outcome: 'invalid'; readonly errors: Partial<Record<CardField, string>> };

/** Every field left empty: on a plan change, Pay with the card on file. */
export function isBlankCardForm(form: CardForm): boolean {
  return Object.values(form).every((value) => value.trim() === '');
}

/** Digits only: people type card numbers with spaces or dashes. */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function isTestCard(cardNumber: string): boolean {
  const digits = cardDigits(cardNumber);
  return digits === successCard || digits === declinedCard;
}

/**
 * The expiry as people type it: 'MM / YY', 'MM/YY', '1/30', '12-30', '12.30', '12 30', with a
 * four-digit year too ('12/2030'), or the digits alone ('1230', '122030'). Null when it is no
 * month of a year.
 */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/.\s-]\s*(\d{2}|\d{4})\s*$/.exec(expiry) ?? /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(expiry);
  if (match === null) return null;
  const month = Number(match[1]);
  const written = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: written < 100 ? 2000 + written : written };
}

/** A card is valid through the last day of its expiry month. */
function expired(expiry: { month: number; year: number }, now: Date): boolean {
  return Date.UTC(expiry.year, expiry.month, 1) <= now.getTime();
}

/**
 * The verdict on a card form: every field's format first (all errors at once, as a card form
 * shows them), then the card itself: the success card pays, the declined one is declined, any
 * other number is not one this provider knows.
 */
export function judgeCard(form: CardForm, now: Date): CardVerdict {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(form.cardNumber);
  if (digits === '') errors.cardNumber = cardMessages.cardMissing;
  else if (!isTestCard(digits)) errors.cardNumber = cardMessages.notATestCard;
  const expiry = parseExpiry(form.expiry);
  if (expiry === null) errors.expiry = cardMessages.expiryFormat;
  else if (expired(expiry, now)) errors.expiry = cardMessages.expiryPast;
  if (!/^\s*\d{3,4}\s*$/.test(form.cvc)) errors.cvc = cardMessages.cvc;
  if (form.name.trim() === '') errors.name = cardMessages.name;
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors };
  if (digits === declinedCard) return { outcome: 'declined' };
  return { outcome: 'paid', last4: digits.slice(-4) };
}
