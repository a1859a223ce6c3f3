import type { EventFromLogic } from 'xstate';
import { keyGeneratorMachine } from '@machines/key-generator';
import { KEY_LIMIT_REACHED } from '@/domain/key-errors';
import { type DoneEvent, type ErrorEvent, createFlowModel, fixtureError } from '../flow-model';

export type KeyGeneratorModelEvent = EventFromLogic<typeof keyGeneratorMachine> | DoneEvent<'createKey', void> | ErrorEvent<'createKey'>;

export const keyGeneratorFixtures: KeyGeneratorModelEvent[] = [
  { type: 'keys.generate', count: 1, maxKey: 3 },
  // At the limit: refused (SPEC.md §5); an unlimited plan never is.
  { type: 'keys.generate', count: 3, maxKey: 3 },
  { type: 'keys.generate', count: 5, maxKey: null },
  { type: 'xstate.done.actor.createKey', output: undefined },
  { type: 'xstate.error.actor.createKey', error: fixtureError(KEY_LIMIT_REACHED) },
];

export const keyGeneratorFlow = createFlowModel(keyGeneratorMachine, { fixtures: keyGeneratorFixtures });
export const keyGeneratorPaths = keyGeneratorFlow.paths();
