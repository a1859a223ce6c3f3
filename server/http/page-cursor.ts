/**
 * Where a page of a newest-first log ends: its last row's time and id (rows are ordered by both).
 * The API hands it out as 'epochMs_id'; the contract's pattern (digits_digits) checks it coming back.
 */
export interface PageCursor {
  readonly at: Date;
  readonly id: number;
}

export function cursorOf(row: PageCursor): string {
  return `${row.at.getTime()}_${row.id}`;
}

/** A cursor the contract's pattern has checked; null when none was sent. */
export function readCursor(cursor: string | undefined): PageCursor | null {
  if (cursor === undefined) return null;
  const [at, id] = cursor.split('_');
  return { at: new Date(Number(at)), id: Number(id) };
}

/**
 * A page of `limit` rows out of the `limit + 1` asked for (one more tells whether there is a next
 * page, without a count), and the cursor of the next page (null on the last).
 */
export function pageOf<T extends PageCursor>(rows: readonly T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
