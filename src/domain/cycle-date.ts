/** The calendar day of an instant, as SPEC.md writes cycle dates (2025-02-07), in UTC like the server's cycles. */
export function cycleDate(instant: string | Date): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : date.toISOString().slice(0, 10);
}

/**
 * When a cycle started, to the minute: '2025-02-07 14:05 UTC'. Its date is cycleDate's, the one the
 * Billing Cycle card shows; the time tells a cycle started today by a plan change from the usage of
 * the hours before it.
 */
export function cycleStart(instant: string | Date): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : `${cycleDate(date)} ${date.toISOString().slice(11, 16)} UTC`;
}
