import { describe, expect, it } from 'vitest';
import { SHOWN_TEXT_MAX, shownText } from '@/domain/shown-text';

describe('shownText (a query-string text shown on a screen)', () => {
  const cases: Array<[string, string | null | undefined, string]> = [
    ['null is nothing', null, ''],
    ['undefined is nothing', undefined, ''],
    ['empty is nothing', '', ''],
    ['only white space and controls is nothing', ' \u0000\t\n\u007f\u200b ', ''],
    ['a plain error stays as it is', 'access_denied', 'access_denied'],
    ['the ends are trimmed', '  access_denied \n', 'access_denied'],
    ['markup stays text (React escapes it)', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['a line break becomes a space', 'Access\r\ndenied', 'Access denied'],
    ['a NUL between words becomes a space', 'Access\u0000denied', 'Access denied'],
    ['C1 controls become spaces', 'a\u0085b\u009bc', 'a b c'],
    ['runs of white space become one space', 'a \t  b', 'a b'],
    ['a right-to-left override is dropped', 'user\u202Egnp.exe', 'usergnp.exe'],
    ['isolates, direction marks, zero-width space and BOM are dropped', '\ufeffa\u2066b\u2069\u200e\u200fc\u200bd', 'abcd'],
    ['joiners inside emoji are kept', '👩\u200d💻', '👩\u200d💻'],
    ['exactly the limit is kept whole', 'x'.repeat(SHOWN_TEXT_MAX), 'x'.repeat(SHOWN_TEXT_MAX)],
    ['one past the limit is cut with an ellipsis', 'x'.repeat(SHOWN_TEXT_MAX + 1), `${'x'.repeat(SHOWN_TEXT_MAX - 1)}…`],
    ['a megabyte is cut to the limit', 'y'.repeat(1_000_000), `${'y'.repeat(SHOWN_TEXT_MAX - 1)}…`],
    ['the cut never splits a character made of two code units', '😀'.repeat(300), `${'😀'.repeat(SHOWN_TEXT_MAX - 1)}…`],
    ['no space is left before the ellipsis', `${'x'.repeat(SHOWN_TEXT_MAX - 2)} yyy`, `${'x'.repeat(SHOWN_TEXT_MAX - 2)}…`],
  ];

  it.each(cases)('%s', (_, raw, expected) => {
    expect(shownText(raw)).toBe(expected);
  });

  it.each([1, 5, 200])('is never longer than its limit (%i characters)', (max) => {
    expect(Array.from(shownText('z '.repeat(500), max)).length).toBeLessThanOrEqual(max);
  });
});
