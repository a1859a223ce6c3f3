/** The data and events of a key's rules editor (machines/key-rules-editor.ts). */
import type { AccessKind, AccessSettings } from '@/domain/access-control';
import type { KeyCapPeriod, KeyRuleKind, KeyRules } from '@/domain/key-rules';

export interface KeyRulesEditorInput {
  /** The key's id (the list's string form of the contract's integer). */
  id: string;
}

/** What opening the dialog reads: the key's rules and the project's lists they stand in for. */
export interface LoadedKeyRules {
  rules: KeyRules;
  project: AccessSettings;
}

/** The choice for calls without an Origin: the project's, or the key's own accept or refuse. */
export type OriginChoice = 'project' | 'accept' | 'refuse';

export type PerKeyRuleList<T> = Readonly<Record<KeyRuleKind, T>>;

export type PerKeyCap<T> = Readonly<Record<KeyCapPeriod, T>>;

export interface KeyRulesEditorContext extends KeyRulesEditorInput {
  /** The key's rules as the server last gave them; null until first read (the row's badge waits for it). */
  stored: KeyRules | null;
  /** The project's lists, read with the key's rules (what "Use the project's list" shows). */
  project: AccessSettings | null;
  /** The rules as they stand in the dialog. */
  rules: KeyRules;
  /** What is typed (or picked) in each list's field. */
  drafts: PerKeyRuleList<string>;
  /** Each list's refused value's message (src/domain/key-rules.ts), cleared by its next keystroke. */
  errors: PerKeyRuleList<string | null>;
  /** Each spend cap as typed (empty: no cap); stored in `rules` when Save accepts them. */
  caps: PerKeyCap<string>;
  /** Each cap's message when Save refused what is typed, cleared by its next keystroke. */
  capErrors: PerKeyCap<string | null>;
  loadError: string | null;
  saveError: string | null;
}

export type KeyRulesEditorEvent =
  | { type: 'rules.open' }
  | { type: 'rules.retry' }
  | { type: 'rules.cancel' }
  /** One of the project's kinds: the key's own list (true) or the project's (false). */
  | { type: 'rules.own.set'; kind: AccessKind; own: boolean }
  | { type: 'rules.origin.set'; choice: OriginChoice }
  | { type: 'rules.draft'; kind: KeyRuleKind; value: string }
  | { type: 'rules.add'; kind: KeyRuleKind }
  | { type: 'rules.remove'; kind: KeyRuleKind; value: string }
  | { type: 'rules.cap.set'; period: KeyCapPeriod; value: string }
  | { type: 'rules.save' };
