import { describe, expect, it } from 'vitest';
import { NAME_HIDDEN_CHARACTERS, hasHiddenCharacters, hiddenCharactersProblem } from '@/domain/name-characters';

const code = (point: number) => String.fromCodePoint(point);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('hasHiddenCharacters: what a project or key name may not hold', () => {
  const refused: ReadonlyArray<readonly [string, readonly number[]]> = [
    ['C0 controls', range(0x00, 0x1f)],
    ['DEL', [0x7f]],
    ['C1 controls', range(0x80, 0x9f)],
    ['bidi embeddings and overrides', range(0x202a, 0x202e)],
    ['bidi isolates', range(0x2066, 0x2069)],
    ['bidi marks (LRM, RLM, ALM)', [0x200e, 0x200f, 0x061c]],
    ['zero width space, word joiner, BOM, Mongolian vowel separator', [0x200b, 0x2060, 0xfeff, 0x180e]],
    ['line and paragraph separators', [0x2028, 0x2029]],
  ];
  it.each(refused)('refuses %s, alone, inside and at either end of a name', (_, points) => {
    for (const point of points) {
      for (const name of [code(point), `ab${code(point)}cd`, `${code(point)}name`, `name${code(point)}`]) {
        expect(hasHiddenCharacters(name), `U+${point.toString(16).padStart(4, '0')} in ${JSON.stringify(name)}`).toBe(true);
      }
    }
  });

  it.each([
    ['plain ASCII', 'Payments API'],
    ['punctuation and digits', "Key #2 (prod) - o'neil_v1.0"],
    ['accented Latin', 'Café Zürich — été'],
    ['Hebrew and Arabic (right-to-left text itself)', 'פרויקט مشروع'],
    ['CJK', '本番キー 项目'],
    ['Cyrillic and Greek', 'Проект Ωμέγα'],
    ['emoji with zero width joiners', 'team 👨‍👩‍👧 🚀'],
    ['Persian with a zero width non-joiner', 'می‌خواهم'],
    ['Devanagari', 'परियोजना'],
    ['no-break space', 'A\u00a0B'],
  ])('accepts %s', (_, name) => {
    expect(hasHiddenCharacters(name)).toBe(false);
    expect(hiddenCharactersProblem(name)).toBeNull();
  });

  it('says what is refused', () => {
    expect(hiddenCharactersProblem('evil\u202Etxt.exe')).toBe(NAME_HIDDEN_CHARACTERS);
    expect(NAME_HIDDEN_CHARACTERS).toBe(
      'A name cannot contain control characters or invisible formatting characters (such as a right-to-left override).',
    );
  });
});
