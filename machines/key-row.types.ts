/** The key row machine's data and events (machines/key-row.ts). */

export interface KeyRowInput {
  id: string;
  name: string;
  apiKey: string;
}

export interface KeyRowContext extends KeyRowInput {
  /** The name being typed while editing. */
  draft: string;
  /** Why the last rename or delete failed; shown until the next attempt or a cancel. */
  error: string | null;
}

export type KeyRowEvent =
  | { type: 'key.visibility.toggle' }
  | { type: 'key.edit' }
  | { type: 'key.draft.change'; value: string }
  | { type: 'key.save' }
  | { type: 'key.edit.cancel' }
  | { type: 'key.delete' }
  | { type: 'key.delete.confirm' }
  | { type: 'key.delete.cancel' };
