import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { hiddenCharactersProblem } from '@/domain/name-characters';
import type { KeyRowContext, KeyRowEvent, KeyRowInput } from './key-row.types';

/**
 * One row of the API key table (SPEC.md §4 "API key row"). Two independent regions:
 *
 * - `entry`: `viewing`; `editing` the name inline, where `key.save` (Enter) saves a non-blank name,
 *   a blank one is ignored (SPEC.md §5) and an unchanged one just leaves; one holding a control or
 *   invisible formatting character (src/domain/name-characters.ts, the server's rule too) stays with
 *   its message and calls nothing; `key.edit.cancel` (Escape) drops the draft. `saving` returns to `editing` with the error when the rename fails, so the
 *   typed name is not lost. `confirmingDelete` is the confirmation dialog; `deleting` goes back to
 *   it with the error when the call fails, or ends in `deleted`.
 * - `visibility`: the value is `masked` until Show.
 * The row's Copy button is machines/copy-feedback.ts, like every other Copy button: its 'Copied!'
 * does not depend on anything here.
 * A successful rename or delete runs `keysChanged`: the view refreshes the key list and the user;
 * `rowDeleted` on entering `deleted` lets it move the focus off the row that disappears.
 */
export const keyRowMachine = setup({
  types: {
    context: {} as KeyRowContext,
    events: {} as KeyRowEvent,
    input: {} as KeyRowInput,
  },
  actors: {
    renameKey: fromPromise<{ name: string }, { id: string; name: string }>(async () => {
      throw new Error('renameKey actor not provided');
    }),
    deleteKey: fromPromise<void, { id: string }>(async () => {
      throw new Error('deleteKey actor not provided');
    }),
  },
  actions: {
    keysChanged: () => {},
    rowDeleted: () => {},
    clearError: assign({ error: null }),
    resetDraft: assign({ draft: ({ context }) => context.name }),
  },
  guards: {
    draftUnchanged: ({ context }) => context.draft.trim() === context.name,
    draftFilled: ({ context }) => context.draft.trim() !== '',
    draftRefused: ({ context }) => hiddenCharactersProblem(context.draft.trim()) !== null,
  },
}).createMachine({
  id: 'keyRow',
  context: ({ input }) => ({ ...input, draft: input.name, error: null }),
  type: 'parallel',
  states: {
    entry: {
      initial: 'viewing',
      states: {
        viewing: {
          // Leaving an edit (saved, cancelled or unchanged) forgets the draft and any error.
          entry: ['clearError', 'resetDraft'],
          on: {
            'key.edit': { target: 'editing' },
            'key.delete': { target: 'confirmingDelete' },
          },
        },
        editing: {
          on: {
            'key.draft.change': { actions: assign({ draft: ({ event }) => event.value }) },
            'key.save': [
              { guard: 'draftUnchanged', target: 'viewing' },
              { guard: 'draftRefused', actions: assign({ error: ({ context }) => hiddenCharactersProblem(context.draft.trim()) }) },
              { guard: 'draftFilled', target: 'saving' },
            ],
            'key.edit.cancel': { target: 'viewing' },
          },
        },
        saving: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'renameKey',
            src: 'renameKey',
            input: ({ context }) => ({ id: context.id, name: context.draft.trim() }),
            // The new name before `viewing` is entered, so its draft reset starts from it.
            onDone: { target: 'viewing', actions: [assign({ name: ({ event }) => event.output.name }), 'keysChanged'] },
            onError: {
              target: 'editing',
              actions: assign({ error: ({ event }) => failureMessage('renameKey', failureIn(event.error)) }),
            },
          },
        },
        confirmingDelete: {
          on: {
            'key.delete.confirm': { target: 'deleting' },
            'key.delete.cancel': { target: 'viewing' },
          },
        },
        deleting: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'deleteKey',
            src: 'deleteKey',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'deleted', actions: 'keysChanged' },
            onError: {
              target: 'confirmingDelete',
              actions: assign({ error: ({ event }) => failureMessage('deleteKey', failureIn(event.error)) }),
            },
          },
        },
        // The row is gone: the view moves the focus somewhere that still exists.
        deleted: { type: 'final', entry: 'rowDeleted' },
      },
    },
    visibility: {
      initial: 'masked',
      states: {
        masked: { on: { 'key.visibility.toggle': { target: 'shown' } } },
        shown: { on: { 'key.visibility.toggle': { target: 'masked' } } },
      },
    },
  },
});

export type KeyRowSnapshot = SnapshotFrom<typeof keyRowMachine>;

export const selectName = (s: KeyRowSnapshot) => s.context.name;
export const selectDraft = (s: KeyRowSnapshot) => s.context.draft;
export const selectError = (s: KeyRowSnapshot) => s.context.error;
export const selectIsEditing = (s: KeyRowSnapshot) => s.matches({ entry: 'editing' }) || s.matches({ entry: 'saving' });
export const selectIsSaving = (s: KeyRowSnapshot) => s.matches({ entry: 'saving' });
export const selectCanSave = (s: KeyRowSnapshot) => s.can({ type: 'key.save' });
export const selectIsConfirmingDelete = (s: KeyRowSnapshot) => s.matches({ entry: 'confirmingDelete' }) || s.matches({ entry: 'deleting' });
export const selectIsDeleting = (s: KeyRowSnapshot) => s.matches({ entry: 'deleting' });
export const selectIsDeleted = (s: KeyRowSnapshot) => s.matches({ entry: 'deleted' });
export const selectIsShown = (s: KeyRowSnapshot) => s.matches({ visibility: 'shown' });
