import { describe, expect, it } from 'vitest';
import { longDate, pastDueText, renewalText } from '@/domain/subscription-text';

describe('renewalText: the current plan card', () => {
  it.each([
    ['2025-03-07T10:00:00.000Z', false, 'Renews on March 7, 2025'],
    ['2025-03-07T10:00:00.000Z', true, 'Ends on March 7, 2025 — back to Free'],
    ['2026-12-31T23:59:59.000Z', false, 'Renews on December 31, 2026'],
  ] as const)('%s, cancelled %s → %s', (currentPeriodEnd, cancelAtPeriodEnd, text) => {
    expect(renewalText({ currentPeriodEnd, cancelAtPeriodEnd }, 'UTC')).toBe(text);
  });

  it.each([
    ['2025-03-14T10:00:00.000Z', 'Payment due — back to Free on March 14, 2025 unless paid'],
    [null, 'Payment due'],
  ] as const)('past due, grace until %s → %s', (graceEndsAt, text) => {
    expect(
      renewalText({ currentPeriodEnd: '2025-03-07T10:00:00.000Z', cancelAtPeriodEnd: false, status: 'past_due', graceEndsAt }, 'UTC'),
    ).toBe(text);
  });
});

describe('pastDueText: the banner', () => {
  it.each([
    [
      'Developer',
      '2025-03-14T10:00:00.000Z',
      'We could not charge your card for the Developer plan. Update your payment method in the customer portal, or your plan drops to Free on March 14, 2025.',
    ],
    [
      'Business',
      null,
      'We could not charge your card for the Business plan. Update your payment method in the customer portal, or your plan drops to Free soon.',
    ],
  ] as const)('%s, grace until %s', (plan, graceEndsAt, text) => {
    expect(pastDueText(plan, graceEndsAt, 'UTC')).toBe(text);
  });
});

describe('longDate', () => {
  it.each([
    ['2025-02-07T10:00:00.000Z', 'February 7, 2025'],
    ['not a date', 'not a date'],
  ])('%s → %s', (iso, text) => {
    expect(longDate(iso, 'UTC')).toBe(text);
  });
});
