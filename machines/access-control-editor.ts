import { type AnyEventObject, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { type AccessKind, type AccessSettings, isAccessListFull, normalizeAccessValue, validateAccessValue } from '@/domain/access-control';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';

export interface AccessControlEditorContext {
  /** The lists as the server last gave them (its answer to a save, or a fresh read). */
  lists: AccessSettings;
  /** The rule being edited, and its values as they stand in the modal. */
  kind: AccessKind;
  values: readonly string[];
  /** Allowed Domains' modal: whether calls without an Origin are accepted, as it stands there. */
  allowNoOrigin: boolean;
  draft: string;
  /** The SPEC.md §5 message of the last refused value. */
  error: string | null;
  saveError: string | null;
}

export type AccessControlEditorEvent =
  | { type: 'rule.open'; kind: AccessKind }
  | { type: 'rule.draft'; value: string }
  | { type: 'rule.add' }
  | { type: 'rule.remove'; value: string }
  /** Allowed Domains only: accept calls without an Origin, or refuse them. */
  | { type: 'rule.originless.set'; allow: boolean }
  | { type: 'rule.cancel' }
  | { type: 'rule.save' }
  /** The server's lists were read again (another tab or device may have saved since): sent by the `storedLists` actor. */
  | { type: 'lists.sync'; lists: AccessSettings };

const draftProblem = ({ kind, draft, values }: AccessControlEditorContext) => validateAccessValue(kind, draft, values);
/** What a save sends: the stored settings with the open rule's values (and, for domains, its Origin choice). */
const withRule = ({ lists, kind, values, allowNoOrigin }: AccessControlEditorContext): AccessSettings => ({
  ...lists,
  [kind]: values,
  allowNoOrigin: kind === 'domains' ? allowNoOrigin : lists.allowNoOrigin,
});

/**
 * The modal of one access-control rule (SPEC.md "Endpoints": Allowed Domains, IPs or CIDRs).
 *
 * - The lists start from the input (what the server held when the screen opened); the `storedLists`
 *   actor (the SPA's watches the query cache) sends each later read of them as `lists.sync`.
 * - `lists.sync` takes the server's fresh lists everywhere but `saving`, so that a save never puts
 *   back rules stored elsewhere since the screen opened. An open modal keeps its values and draft
 *   (the user's edit of that rule wins); `saving` ignores it, as the save's answer is newer.
 * - `closed` / `saved`: no modal; `saved` is the same place, remembering that the last edit was
 *   stored (the screen says so). `rule.open` copies the rule's stored values into the modal.
 * - `editing`: the draft is checked by SPEC.md §5 on `rule.add`; a refused value leaves its message,
 *   which the next keystroke clears. In Allowed Domains, `rule.originless.set` sets whether calls
 *   without an Origin (servers, curl) are accepted; it is saved with the list. `rule.save` with a value still typed adds it first (nobody
 *   expects Save to drop what they typed), or shows its message and saves nothing.
 * - `saving` replaces all three lists on the server (PUT /accessControl) with this rule changed;
 *   the modal cannot be closed meanwhile. `failed` keeps the modal and its values so the user can
 *   retry, edit (back to `editing`) or cancel.
 */
export const accessControlEditorMachine = setup({
  types: {
    context: {} as AccessControlEditorContext,
    events: {} as AccessControlEditorEvent,
    input: {} as { lists: AccessSettings },
  },
  actors: {
    saveAccessControl: fromPromise<AccessSettings, AccessSettings>(async () => {
      throw new Error('saveAccessControl actor not provided');
    }),
    /** Sends `lists.sync` with each read of the stored lists; none unless the app provides it. */
    storedLists: fromCallback<AnyEventObject>(() => undefined),
  },
  actions: {
    /** Lets the app share the stored lists (its query cache). */
    listsSaved: (_, _params: { lists: AccessSettings }) => {},
    openRule: assign(({ context }, params: { kind: AccessKind }) => ({
      kind: params.kind,
      values: context.lists[params.kind],
      allowNoOrigin: context.lists.allowNoOrigin,
      draft: '',
      error: null,
      saveError: null,
    })),
    syncLists: assign((_, params: { lists: AccessSettings }) => ({ lists: params.lists })),
    closeRule: assign({ values: [], allowNoOrigin: false, draft: '', error: null }),
    setAllowNoOrigin: assign((_, params: { allow: boolean }) => ({ allowNoOrigin: params.allow })),
    setDraft: assign((_, params: { value: string }) => ({ draft: params.value, error: null })),
    addDraft: assign(({ context }) => ({
      values: [...context.values, normalizeAccessValue(context.kind, context.draft)],
      draft: '',
      error: null,
    })),
    showDraftProblem: assign({ error: ({ context }) => draftProblem(context) }),
    removeValue: assign(({ context }, params: { value: string }) => ({
      values: context.values.filter((value) => value !== params.value),
    })),
  },
  guards: {
    draftAccepted: ({ context }) => draftProblem(context) === null,
    draftBlank: ({ context }) => context.draft.trim() === '',
    isListed: ({ context }, params: { value: string }) => context.values.includes(params.value),
    editsDomains: ({ context }) => context.kind === 'domains',
  },
}).createMachine({
  id: 'accessControlEditor',
  context: ({ input }) => ({
    lists: input.lists,
    kind: 'domains',
    values: [],
    allowNoOrigin: false,
    draft: '',
    error: null,
    saveError: null,
  }),
  invoke: { id: 'storedLists', src: 'storedLists' },
  initial: 'closed',
  states: {
    closed: {
      entry: 'closeRule',
      on: {
        'rule.open': { target: 'editing', actions: { type: 'openRule', params: ({ event }) => event } },
        'lists.sync': { actions: { type: 'syncLists', params: ({ event }) => event } },
      },
    },
    editing: {
      entry: assign({ saveError: null }),
      on: {
        'rule.draft': { actions: { type: 'setDraft', params: ({ event }) => event } },
        'rule.add': [{ guard: 'draftAccepted', actions: 'addDraft' }, { actions: 'showDraftProblem' }],
        'rule.remove': {
          guard: { type: 'isListed', params: ({ event }) => event },
          actions: { type: 'removeValue', params: ({ event }) => event },
        },
        'rule.originless.set': { guard: 'editsDomains', actions: { type: 'setAllowNoOrigin', params: ({ event }) => event } },
        'rule.cancel': { target: 'closed' },
        'lists.sync': { actions: { type: 'syncLists', params: ({ event }) => event } },
        'rule.save': [
          { guard: 'draftBlank', target: 'saving' },
          { guard: 'draftAccepted', target: 'saving', actions: 'addDraft' },
          { actions: 'showDraftProblem' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ saveError: null, draft: '' }),
      invoke: {
        id: 'saveAccessControl',
        src: 'saveAccessControl',
        input: ({ context }) => withRule(context),
        onDone: {
          target: 'saved',
          actions: [
            assign({ lists: ({ event }) => event.output }),
            { type: 'listsSaved', params: ({ event }) => ({ lists: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ saveError: ({ event }) => failureMessage('saveAccessControl', failureIn(event.error)) }),
        },
      },
    },
    failed: {
      on: {
        'rule.draft': { target: 'editing', actions: { type: 'setDraft', params: ({ event }) => event } },
        'rule.add': { target: 'editing', actions: 'showDraftProblem' },
        'rule.remove': {
          guard: { type: 'isListed', params: ({ event }) => event },
          target: 'editing',
          actions: { type: 'removeValue', params: ({ event }) => event },
        },
        'rule.originless.set': {
          guard: 'editsDomains',
          target: 'editing',
          actions: { type: 'setAllowNoOrigin', params: ({ event }) => event },
        },
        'rule.cancel': { target: 'closed' },
        'rule.save': { target: 'saving' },
        'lists.sync': { actions: { type: 'syncLists', params: ({ event }) => event } },
      },
    },
    saved: {
      entry: 'closeRule',
      on: {
        'rule.open': { target: 'editing', actions: { type: 'openRule', params: ({ event }) => event } },
        'lists.sync': { actions: { type: 'syncLists', params: ({ event }) => event } },
      },
    },
  },
});

export type AccessControlEditorSnapshot = SnapshotFrom<typeof accessControlEditorMachine>;

const OPEN_STATES = ['editing', 'saving', 'failed'] as const;

export const selectIsOpen = (s: AccessControlEditorSnapshot) => OPEN_STATES.some((state) => s.matches(state));
export const selectKind = (s: AccessControlEditorSnapshot) => s.context.kind;
export const selectLists = (s: AccessControlEditorSnapshot) => s.context.lists;
export const selectValues = (s: AccessControlEditorSnapshot) => s.context.values;
/** The open modal's choice for calls without an Origin (Allowed Domains). */
export const selectAllowNoOrigin = (s: AccessControlEditorSnapshot) => s.context.allowNoOrigin;
export const selectDraft = (s: AccessControlEditorSnapshot) => s.context.draft;
/** The rule's list holds as many values as allowed: Add is disabled. */
export const selectIsFull = (s: AccessControlEditorSnapshot) => isAccessListFull(s.context.values);
export const selectDraftError = (s: AccessControlEditorSnapshot) => s.context.error;
/** Set in `failed` only: editing again dismisses it. */
export const selectSaveError = (s: AccessControlEditorSnapshot) => s.context.saveError;
export const selectIsSaving = (s: AccessControlEditorSnapshot) => s.hasTag('busy');
/** The rule whose changes were just stored, for the screen's confirmation; null otherwise. */
export const selectSavedKind = (s: AccessControlEditorSnapshot) => (s.matches('saved') ? s.context.kind : null);
