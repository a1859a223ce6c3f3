import { assign, fromPromise, setup } from 'xstate';
import { KEY_RULES_LOAD_FALLBACK, KEY_RULES_SAVE_FALLBACK } from '@/domain/key-errors';
import { refusalOr } from '@/domain/failure-message';
import type { AccessKind } from '@/domain/access-control';
import {
  KEY_CAP_PERIODS,
  KEY_RULE_KINDS,
  type KeyCapPeriod,
  type KeyRuleKind,
  type KeyRules,
  PROJECT_RULES,
  keyCapProblem,
  normalizeKeyRuleValue,
  parseKeyCap,
  validateKeyRuleValue,
} from '@/domain/key-rules';
import type {
  KeyRulesEditorContext,
  KeyRulesEditorEvent,
  KeyRulesEditorInput,
  LoadedKeyRules,
  OriginChoice,
  PerKeyCap,
  PerKeyRuleList,
} from './key-rules-editor.types';

// The editor's pure steps over its context.

const perList = <T>(value: T): PerKeyRuleList<T> => ({ domains: value, ips: value, cidrs: value, methods: value, contracts: value });

const NO_DRAFTS = perList('');
const NO_ERRORS = perList<string | null>(null);

const capText = (cap: number | null) => (cap === null ? '' : String(cap));

/** A fresh dialog over these rules: nothing typed, nothing refused, the caps as stored. */
const editsOf = (stored: KeyRules | null) => {
  const rules = stored ?? PROJECT_RULES;
  return {
    rules,
    drafts: NO_DRAFTS,
    errors: NO_ERRORS,
    caps: { day: capText(rules.creditsPerDay), cycle: capText(rules.creditsPerCycle) },
    capErrors: { day: null, cycle: null },
  };
};

/** Each cap's message for what is typed (null: it may be saved). */
const capProblems = ({ caps }: KeyRulesEditorContext): PerKeyCap<string | null> => ({
  day: keyCapProblem(caps.day),
  cycle: keyCapProblem(caps.cycle),
});

/** The rules with the typed caps (checked by capsAccepted first). */
const withCaps = (rules: KeyRules, caps: PerKeyCap<string>): KeyRules => ({
  ...rules,
  creditsPerDay: parseKeyCap(caps.day),
  creditsPerCycle: parseKeyCap(caps.cycle),
});

const capsAccepted = (context: KeyRulesEditorContext) => KEY_CAP_PERIODS.every((period) => capProblems(context)[period] === null);

/** The list's values when the key holds its own; null when the project's apply. */
export const listOf = (rules: KeyRules, kind: KeyRuleKind): readonly string[] | null => rules[kind];

const withList = (rules: KeyRules, kind: KeyRuleKind, values: readonly string[] | null): KeyRules => ({ ...rules, [kind]: values });

const ORIGIN_VALUES: Readonly<Record<OriginChoice, boolean | null>> = { project: null, accept: true, refuse: false };

/** The message for the list's draft, or null when it may join (never for a list the project's apply to). */
function draftProblem({ rules, drafts }: KeyRulesEditorContext, kind: KeyRuleKind): string | null {
  const values = listOf(rules, kind);
  return values === null ? null : validateKeyRuleValue(kind, drafts[kind], values);
}

/** The key's own lists with something typed in their field: what Save adds first. */
const typedKinds = ({ rules, drafts }: KeyRulesEditorContext): KeyRuleKind[] =>
  KEY_RULE_KINDS.filter((kind) => listOf(rules, kind) !== null && drafts[kind].trim() !== '');

/** The list with its draft added (in stored form) and the field emptied. */
function addDraft(context: KeyRulesEditorContext, kind: KeyRuleKind) {
  const values = listOf(context.rules, kind) ?? [];
  return {
    rules: withList(context.rules, kind, [...values, normalizeKeyRuleValue(kind, context.drafts[kind])]),
    drafts: { ...context.drafts, [kind]: '' },
    errors: { ...context.errors, [kind]: null },
  };
}

/** Save's first step: every value still typed added, and the caps as typed. */
function addTypedDrafts(context: KeyRulesEditorContext): KeyRulesEditorContext {
  let edited = context;
  for (const kind of typedKinds(context)) edited = { ...edited, ...addDraft(edited, kind) };
  return { ...edited, rules: withCaps(edited.rules, edited.caps) };
}

/** Save's refusal: the message of every value still typed. */
function typedProblems(context: KeyRulesEditorContext): PerKeyRuleList<string | null> {
  const errors: Record<KeyRuleKind, string | null> = { ...context.errors };
  for (const kind of typedKinds(context)) errors[kind] = draftProblem(context, kind);
  return errors;
}

type ListParams = { kind: KeyRuleKind };
type ValueParams = { kind: KeyRuleKind; value: string };

/**
 * A key's own access rules, edited in a dialog from its row on the API Keys screen.
 *
 * - `closed` / `saved`: no dialog; `saved` remembers that the last edit was stored (the row says
 *   so). Both forget any edit, so the dialog always opens on what the server holds.
 * - `loading` reads the key's rules and the project's lists (GET /apiKeys/{id}/rules, GET
 *   /accessControl) each time the dialog opens; `loadFailed` offers Retry. Nothing is read before
 *   the first open: a user with a hundred keys does not cost a hundred requests.
 * - `form`: `editing`, or `failed` after a refused save (the edits stay; any edit dismisses the
 *   error). `rules.own.set` switches one of the project's kinds between the project's list (null)
 *   and the key's own (the stored own list when there was one, else empty). A draft is checked by
 *   src/domain/key-rules.ts on `rules.add`; a refused one leaves its message under its field.
 *   `rules.cap.set` types a spend cap (empty: none). `rules.save` adds every value still typed and
 *   takes the caps as typed first, or shows their messages and saves nothing.
 * - `saving` replaces all the key's rules (PUT); the dialog cannot be closed meanwhile.
 */
