import { assign, setup, type SnapshotFrom } from 'xstate';
import { ANY_TXN_TYPE, type TxnType, isAnyTxnType, toggleTxnType } from '@/domain/webhook-form';

export interface TxnTypesContext {
  /** The ticked types, in the order of TXN_TYPES: ['any'] alone, or specific types without 'any'. */
  selected: readonly TxnType[];
}

export type TxnTypesEvent =
  /** Ticking or unticking one checkbox of the multi-select. */
  { type: 'txn.toggle'; txnType: TxnType };

const toggled = (context: TxnTypesContext, txnType: TxnType) => toggleTxnType(context.selected, txnType);

/**
 * The multi-select of transaction types (SPEC.md §4): 'any' clears the others; another type removes
 * 'any'. The rule itself is `toggleTxnType` (src/domain/webhook-form.ts); this chart names where it
 * leads.
 *
 * - `starting`: passes at once to `any` or `specific` as the input says (a webhook being edited
 *   may already listen to some types).
 * - `any`: every transaction type. Unticking 'any' does nothing: with nothing ticked a webhook
 *   would listen to nothing, which no one configures, so 'any' stays until another type is ticked.
 * - `specific`: one or more types, never 'any'. Ticking 'any' goes back to `any`, and so does
 *   unticking the last ticked type (empty means the same as 'any').
 *
 * `selectionChanged` tells whoever started it (the Configure Webhook form) each new selection.
 */
export const txnTypesMachine = setup({
  types: {
    context: {} as TxnTypesContext,
    events: {} as TxnTypesEvent,
    input: {} as { selected?: readonly TxnType[] },
  },
  actions: {
    select: assign((_, params: { selected: readonly TxnType[] }) => ({ selected: params.selected })),
    /** The new selection, for the form that owns this multi-select. */
    selectionChanged: (_, _params: { selected: readonly TxnType[] }) => {},
  },
  guards: {
    startsWithAny: ({ context }) => isAnyTxnType(context.selected),
    leadsToAny: ({ context }, params: { txnType: TxnType }) => isAnyTxnType(toggled(context, params.txnType)),
    isSpecific: (_, params: { txnType: TxnType }) => params.txnType !== 'any',
  },
}).createMachine({
  id: 'txnTypes',
  context: ({ input }) => ({ selected: isAnyTxnType(input.selected ?? ANY_TXN_TYPE) ? ANY_TXN_TYPE : (input.selected ?? ANY_TXN_TYPE) }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsWithAny', target: 'any' }, { target: 'specific' }],
    },
    any: {
      on: {
        'txn.toggle': {
          guard: { type: 'isSpecific', params: ({ event }) => event },
          target: 'specific',
          actions: [
            { type: 'select', params: ({ context, event }) => ({ selected: toggled(context, event.txnType) }) },
            { type: 'selectionChanged', params: ({ context }) => context },
          ],
        },
      },
    },
    specific: {
      on: {
        'txn.toggle': [
          {
            guard: { type: 'leadsToAny', params: ({ event }) => event },
            target: 'any',
            actions: [
              { type: 'select', params: { selected: ANY_TXN_TYPE } },
              { type: 'selectionChanged', params: ({ context }) => context },
            ],
          },
          {
            actions: [
              { type: 'select', params: ({ context, event }) => ({ selected: toggled(context, event.txnType) }) },
              { type: 'selectionChanged', params: ({ context }) => context },
            ],
          },
        ],
      },
    },
  },
});

export type TxnTypesSnapshot = SnapshotFrom<typeof txnTypesMachine>;

export const selectTxnTypes = (s: TxnTypesSnapshot) => s.context.selected;
/** Whether one type's checkbox is ticked. */
export const selectIsTicked = (s: TxnTypesSnapshot, txnType: TxnType) => s.context.selected.includes(txnType);
export const selectIsAny = (s: TxnTypesSnapshot) => s.matches('any');
