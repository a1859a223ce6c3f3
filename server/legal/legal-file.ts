import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@server/config-values';
import { type LegalDocument, LegalTextError, parseLegalText } from '@server/legal/legal-text';

/** The documents served at GET /api/legal/{document}, each with the setting that names its file. */
export const legalDocuments = ['terms', 'privacy'] as const;
export type LegalDocumentName = (typeof legalDocuments)[number];

export const legalFileVariables: Readonly<Record<LegalDocumentName, string>> = { terms: 'TERMS_FILE', privacy: 'PRIVACY_FILE' };

/** The texts shipped with the server, used when TERMS_FILE or PRIVACY_FILE is unset. */
export const defaultLegalFiles: Readonly<Record<LegalDocumentName, string>> = {
  terms: fileURLToPath(new URL('./terms.md', import.meta.url)),
  privacy: fileURLToPath(new URL('./privacy.md', import.meta.url)),
};

// Far beyond any real policy; a larger file is a wrong path (a log, a binary), not a text to serve.
const MAX_BYTES = 256 * 1024;

/** Reads and parses the file a setting names (relative paths from the working directory), once at start-up. */
export function readLegalFile(name: string, path: string): LegalDocument {
  let text: string;
  try {
    const bytes = readFileSync(resolve(path));
    if (bytes.length > MAX_BYTES) throw new Error(`it is larger than ${MAX_BYTES / 1024} KB`);
    text = bytes.toString('utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : error instanceof Error ? error.message : String(error);
    throw new ConfigError(name, `${name}="${path}" cannot be read (${reason}): name a readable text file.`);
  }
  try {
    return parseLegalText(text);
  } catch (error) {
    if (!(error instanceof LegalTextError)) throw error;
    throw new ConfigError(name, `${name}="${path}" is not a document this server can serve: ${error.message}.`);
  }
}
