import { describe, expect, it } from 'vitest';
import type { PlanPrice } from '@server/payments/provider';
import { PriceIds } from '@server/payments/stripe/price-ids';
import { priceMismatch } from '@server/payments/stripe/price-mismatch';
import { subscriptionStatusOf } from '@server/payments/stripe/subscription-status';
import { testPriceId, testPrices } from './helpers/stripe-stand-in';

describe('subscriptionStatusOf', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['paused', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', null],
    ['something_new', null],
  ])('Stripe %s → %s', (stripeStatus, status) => {
    expect(subscriptionStatusOf(stripeStatus)).toBe(status);
  });
});

describe('priceMismatch', () => {
  const developer: PlanPrice = { planId: 2, planName: 'Developer', frequency: 'MONTHLY', amountCents: 4900 };
  const developerYear: PlanPrice = { ...developer, frequency: 'ANNUALY', amountCents: 52_920 };
  const monthly = { interval: 'month', interval_count: 1 } as const;
  const base = { id: 'price_x', active: true, currency: 'usd', unit_amount: 4900 };
  const what = 'Stripe price price_x (configured for Developer MONTHLY)';

  it.each([
    ['the same price', { ...base, recurring: monthly }, developer, null],
    [
      'a yearly price for a yearly plan',
      { ...base, unit_amount: 52_920, recurring: { interval: 'year', interval_count: 1 } },
      developerYear,
      null,
    ],
    ['an archived price', { ...base, active: false, recurring: monthly }, developer, `${what} is archived.`],
    ['another currency', { ...base, currency: 'eur', recurring: monthly }, developer, `${what} is in EUR; plans are billed in USD.`],
    [
      'another amount',
      { ...base, unit_amount: 4999, recurring: monthly },
      developer,
      `${what} charges 4999 cents; the plan costs 4900 cents.`,
    ],
    [
      'no fixed amount',
      { ...base, unit_amount: null, recurring: monthly },
      developer,
      `${what} charges a variable amount of cents; the plan costs 4900 cents.`,
    ],
    ['a one-time price', { ...base, recurring: null }, developer, `${what} is billed once; the plan is billed every 1 month.`],
    [
      'another interval',
      { ...base, recurring: { interval: 'month', interval_count: 3 } },
      developer,
      `${what} is billed every 3 month; the plan is billed every 1 month.`,
    ],
  ] as const)('%s', (_, price, expected, mismatch) => {
    expect(priceMismatch(price, expected)).toBe(mismatch);
  });
});

describe('PriceIds', () => {
  it('maps each paid plan and frequency to its price and back', () => {
    const prices = new PriceIds(testPrices);
    expect(prices.priceOf('Business', 'ANNUALY')).toBe(testPriceId('Business', 'ANNUALY'));
    expect(prices.planOf(testPriceId('Professional', 'MONTHLY'))).toEqual({ planId: 4, planName: 'Professional', frequency: 'MONTHLY' });
    expect(prices.planOf('price_unknown')).toBeNull();
    expect(() => prices.priceOf('Free', 'MONTHLY')).toThrow('Free MONTHLY has no Stripe price: it is not paid by card.');
  });

  it.each([
    [
      'a missing price',
      { ...testPrices, Business: { MONTHLY: 'price_b_m', ANNUALY: '' } },
      'No Stripe price id is configured for Business ANNUALY.',
    ],
    [
      'a price used twice',
      { ...testPrices, Business: { MONTHLY: testPriceId('Developer', 'MONTHLY'), ANNUALY: 'price_b_y' } },
      `Stripe price ${testPriceId('Developer', 'MONTHLY')} is configured for both Developer MONTHLY and Business MONTHLY.`,
    ],
    [
      'a plan that is not paid',
      { ...testPrices, Enterprise: { MONTHLY: 'price_e_m', ANNUALY: 'price_e_y' } },
      'Stripe prices are configured for "Enterprise"',
    ],
  ])('refuses %s at start-up', (_, table, message) => {
    expect(() => new PriceIds(table)).toThrow(message);
  });
});
