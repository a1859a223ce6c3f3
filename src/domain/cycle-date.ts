/** The calendar day of an instant, as SPEC.md writes cycle dates (2025-02-07), in UTC like the server's cycles. */
export function cycleDate(instant: string | Date): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : date.toISOString().slice(0, 10);
}
