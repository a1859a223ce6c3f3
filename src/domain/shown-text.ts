/** Longest text taken from a URL that a screen shows (the part a visitor's link can choose). */
export const SHOWN_TEXT_MAX = 200;
const ELLIPSIS = '…';

// Control characters break lines or hide text; the formatting ones (zero-width space, direction
// marks and overrides, BOM) make a text read differently from what it holds.
const CONTROL = /\p{Cc}+/gu;
const INVISIBLE_FORMAT = /[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A text from the query string made fit to show as one line: control characters become spaces,
 * invisible formatting characters go, runs of white space become one space, the ends are trimmed,
 * and past `max` characters it is cut (whole code points) with an ellipsis, `max` in all.
 * Null or nothing left: ''.
 */
export function shownText(raw: string | null | undefined, max = SHOWN_TEXT_MAX): string {
  if (raw == null) return '';
  const text = raw.replace(INVISIBLE_FORMAT, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}
