import { describe, expect, it } from 'vitest';
import { invoiceStatusLabel } from '@/domain/invoice-display';
import { paymentReceived } from '@/domain/payment-return';

describe('invoiceStatusLabel', () => {
  it.each([
    ['paid', 'Paid'],
    ['open', 'Due'],
    ['draft', 'Draft'],
    ['void', 'Void'],
    ['uncollectible', 'Unpaid'],
  ] as const)('%s → %s', (status, label) => {
    expect(invoiceStatusLabel(status)).toBe(label);
  });
});

describe('paymentReceived: the success page', () => {
  it.each([
    ['Developer', 'Payment received. You are now on the Developer plan.'],
    ['Professional', 'Payment received. You are now on the Professional plan.'],
    [null, 'Payment received.'],
  ] as const)('%s → %s', (plan, text) => {
    expect(paymentReceived(plan)).toBe(text);
  });
});
