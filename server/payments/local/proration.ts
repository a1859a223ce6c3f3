/**
 * What a change to a higher plan charges now: the new plan's price for a whole new period (it
 * starts now) less the unused part of the period already paid for, in integer cents. The credit is
 * the old price times the unused share of its period; the result is floored (a fraction of a cent
 * goes to the customer) and never below zero (this provider keeps no credit balance).
 */
export function proratedChangeCents(change: {
  readonly newPriceCents: number;
  readonly oldPriceCents: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly now: Date;
}): number {
  const { newPriceCents, oldPriceCents, periodStart, periodEnd, now } = change;
  const total = BigInt(Math.max(0, periodEnd.getTime() - periodStart.getTime()));
  if (total === 0n) return newPriceCents;
  const unused = BigInt(Math.min(Math.max(0, periodEnd.getTime() - now.getTime()), periodEnd.getTime() - periodStart.getTime()));
  // BigInt: a year's price in cents times a year in milliseconds is past 2^53.
  const numerator = BigInt(newPriceCents) * total - BigInt(oldPriceCents) * unused;
  if (numerator <= 0n) return 0;
  return Number(numerator / total);
}
