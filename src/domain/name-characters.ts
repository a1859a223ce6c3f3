/**
 * Characters a display name (a project's, an API key's) may not hold: they are invisible or change
 * how the text around them reads, so a name holding them can look like another one.
 *
 * - C0 controls U+0000-001F, DEL U+007F and C1 controls U+0080-009F (a newline, a tab, an escape
 *   sequence for a terminal that prints the name);
 * - bidirectional formatting: the marks U+200E LRM, U+200F RLM and U+061C ALM, the embeddings and
 *   overrides U+202A-202E (U+202E turns 'gpj.exe' around) and the isolates U+2066-2069;
 * - characters that take no room: U+200B zero width space, U+2060 word joiner, U+FEFF (BOM), U+180E
 *   Mongolian vowel separator, and the line and paragraph separators U+2028 and U+2029.
 *
 * Zero width joiner and non-joiner (U+200D, U+200C) are allowed: emoji sequences and scripts such
 * as Persian and the Indic ones need them to be written correctly.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose.
const HIDDEN_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/u;

export const NAME_HIDDEN_CHARACTERS =
  'A name cannot contain control characters or invisible formatting characters (such as a right-to-left override).';

/** Whether the name holds a character of the list above. */
export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN_CHARACTER.test(name);
}

/** The message for a name holding such a character, or null when it has none. */
export function hiddenCharactersProblem(name: string): string | null {
  return hasHiddenCharacters(name) ? NAME_HIDDEN_CHARACTERS : null;
}
