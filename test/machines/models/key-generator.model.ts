import type { EventFromLogic } from 'xstate';
import { keyGeneratorMachine } from '@machines/key-generator';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type KeyGeneratorModelEvent = EventFromLogic<typeof keyGeneratorMachine> | DoneEvent<'createKey', void> | ErrorEvent<'createKey'>;

export const keyGeneratorFixtures: KeyGeneratorModelEvent[] = [
  { type: 'keys.generate', count: 1, maxKey: 3 },
  // At the limit: refused (SPEC.md §5); an unlimited plan never is.
  { type: 'keys.generate', count: 3, maxKey: 3 },
  { type: 'keys.generate', count: 5, maxKey: null },
  // The key list failed: the count is not known, so nothing is generated.
  { type: 'keys.generate', count: null, maxKey: 3 },
  { type: 'xstate.done.actor.createKey', output: undefined },
  { type: 'xstate.error.actor.createKey', error: new CallFailed({ kind: 'refused', status: 429, message: 'Too Many Requests' }) },
];

export const keyGeneratorFlow = createFlowModel(keyGeneratorMachine, { fixtures: keyGeneratorFixtures });
export const keyGeneratorPaths = keyGeneratorFlow.paths();
