import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { keyRowMachine, selectCanSave } from '@machines/key-row';
import { KEY_DELETE_FALLBACK, KEY_RENAME_FALLBACK } from '@/domain/key-errors';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { NAME_HIDDEN_CHARACTERS } from '@/domain/name-characters';
import { HIDDEN_CHARACTER_NAME, KEY_ROW_INPUT, type KeyRowModelEvent, keyRowFlow, keyRowPaths } from './models/key-row.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

function startKeyRow() {
  const renameKey = pendingCall<{ name: string }, { id: string; name: string }>('renameKey');
  const deleteKey = pendingCall<void, { id: string }>('deleteKey');
  const keysChanged: string[] = [];
  const rowsDeleted: string[] = [];
  const actor = createActor(
    keyRowMachine.provide({
      actors: { renameKey: renameKey.logic, deleteKey: deleteKey.logic },
      actions: {
        keysChanged: () => void keysChanged.push('changed'),
        rowDeleted: () => void rowsDeleted.push('deleted'),
      },
    }),
    { input: KEY_ROW_INPUT },
  ).start();
  return { actor, renameKey, deleteKey, keysChanged, rowsDeleted };
}

/** Settles a pending call and waits for the row to move. */
async function settled(actor: ReturnType<typeof startKeyRow>['actor'], settle: () => void) {
  const moved = nextSnapshot(actor);
  settle();
  await moved;
}

describeModel('key row machine', keyRowMachine, [{ paths: keyRowPaths }], async (path) => {
  const { actor, renameKey, deleteKey, keysChanged, rowsDeleted } = startKeyRow();
  let changes = 0;

  await keyRowFlow.run(
    path,
    {
      'key.visibility.toggle': (event) => actor.send(event),
      'key.edit': (event) => actor.send(event),
      'key.draft.change': (event) => actor.send(event),
      'key.save': (event) => actor.send(event),
      'key.edit.cancel': (event) => actor.send(event),
      'key.delete': (event) => actor.send(event),
      'key.delete.confirm': (event) => actor.send(event),
      'key.delete.cancel': (event) => actor.send(event),
      'xstate.done.actor.renameKey': async ({ output }) => {
        await settled(actor, () => renameKey.resolve(output));
        changes += 1;
      },
      'xstate.error.actor.renameKey': ({ error }) => settled(actor, () => renameKey.reject(error)),
      'xstate.done.actor.deleteKey': async ({ output }) => {
        await settled(actor, () => deleteKey.resolve(output));
        changes += 1;
      },
      'xstate.error.actor.deleteKey': ({ error }) => settled(actor, () => deleteKey.reject(error)),
    } satisfies Executors<KeyRowModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // Only a successful rename or delete refreshes the list.
      expect(keysChanged).toHaveLength(changes);
      // The view hears of the deletion once, as the row enters `deleted`.
      expect(rowsDeleted).toHaveLength(snapshot.matches({ entry: 'deleted' }) ? 1 : 0);
      const { draft, name } = snapshot.context;
      // SPEC.md §5: a blank name is never saved; Enter on it does nothing.
      expect(selectCanSave(snapshot)).toBe(snapshot.matches({ entry: 'editing' }) && draft.trim() !== '');
      if (snapshot.matches({ entry: 'saving' })) {
        expect(renameKey.inputs.at(-1)).toEqual({ id: KEY_ROW_INPUT.id, name: draft.trim() });
        expect(snapshot.context.error).toBeNull();
      }
      if (snapshot.matches({ entry: 'deleting' })) expect(deleteKey.inputs.at(-1)).toEqual({ id: KEY_ROW_INPUT.id });
      if (snapshot.matches({ entry: 'viewing' })) expect({ draft, error: snapshot.context.error }).toEqual({ draft: name, error: null });
    },
  );
});

describe('key row machine', () => {
  it('ignores Enter on a blank name and keeps editing', () => {
    const { actor, renameKey } = startKeyRow();
    actor.send({ type: 'key.edit' });
    actor.send({ type: 'key.draft.change', value: ' \t ' });
    actor.send({ type: 'key.save' });
    expect(actor.getSnapshot().matches({ entry: 'editing' })).toBe(true);
    expect(renameKey.inputs).toEqual([]);
  });

  it('keeps editing with the message, and calls nothing, for a name holding an invisible formatting character', () => {
    const { actor, renameKey } = startKeyRow();
    actor.send({ type: 'key.edit' });
    actor.send({ type: 'key.draft.change', value: HIDDEN_CHARACTER_NAME });
    actor.send({ type: 'key.save' });
    expect(actor.getSnapshot().matches({ entry: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(NAME_HIDDEN_CHARACTERS);
    expect(renameKey.inputs).toEqual([]);
    actor.send({ type: 'key.draft.change', value: 'Prod' });
    actor.send({ type: 'key.save' });
    expect(renameKey.inputs).toEqual([{ id: KEY_ROW_INPUT.id, name: 'Prod' }]);
  });

  it('leaves without a call when the name is unchanged', () => {
    const { actor, renameKey } = startKeyRow();
    actor.send({ type: 'key.edit' });
    actor.send({ type: 'key.draft.change', value: ` ${KEY_ROW_INPUT.name}  ` });
    actor.send({ type: 'key.save' });
    expect(actor.getSnapshot().matches({ entry: 'viewing' })).toBe(true);
    expect(renameKey.inputs).toEqual([]);
  });

  it('falls back to its own texts when a call fails without a message', async () => {
    const { actor, renameKey, deleteKey } = startKeyRow();
    actor.send({ type: 'key.edit' });
    actor.send({ type: 'key.draft.change', value: 'Staging' });
    actor.send({ type: 'key.save' });
    await settled(actor, () => renameKey.reject(undefined));
    expect(actor.getSnapshot().context.error).toBe(KEY_RENAME_FALLBACK);
    actor.send({ type: 'key.edit.cancel' });
    actor.send({ type: 'key.delete' });
    actor.send({ type: 'key.delete.confirm' });
    await settled(actor, () => deleteKey.reject(new Error('')));
    expect(actor.getSnapshot().context.error).toBe(KEY_DELETE_FALLBACK);
  });
});
