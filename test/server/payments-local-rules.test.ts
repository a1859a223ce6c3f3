import { describe, expect, it } from 'vitest';
import { billingPeriod } from '@server/payments/local/billing-period';
import { proratedChangeCents } from '@server/payments/local/proration';
import { cardMessages, judgeCard, parseExpiry } from '@server/payments/local/test-cards';

const at = (iso: string) => new Date(iso);

describe('a change to a higher plan charges the new price less the unused part of the period, floored, in cents', () => {
  it.each([
    // new, old, period start, period end, now, charged
    [24_900, 4_900, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-01-01T00:00:00Z', 20_000],
    [24_900, 4_900, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-01-16T00:00:00Z', 22_450],
    [24_900, 4_900, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-01-31T00:00:00Z', 24_900],
    // A third of the period left: 4,900 / 3 = 1,633.33 credited, 23,266.67 charged → 23,266.
    [24_900, 4_900, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-01-21T00:00:00Z', 23_266],
    // Now outside the period: no credit after it, never more than the whole period before it.
    [24_900, 4_900, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-03-01T00:00:00Z', 24_900],
    [24_900, 4_900, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2029-12-01T00:00:00Z', 20_000],
    // A yearly plan barely begun is worth more than a month of the next: nothing is charged, never a negative.
    [24_900, 52_920, '2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z', '2030-01-02T00:00:00Z', 0],
    // Yearly prices over a year in milliseconds go past 2^53: still exact.
    [538_920, 268_920, '2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z', '2030-07-02T12:00:00Z', 404_460],
    // An unpaid (past-due) period is credited nothing.
    [24_900, 0, '2030-01-01T00:00:00Z', '2030-01-31T00:00:00Z', '2030-01-16T00:00:00Z', 24_900],
  ])('new %i, old %i, period %s – %s, at %s: %i', (newPriceCents, oldPriceCents, start, end, now, charged) => {
    const cents = proratedChangeCents({ newPriceCents, oldPriceCents, periodStart: at(start), periodEnd: at(end), now: at(now) });
    expect(cents).toBe(charged);
    expect(Number.isInteger(cents)).toBe(true);
  });
});

describe('billing periods count from the anchor, clamped to the month', () => {
  it.each([
    ['2030-01-15T10:00:00Z', 'MONTHLY', 0, '2030-01-15T10:00:00.000Z', '2030-02-15T10:00:00.000Z'],
    ['2030-01-31T10:00:00Z', 'MONTHLY', 0, '2030-01-31T10:00:00.000Z', '2030-02-28T10:00:00.000Z'],
    ['2030-01-31T10:00:00Z', 'MONTHLY', 1, '2030-02-28T10:00:00.000Z', '2030-03-31T10:00:00.000Z'],
    ['2032-01-31T00:00:00Z', 'MONTHLY', 0, '2032-01-31T00:00:00.000Z', '2032-02-29T00:00:00.000Z'],
    ['2030-12-31T00:00:00Z', 'MONTHLY', 0, '2030-12-31T00:00:00.000Z', '2031-01-31T00:00:00.000Z'],
    ['2032-02-29T00:00:00Z', 'ANNUALY', 0, '2032-02-29T00:00:00.000Z', '2033-02-28T00:00:00.000Z'],
    ['2032-02-29T00:00:00Z', 'ANNUALY', 3, '2035-02-28T00:00:00.000Z', '2036-02-29T00:00:00.000Z'],
  ] as const)('anchor %s, %s, period %i: %s – %s', (anchor, frequency, index, start, end) => {
    const period = billingPeriod(at(anchor), frequency, index);
    expect([period.start.toISOString(), period.end.toISOString()]).toEqual([start, end]);
  });
});

describe('expiry dates', () => {
  it.each([
    ['12 / 34', { month: 12, year: 2034 }],
    ['01/30', { month: 1, year: 2030 }],
    [' 7 / 2031 ', { month: 7, year: 2031 }],
    ['13 / 30', null],
    ['00 / 30', null],
    // The usual spellings: digits alone, other separators, a 4-digit year.
    ['1230', { month: 12, year: 2030 }],
    ['12/30', { month: 12, year: 2030 }],
    ['12-30', { month: 12, year: 2030 }],
    ['12.30', { month: 12, year: 2030 }],
    ['12 30', { month: 12, year: 2030 }],
    ['1/30', { month: 1, year: 2030 }],
    ['122030', { month: 12, year: 2030 }],
    ['12/2030', { month: 12, year: 2030 }],
    ['130', null],
    ['12030', null],
    ['1330', null],
    ['12 / 3', null],
    ['', null],
  ])('%j → %j', (text, parsed) => {
    expect(parseExpiry(text)).toEqual(parsed);
  });
});

describe('the test cards', () => {
  const now = at('2030-01-15T10:00:00Z');
  const good = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' };

  it.each([
    ['the success card pays', good, { outcome: 'paid', last4: '4242' }],
    ['typed without spaces or with dashes', { ...good, cardNumber: '4242-4242-4242-4242' }, { outcome: 'paid', last4: '4242' }],
    ['a 4 digit CVC', { ...good, cvc: '1234' }, { outcome: 'paid', last4: '4242' }],
    ['this month still valid', { ...good, expiry: '01 / 30' }, { outcome: 'paid', last4: '4242' }],
    ['the declined card', { ...good, cardNumber: '4000 0000 0000 0002' }, { outcome: 'declined' }],
    [
      'another number',
      { ...good, cardNumber: '5555 5555 5555 4444' },
      { outcome: 'invalid', errors: { cardNumber: cardMessages.notATestCard } },
    ],
    ['no number', { ...good, cardNumber: '  ' }, { outcome: 'invalid', errors: { cardNumber: cardMessages.cardMissing } }],
    ['last month', { ...good, expiry: '12 / 29' }, { outcome: 'invalid', errors: { expiry: cardMessages.expiryPast } }],
    ['no expiry', { ...good, expiry: '' }, { outcome: 'invalid', errors: { expiry: cardMessages.expiryFormat } }],
    ['a short CVC', { ...good, cvc: '12' }, { outcome: 'invalid', errors: { cvc: cardMessages.cvc } }],
    ['letters in the CVC', { ...good, cvc: '12a' }, { outcome: 'invalid', errors: { cvc: cardMessages.cvc } }],
    ['no name', { ...good, name: ' ' }, { outcome: 'invalid', errors: { name: cardMessages.name } }],
    [
      'the declined card with a bad field: the field first',
      { ...good, cardNumber: '4000000000000002', cvc: '' },
      { outcome: 'invalid', errors: { cvc: cardMessages.cvc } },
    ],
    [
      'every field wrong: every error at once',
      { cardNumber: '1', expiry: 'x', cvc: '', name: '' },
      {
        outcome: 'invalid',
        errors: {
          cardNumber: cardMessages.notATestCard,
          expiry: cardMessages.expiryFormat,
          cvc: cardMessages.cvc,
          name: cardMessages.name,
        },
      },
    ],
  ])('%s', (_, form, verdict) => {
    expect(judgeCard(form, now)).toEqual(verdict);
  });
});
