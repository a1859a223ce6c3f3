import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectIsAny, selectIsTicked, selectTxnTypes, txnTypesMachine } from '@machines/txn-types';
import { TXN_TYPES, type TxnType } from '@/domain/webhook-form';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type TxnTypesModelEvent, txnTypesVariants } from './models/txn-types.model';

function startTxnTypes(input: { selected?: readonly TxnType[] }) {
  const reported: Array<readonly TxnType[]> = [];
  const actor = createActor(txnTypesMachine.provide({ actions: { selectionChanged: (_, { selected }) => void reported.push(selected) } }), {
    input,
  }).start();
  return { actor, reported };
}

describeModel('transaction types multi-select machine', txnTypesMachine, txnTypesVariants, async (path, variant) => {
  const { actor, reported } = startTxnTypes(variant.input);
  await variant.flow.run(
    path,
    {
      'txn.toggle': (event) => {
        const before = actor.getSnapshot().context.selected;
        const reportsBefore = reported.length;
        actor.send(event);
        const after = actor.getSnapshot().context.selected;
        // Every change is reported to the form with the new selection; a toggle that changes nothing is not.
        if (after === before) expect(reported.length).toBe(reportsBefore);
        else expect(reported.slice(reportsBefore)).toEqual([after]);
      },
    } satisfies Executors<TxnTypesModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const selected = selectTxnTypes(snapshot);
      // 'any' is alone or absent, never with another type; 'any' is the state `any`.
      expect(selectIsAny(snapshot)).toBe(selected.includes('any'));
      if (selected.includes('any')) expect(selected).toEqual(['any']);
      expect(selected.length).toBeGreaterThan(0);
      for (const type of TXN_TYPES) expect(selectIsTicked(snapshot, type)).toBe(selected.includes(type));
    },
  );
});

describe('transaction types multi-select machine', () => {
  it("clears the others when 'any' is ticked", () => {
    const { actor, reported } = startTxnTypes({ selected: ['swap', 'burn'] });
    expect(actor.getSnapshot().value).toBe('specific');
    actor.send({ type: 'txn.toggle', txnType: 'any' });
    expect(selectTxnTypes(actor.getSnapshot())).toEqual(['any']);
    expect(reported).toEqual([['any']]);
  });

  it("removes 'any' when another type is ticked, and keeps the list's order", () => {
    const { actor } = startTxnTypes({});
    actor.send({ type: 'txn.toggle', txnType: 'burn' });
    actor.send({ type: 'txn.toggle', txnType: 'transfer' });
    expect(selectTxnTypes(actor.getSnapshot())).toEqual(['transfer', 'burn']);
  });

  it("goes back to 'any' when the last type is unticked, and does nothing when 'any' alone is unticked", () => {
    const { actor, reported } = startTxnTypes({});
    actor.send({ type: 'txn.toggle', txnType: 'any' });
    expect(reported).toEqual([]);
    actor.send({ type: 'txn.toggle', txnType: 'mint' });
    actor.send({ type: 'txn.toggle', txnType: 'mint' });
    expect(actor.getSnapshot().value).toBe('any');
    expect(reported).toEqual([['mint'], ['any']]);
  });

  it("starts on 'any' for an empty or 'any' selection", () => {
    expect(startTxnTypes({ selected: [] }).actor.getSnapshot().value).toBe('any');
    expect(startTxnTypes({ selected: ['any'] }).actor.getSnapshot().context.selected).toEqual(['any']);
  });
});
