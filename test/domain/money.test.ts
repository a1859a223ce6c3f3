import { describe, expect, it } from 'vitest';
import { formatUsd, monthlyEquivalentLabel, priceLabel } from '@/domain/money';

describe('formatUsd: integer cents as US dollars', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [4900, '$49.00'],
    [52_920, '$529.20'],
    [268_920, '$2,689.20'],
    [123_456_789, '$1,234,567.89'],
    [-4900, '-$49.00'],
    [49.5, '—'],
    [Number.NaN, '—'],
  ])('%s cents → %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe('priceLabel: a plan price for its period', () => {
  it.each([
    [4900, 'MONTHLY', '$49.00 / month'],
    [52_920, 'ANNUALY', '$529.20 / year'],
    [0, 'MONTHLY', '$0.00 / month'],
    [null, 'MONTHLY', 'Contact sales'],
    [null, 'ANNUALY', 'Contact sales'],
  ] as const)('%s %s → %s', (cents, frequency, text) => {
    expect(priceLabel(cents, frequency)).toBe(text);
  });
});

describe('monthlyEquivalentLabel: a yearly price as a month, beside the annual total', () => {
  it.each([
    [52_920, 'ANNUALY', '$44.10 / month'],
    [268_920, 'ANNUALY', '$224.10 / month'],
    [538_920, 'ANNUALY', '$449.10 / month'],
    [100, 'ANNUALY', '$0.08 / month'],
    [4_900, 'MONTHLY', null],
    [0, 'ANNUALY', null],
    [null, 'ANNUALY', null],
  ] as const)('%s %s → %s', (cents, frequency, text) => {
    expect(monthlyEquivalentLabel(cents, frequency)).toBe(text);
  });
});