export const keyRulesEditorMachine = setup({
  types: {
    context: {} as KeyRulesEditorContext,
    events: {} as KeyRulesEditorEvent,
    input: {} as KeyRulesEditorInput,
  },
  actors: {
    loadKeyRules: fromPromise<LoadedKeyRules, { id: string }>(async () => {
      throw new Error('loadKeyRules actor not provided');
    }),
    saveKeyRules: fromPromise<KeyRules, { id: string; rules: KeyRules }>(async () => {
      throw new Error('saveKeyRules actor not provided');
    }),
  },
  actions: {
    forgetEdits: assign(({ context }) => ({ ...editsOf(context.stored), loadError: null, saveError: null })),
    setOwn: assign(({ context }, { kind, own }: { kind: AccessKind; own: boolean }) => ({
      rules: withList(context.rules, kind, own ? (context.stored?.[kind] ?? []) : null),
      drafts: { ...context.drafts, [kind]: '' },
      errors: { ...context.errors, [kind]: null },
    })),
    setOrigin: assign(({ context }, { choice }: { choice: OriginChoice }) => ({
      rules: { ...context.rules, allowNoOrigin: ORIGIN_VALUES[choice] },
    })),
    setDraft: assign(({ context }, { kind, value }: ValueParams) => ({
      drafts: { ...context.drafts, [kind]: value },
      errors: { ...context.errors, [kind]: null },
    })),
    addDraft: assign(({ context }, { kind }: ListParams) => addDraft(context, kind)),
    showDraftProblem: assign(({ context }, { kind }: ListParams) => ({
      errors: { ...context.errors, [kind]: draftProblem(context, kind) },
    })),
    removeValue: assign(({ context }, { kind, value }: ValueParams) => ({
      rules: withList(
        context.rules,
        kind,
        (listOf(context.rules, kind) ?? []).filter((listed) => listed !== value),
      ),
    })),
    addTypedDrafts: assign(({ context }) => addTypedDrafts(context)),
    showTypedProblems: assign(({ context }) => ({ errors: typedProblems(context), capErrors: capProblems(context) })),
    setCap: assign(({ context }, { period, value }: { period: KeyCapPeriod; value: string }) => ({
      caps: { ...context.caps, [period]: value },
      capErrors: { ...context.capErrors, [period]: null },
    })),
  },
  guards: {
    draftAccepted: ({ context }, { kind }: ListParams) => listOf(context.rules, kind) !== null && draftProblem(context, kind) === null,
    listIsOwn: ({ context }, { kind }: ListParams) => listOf(context.rules, kind) !== null,
    isListed: ({ context }, { kind, value }: ValueParams) => listOf(context.rules, kind)?.includes(value) ?? false,
    typedAccepted: ({ context }) => typedKinds(context).every((kind) => draftProblem(context, kind) === null) && capsAccepted(context),
  },
}).createMachine({
  id: 'keyRulesEditor',
  context: ({ input }) => ({ id: input.id, stored: null, project: null, ...editsOf(null), loadError: null, saveError: null }),
  initial: 'closed',
  states: {
    closed: { entry: 'forgetEdits', on: { 'rules.open': { target: 'loading' } } },
    loading: {
      invoke: {
        id: 'loadKeyRules',
        src: 'loadKeyRules',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'form',
          actions: assign(({ event }) => ({ stored: event.output.rules, project: event.output.project, ...editsOf(event.output.rules) })),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => refusalOr(event.error, KEY_RULES_LOAD_FALLBACK) }) },
      },
      on: { 'rules.cancel': { target: 'closed' } },
    },
    loadFailed: { on: { 'rules.retry': { target: 'loading' }, 'rules.cancel': { target: 'closed' } } },
    form: {
      initial: 'editing',
      states: {
        editing: { entry: assign({ saveError: null }) },
        failed: {},
      },
      on: {
        'rules.own.set': { target: '.editing', actions: { type: 'setOwn', params: ({ event }) => event } },
        'rules.origin.set': { target: '.editing', actions: { type: 'setOrigin', params: ({ event }) => event } },
        'rules.draft': { target: '.editing', actions: { type: 'setDraft', params: ({ event }) => event } },
        'rules.add': [
          {
            guard: { type: 'draftAccepted', params: ({ event }) => event },
            target: '.editing',
            actions: { type: 'addDraft', params: ({ event }) => event },
          },
          {
            guard: { type: 'listIsOwn', params: ({ event }) => event },
            target: '.editing',
            actions: { type: 'showDraftProblem', params: ({ event }) => event },
          },
        ],
        'rules.remove': {
          guard: { type: 'isListed', params: ({ event }) => event },
          target: '.editing',
          actions: { type: 'removeValue', params: ({ event }) => event },
        },
        'rules.cap.set': { target: '.editing', actions: { type: 'setCap', params: ({ event }) => event } },
        'rules.save': [
          { guard: 'typedAccepted', target: 'saving', actions: 'addTypedDrafts' },
          { target: '.editing', actions: 'showTypedProblems' },
        ],
        'rules.cancel': { target: 'closed' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ saveError: null }),
      invoke: {
        id: 'saveKeyRules',
        src: 'saveKeyRules',
        input: ({ context }) => ({ id: context.id, rules: context.rules }),
        onDone: { target: 'saved', actions: assign({ stored: ({ event }) => event.output }) },
        onError: { target: 'form.failed', actions: assign({ saveError: ({ event }) => refusalOr(event.error, KEY_RULES_SAVE_FALLBACK) }) },
      },
    },
    saved: { entry: 'forgetEdits', on: { 'rules.open': { target: 'loading' } } },
  },
});
