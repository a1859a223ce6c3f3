import type { SnapshotFrom } from 'xstate';
import type { AccessKind } from '@/domain/access-control';
import { type KeyCapPeriod, type KeyRuleKind, RULE_METHODS, hasOwnRules } from '@/domain/key-rules';
import { type keyRulesEditorMachine, listOf } from './key-rules-editor';
import type { OriginChoice } from './key-rules-editor.types';

export type KeyRulesEditorSnapshot = SnapshotFrom<typeof keyRulesEditorMachine>;

/** The dialog's Origin choice for the rules' allowNoOrigin (null: the project's). */
function originChoice(allowNoOrigin: boolean | null): OriginChoice {
  if (allowNoOrigin === null) return 'project';
  return allowNoOrigin ? 'accept' : 'refuse';
}

const OPEN_STATES = ['loading', 'loadFailed', 'form', 'saving'] as const;

export const selectIsOpen = (s: KeyRulesEditorSnapshot) => OPEN_STATES.some((state) => s.matches(state));
/** Set in `loadFailed` only: Retry reads again. */
export const selectLoadError = (s: KeyRulesEditorSnapshot) => (s.matches('loadFailed') ? s.context.loadError : null);
/** The rules and the project's lists are in: the form shows. */
export const selectIsLoaded = (s: KeyRulesEditorSnapshot) => s.matches('form') || s.matches('saving');
export const selectIsSaving = (s: KeyRulesEditorSnapshot) => s.hasTag('busy');
/** Set in `form.failed` only: any edit dismisses it. */
export const selectSaveError = (s: KeyRulesEditorSnapshot) => (s.matches({ form: 'failed' }) ? s.context.saveError : null);
export const selectIsSaved = (s: KeyRulesEditorSnapshot) => s.matches('saved');
/** Whether the key is known to hold rules of its own (known once the dialog has read them). */
export const selectHasOwnRules = (s: KeyRulesEditorSnapshot) => s.context.stored !== null && hasOwnRules(s.context.stored);

/** The key's own list of this kind as edited, or null while the project's applies. */
export const selectList = (kind: KeyRuleKind) => (s: KeyRulesEditorSnapshot) => listOf(s.context.rules, kind);
/** The project's list of this kind (empty until read). */
export const selectProjectList = (kind: AccessKind) => (s: KeyRulesEditorSnapshot) => s.context.project?.[kind] ?? [];
export const selectProjectAllowsNoOrigin = (s: KeyRulesEditorSnapshot) => s.context.project?.allowNoOrigin ?? false;
export const selectDraft = (kind: KeyRuleKind) => (s: KeyRulesEditorSnapshot) => s.context.drafts[kind];
export const selectDraftError = (kind: KeyRuleKind) => (s: KeyRulesEditorSnapshot) => s.context.errors[kind];
/** A spend cap as typed (empty: none), and its message when Save refused it. */
export const selectCap = (period: KeyCapPeriod) => (s: KeyRulesEditorSnapshot) => s.context.caps[period];
export const selectCapError = (period: KeyCapPeriod) => (s: KeyRulesEditorSnapshot) => s.context.capErrors[period];
export const selectOriginChoice = (s: KeyRulesEditorSnapshot) => originChoice(s.context.rules.allowNoOrigin);

/** The methods the select offers: those not chosen yet. */
export const methodChoices = (chosen: readonly string[]) => RULE_METHODS.filter((method) => !chosen.includes(method));
