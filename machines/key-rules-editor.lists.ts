/** Pure steps of the key rules editor (machines/key-rules-editor.ts) over its context. */
import {
  KEY_RULE_KINDS,
  type KeyRuleKind,
  type KeyRules,
  PROJECT_RULES,
  normalizeKeyRuleValue,
  validateKeyRuleValue,
} from '@/domain/key-rules';
import type { KeyRulesEditorContext, OriginChoice, PerKeyRuleList } from './key-rules-editor.types';

const perList = <T>(value: T): PerKeyRuleList<T> => ({ domains: value, ips: value, cidrs: value, methods: value, contracts: value });

export const NO_DRAFTS = perList('');
export const NO_ERRORS = perList<string | null>(null);

/** A fresh dialog over these rules: nothing typed, nothing refused. */
export const editsOf = (rules: KeyRules | null) => ({ rules: rules ?? PROJECT_RULES, drafts: NO_DRAFTS, errors: NO_ERRORS });

/** The list's values when the key holds its own; null when the project's apply. */
export const listOf = (rules: KeyRules, kind: KeyRuleKind): readonly string[] | null => rules[kind];

export const withList = (rules: KeyRules, kind: KeyRuleKind, values: readonly string[] | null): KeyRules => ({ ...rules, [kind]: values });

export const ORIGIN_VALUES: Readonly<Record<OriginChoice, boolean | null>> = { project: null, accept: true, refuse: false };

export function originChoice(allowNoOrigin: boolean | null): OriginChoice {
  if (allowNoOrigin === null) return 'project';
  return allowNoOrigin ? 'accept' : 'refuse';
}

/** The message for the list's draft, or null when it may join (never for a list the project's apply to). */
export function draftProblem({ rules, drafts }: KeyRulesEditorContext, kind: KeyRuleKind): string | null {
  const values = listOf(rules, kind);
  return values === null ? null : validateKeyRuleValue(kind, drafts[kind], values);
}

/** The key's own lists with something typed in their field: what Save adds first. */
export const typedKinds = ({ rules, drafts }: KeyRulesEditorContext): KeyRuleKind[] =>
  KEY_RULE_KINDS.filter((kind) => listOf(rules, kind) !== null && drafts[kind].trim() !== '');

/** The list with its draft added (in stored form) and the field emptied. */
export function addDraft(context: KeyRulesEditorContext, kind: KeyRuleKind) {
  const values = listOf(context.rules, kind) ?? [];
  return {
    rules: withList(context.rules, kind, [...values, normalizeKeyRuleValue(kind, context.drafts[kind])]),
    drafts: { ...context.drafts, [kind]: '' },
    errors: { ...context.errors, [kind]: null },
  };
}

/** Save's first step: every value still typed added. */
export function addTypedDrafts(context: KeyRulesEditorContext): KeyRulesEditorContext {
  let edited = context;
  for (const kind of typedKinds(context)) edited = { ...edited, ...addDraft(edited, kind) };
  return edited;
}

/** Save's refusal: the message of every value still typed. */
export function typedProblems(context: KeyRulesEditorContext): PerKeyRuleList<string | null> {
  const errors: Record<KeyRuleKind, string | null> = { ...context.errors };
  for (const kind of typedKinds(context)) errors[kind] = draftProblem(context, kind);
  return errors;
}
