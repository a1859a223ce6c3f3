/**
 * The quota cycle: monthly periods from an anchor, users.cycle_start (the signup on Free, the
 * subscription start or last plan change otherwise; plans count credits a month, yearly billing
 * included). Nothing rolls the cycle on a timer: whoever reads it (key load, flush, GET /usage)
 * computes the current one, and credits counted for an older cycle read as 0.
 */

export interface Cycle {
  readonly start: Date;
  readonly end: Date;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The anchor moved by whole months (UTC), the day clamped to the month: Jan 31 + 1 month = Feb 28 (or 29). */
export function addMonths(anchor: Date, months: number): Date {
  const monthIndex = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/** The cycle that contains `now` (the first one while `now` is before the anchor). */
export function cycleAt(anchor: Date, now: Date): Cycle {
  let months = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth());
  if (months > 0 && addMonths(anchor, months).getTime() > now.getTime()) months -= 1;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/** Stored credits count in the current cycle only if they were counted for it (or a later one). */
export function creditsInCycle(stored: { creditsUsed: number; countedCycleStart: Date }, cycle: Cycle): number {
  return stored.countedCycleStart.getTime() >= cycle.start.getTime() ? stored.creditsUsed : 0;
}

const dayMs = 86_400_000;

/** The UTC day that contains `now`: the period of a key's daily spend cap. */
export function dayAt(now: Date): Cycle {
  const start = Math.floor(now.getTime() / dayMs) * dayMs;
  return { start: new Date(start), end: new Date(start + dayMs) };
}
