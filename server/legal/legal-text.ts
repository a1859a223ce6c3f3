import type { components } from '@/api/schema';

export type LegalDocument = components['schemas']['LegalDocument'];
type LegalSection = components['schemas']['LegalSection'];
type LegalBlock = components['schemas']['LegalBlock'];

/** A text that is not a legal document this server can serve; the message says what is wrong. */
export class LegalTextError extends Error {
  override name = 'LegalTextError';
}

const UPDATED = /^updated:\s*(\d{4}-\d{2}-\d{2})$/i;
const BULLET = /^[-*]\s+/;

/** YYYY-MM-DD naming a day that exists (2026-02-30 does not). */
function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * Reads the terms or the privacy policy from a plain-text file with a little Markdown: a first
 * line `# Title`, an optional `Updated: YYYY-MM-DD` line, `## Heading` for each section, paragraphs
 * separated by blank lines (their lines joined with a space) and `- item` lists. Anything else is
 * text as written: the SPA renders it as text, never as HTML.
 */
export function parseLegalText(text: string): LegalDocument {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim());
  const first = lines.findIndex((line) => line !== '');
  const titleLine = lines[first] ?? '';
  if (!titleLine.startsWith('# ') || titleLine.slice(2).trim() === '') {
    throw new LegalTextError('its first line must be the title, written "# Title"');
  }
  const document: LegalDocument = { title: titleLine.slice(2).trim(), sections: [] };
  let section: LegalSection | null = null;
  let block: LegalBlock | null = null;
  const currentSection = (): LegalSection => {
    if (section === null) {
      section = { blocks: [] };
      document.sections.push(section);
    }
    return section;
  };

  for (const line of lines.slice(first + 1)) {
    const updated = UPDATED.exec(line);
    if (line === '') {
      block = null;
    } else if (updated?.[1] !== undefined && document.sections.length === 0 && document.updatedAt === undefined) {
      if (!isCalendarDate(updated[1])) throw new LegalTextError(`"${line}" is not a date (use YYYY-MM-DD)`);
      document.updatedAt = updated[1];
    } else if (line.startsWith('## ')) {
      section = { heading: line.replace(/^#+\s*/, ''), blocks: [] };
      document.sections.push(section);
      block = null;
    } else if (BULLET.test(line)) {
      if (block?.kind !== 'list') {
        block = { kind: 'list', items: [] };
        currentSection().blocks.push(block);
      }
      block.items.push(line.replace(BULLET, ''));
    } else if (block?.kind === 'paragraph') {
      block.text = `${block.text} ${line}`;
    } else if (block?.kind === 'list') {
      // A wrapped list item: the line continues the item above it.
      block.items[block.items.length - 1] = `${block.items.at(-1) ?? ''} ${line}`;
    } else {
      block = { kind: 'paragraph', text: line };
      currentSection().blocks.push(block);
    }
  }
  if (document.sections.every((part) => part.blocks.length === 0)) throw new LegalTextError('it has a title but no text');
  return document;
}
