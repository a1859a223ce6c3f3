/**
 * A key's lifecycle: rolling it to a new secret with a grace period for the old one, and an
 * optional expiry. The server and the keys screen read the same table.
 */

/** How long the old secret keeps working after a roll (the contract's RollApiKeyRequest.grace). */
export const ROLL_GRACES = ['none', '1h', '24h', '7d'] as const;
export type RollGrace = (typeof ROLL_GRACES)[number];

const HOUR_MS = 60 * 60 * 1000;

export const ROLL_GRACE_FACTS: Readonly<Record<RollGrace, { readonly ms: number; readonly label: string }>> = {
  none: { ms: 0, label: 'None: the old secret stops at once' },
  '1h': { ms: HOUR_MS, label: '1 hour' },
  '24h': { ms: 24 * HOUR_MS, label: '24 hours' },
  '7d': { ms: 7 * 24 * HOUR_MS, label: '7 days' },
};

/** When the old secret stops after a roll at `now`; null when it stops at once. */
export function graceEnd(grace: RollGrace, now: Date): Date | null {
  const { ms } = ROLL_GRACE_FACTS[grace];
  return ms === 0 ? null : new Date(now.getTime() + ms);
}

/**
 * Every API key: `rpk_` and 32 base62 characters (server/auth/tokens.ts makes them). The prefix is
 * ours alone, so secret scanners (GitHub's, gitleaks, trufflehog) can find a leaked key by this
 * pattern; docs/security.md gives it to operators.
 */
export const API_KEY_PATTERN = /^rpk_[0-9A-Za-z]{32}$/;

export const EXPIRY_IN_PAST = 'The expiry date must be in the future.';

/** The message for an expiry the user picked, or null when it may be saved (null, never, always may). */
export function expiryProblem(expiresAt: Date | null, now: Date): string | null {
  if (expiresAt === null) return null;
  return expiresAt.getTime() > now.getTime() ? null : EXPIRY_IN_PAST;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The expiry of a key picked as a day (a date input's 'YYYY-MM-DD'): the key works through that
 * day, UTC, and stops when the next one starts. Null for text that is no calendar day.
 */
export function expiryFromDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (match === null) return null;
  const [, year, month, date] = match.map(Number);
  if (year === undefined || month === undefined || date === undefined) return null;
  const start = new Date(Date.UTC(year, month - 1, date));
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== date) return null;
  return new Date(start.getTime() + DAY_MS);
}

/** The last day a key with this expiry works (UTC), as a date input shows it: the inverse of expiryFromDay. */
export function lastDayOf(expiresAt: string): string {
  return new Date(new Date(expiresAt).getTime() - 1).toISOString().slice(0, 10);
}

/** The first day an expiry may be set to at `now`: today works through its end, so today is the earliest. */
export function earliestExpiryDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a key with this expiry still works at `now` (the row's badge and the dialog agree through it). */
export function hasExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}

const utcMoments = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** 'Nov 29, 2026, 10:00 UTC': when an old secret stops (the same instant for every reader). */
export function formatUtcMoment(iso: string): string {
  return `${utcMoments.format(new Date(iso))} UTC`;
}

/** How the keys screen tells a key's expiry: null when it never expires. */
export function expiryText(expiresAt: string | null, now: Date): string | null {
  if (expiresAt === null) return null;
  return hasExpired(expiresAt, now) ? `Expired on ${formatUtcMoment(expiresAt)}` : `Works through ${lastDayOf(expiresAt)} (UTC)`;
}
