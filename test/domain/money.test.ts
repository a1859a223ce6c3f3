import { describe, expect, it } from 'vitest';
import { formatUsd, priceLabel } from '@/domain/money';

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
