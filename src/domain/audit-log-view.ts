/**
 * How the settings tab's audit log reads and filters (structural shapes of the contract's
 * AuditEntry: src/domain imports nothing of ours). Dates are whole UTC days, as the table's times.
 */

/** Entries asked for per page (the API allows 1 to 100). */
export const AUDIT_PAGE_SIZE = 25;

export const NO_AUDIT_ENTRIES = 'No changes recorded yet.';
export const NO_MATCHING_AUDIT_ENTRIES = 'No changes match these filters.';

/** A day as a date input gives it: 'YYYY-MM-DD'. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a UTC day starts, or null when `day` is not a real day. */
function dayStart(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const start = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day ? null : start;
}

/** Whether the days make a range the API takes: each a real day (or none), the first not after the last. */
export function isDayRange(from: string | null, to: string | null): boolean {
  const start = from === null ? null : dayStart(from);
  const end = to === null ? null : dayStart(to);
  if ((from !== null && start === null) || (to !== null && end === null)) return false;
  return start === null || end === null || start.getTime() <= end.getTime();
}

/**
 * The API's `from` and `to` for the days chosen: from the first day's start to the end of the last
 * (the next day's start, which the API excludes); a day left empty is not sent.
 */
export function auditRangeQuery(from: string | null, to: string | null): { from?: string; to?: string } {
  const start = from === null ? null : dayStart(from);
  const end = to === null ? null : dayStart(to);
  return {
    ...(start === null ? {} : { from: start.toISOString() }),
    ...(end === null ? {} : { to: new Date(end.getTime() + 86_400_000).toISOString() }),
  };
}

/** Who made a change, as the table says it. */
export function actorLabel(actor: { type: 'user' | 'system'; email: string | null }): string {
  return actor.type === 'system' ? 'System' : (actor.email ?? 'A former member');
}

/** What a change was made on: 'Prod (key_ab••••wxyz)', 'My Project', or the id when it has no name. */
export function targetLabel(target: { id: string; name: string | null; maskedKey?: string }): string {
  const name = target.name ?? target.id;
  return target.maskedKey === undefined ? name : `${name} (${target.maskedKey})`;
}
