import { UNLIMITED } from './plan-display';

/**
 * How API keys read on /keys (SPEC.md "/keys", §4, §5): masked values, the key counter and the
 * plan's limit on generating more.
 */

const BULLETS = '•'.repeat(12);
/** Characters left visible at each end of a masked key, so a user can tell their keys apart. */
const VISIBLE_START = 6;
const VISIBLE_END = 4;

/**
 * 'key_ab••••••••••••wxyz': the start and the end of the key around a fixed run of bullets (a
 * fixed run, so the mask does not tell the key's length). Short values are masked entirely.
 */
export function maskKey(key: string): string {
  if (key.length <= VISIBLE_START + VISIBLE_END) return BULLETS;
  return `${key.slice(0, VISIBLE_START)}${BULLETS}${key.slice(-VISIBLE_END)}`;
}

/** 'x/y keys used', or 'x/Unlimited keys used' when the plan's maxKey is null (SPEC.md "/keys"). */
export function keysUsedText(count: number, maxKey: number | null): string {
  return `${count}/${maxKey === null ? UNLIMITED : maxKey} keys used`;
}

/**
 * Generate is disabled once the key count reaches the plan's maxKey; never when it is unlimited.
 * A count that is not known (the key list failed to load: null) allows nothing, since the limit
 * cannot be checked against it.
 */
export function canGenerateKey(count: number | null, maxKey: number | null): boolean {
  if (count === null) return false;
  return maxKey === null || count < maxKey;
}

/** Why Generate waits while the key list is unavailable. */
export const KEYS_UNCOUNTED = 'A new key can be generated once your API keys have loaded.';

/** SPEC.md §5, word for word. */
export function keyLimitMessage(maxKey: number): string {
  return `You have reached the maximum limit of ${maxKey} API keys for your plan.`;
}

/** Why Generate is disabled, or null when it is not. */
export function generateBlockedReason(count: number | null, maxKey: number | null): string | null {
  if (count === null) return KEYS_UNCOUNTED;
  return maxKey !== null && !canGenerateKey(count, maxKey) ? keyLimitMessage(maxKey) : null;
}

const dates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Feb 7, 2025' in the reader's time zone; '—' when the date is unknown or unreadable. */
export function formatKeyDate(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dates.format(date);
}
