import type { StoredSpend } from '@server/repos/stored-credits';

/** A key's spend as read for a key without caps that has spent nothing yet. */
export const UNCAPPED: StoredSpend = {
  day: { limit: null, periodStart: null, creditsUsed: 0 },
  cycle: { limit: null, periodStart: null, creditsUsed: 0 },
};

/** A key's spend as read for a key capped at `day` and `cycle` credits (null: none) that has spent nothing yet. */
export function capped(day: number | null, cycle: number | null): StoredSpend {
  return { day: { ...UNCAPPED.day, limit: day }, cycle: { ...UNCAPPED.cycle, limit: cycle } };
}
