import type { EventFromLogic } from 'xstate';
import { txnTypesMachine } from '@machines/txn-types';
import { TXN_TYPES, type TxnType } from '@/domain/webhook-form';
import { createFlowModel } from '../flow-model';

export type TxnTypesModelEvent = EventFromLogic<typeof txnTypesMachine>;

/** Ticking or unticking each of the five checkboxes. */
export const txnTypesFixtures: TxnTypesModelEvent[] = TXN_TYPES.map((txnType) => ({ type: 'txn.toggle', txnType }));

/** A webhook being edited that already listens to swaps and burns. */
export const EDITED_TXN_TYPES: readonly TxnType[] = ['swap', 'burn'];

/** A new webhook (starts on 'any'). */
export const newTxnTypesFlow = createFlowModel(txnTypesMachine, { fixtures: txnTypesFixtures, input: {} });
/** An existing webhook's selection. */
export const editedTxnTypesFlow = createFlowModel(txnTypesMachine, { fixtures: txnTypesFixtures, input: { selected: EDITED_TXN_TYPES } });

export const txnTypesVariants = [
  { name: 'a new webhook', flow: newTxnTypesFlow, paths: newTxnTypesFlow.paths(), input: {} },
  {
    name: 'a webhook listening to swaps and burns',
    flow: editedTxnTypesFlow,
    paths: editedTxnTypesFlow.paths(),
    input: { selected: EDITED_TXN_TYPES },
  },
];
