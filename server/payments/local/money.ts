const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 4900 → '$49.00': amounts are integer cents, shown in dollars only here. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
