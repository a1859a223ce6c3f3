import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { keyRowMachine } from '@machines/key-row';
import type { KeyRowInput } from '@machines/key-row.types';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type KeyRowModelEvent =
  | EventFromLogic<typeof keyRowMachine>
  | DoneEvent<'renameKey', { name: string }>
  | ErrorEvent<'renameKey'>
  | DoneEvent<'deleteKey', void>
  | ErrorEvent<'deleteKey'>;

export const KEY_ROW_INPUT: KeyRowInput = { id: '41', name: 'My first key', apiKey: 'rpc_live_0123456789abcdefABCDEF' };
export const NEW_NAME = 'Production';
export const RENAME_FAILURE = 'Name must be at most 100 characters';
export const DELETE_FAILURE = 'API key not found';
/** A name turned around by a right-to-left override: refused before any call. */
export const HIDDEN_CHARACTER_NAME = 'Prod\u202Etxt.exe';

export const keyRowFixtures: KeyRowModelEvent[] = [
  { type: 'key.draft.change', value: `  ${NEW_NAME} ` },
  { type: 'key.draft.change', value: '   ' },
  { type: 'key.draft.change', value: HIDDEN_CHARACTER_NAME },
  { type: 'xstate.done.actor.renameKey', output: { name: NEW_NAME } },
  { type: 'xstate.error.actor.renameKey', error: new CallFailed({ kind: 'refused', status: 400, message: RENAME_FAILURE }) },
  { type: 'xstate.done.actor.deleteKey', output: undefined },
  { type: 'xstate.error.actor.deleteKey', error: new CallFailed({ kind: 'refused', status: 404, message: DELETE_FAILURE }) },
];

const entryEvents = new Set(['key.edit', 'key.delete']);

/**
 * The two regions are independent, so their product is not walked: showing is explored from the
 * first view (name unchanged, nothing else going on), and editing or deleting start with the
 * value masked. Every transition is still taken.
 */
function exploredTogether(state: AnyMachineSnapshot, event: EventObject): boolean {
  if (entryEvents.has(event.type)) return state.matches({ visibility: 'masked' });
  if (event.type !== 'key.visibility.toggle') return true;
  return state.matches({ entry: 'viewing' }) && state.context.name === KEY_ROW_INPUT.name;
}

export const keyRowFlow = createFlowModel(keyRowMachine, {
  fixtures: keyRowFixtures,
  input: KEY_ROW_INPUT,
  filterEvents: exploredTogether,
});
export const keyRowPaths = keyRowFlow.paths();
