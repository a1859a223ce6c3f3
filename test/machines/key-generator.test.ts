import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { keyGeneratorMachine, selectCanGenerate } from '@machines/key-generator';
import { KEY_CREATE_FALLBACK } from '@/domain/key-errors';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type KeyGeneratorModelEvent, keyGeneratorFlow, keyGeneratorPaths } from './models/key-generator.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

function startGenerator() {
  const createKey = pendingCall<void, void>('createKey');
  const changes: string[] = [];
  const actor = createActor(
    keyGeneratorMachine.provide({ actors: { createKey: createKey.logic }, actions: { keysChanged: () => void changes.push('changed') } }),
  ).start();
  return { actor, createKey, changes };
}

describeModel('key generator machine', keyGeneratorMachine, [{ paths: keyGeneratorPaths }], async (path) => {
  const { actor, createKey, changes } = startGenerator();
  let created = 0;

  await keyGeneratorFlow.run(
    path,
    {
      'keys.generate': (event) => actor.send(event),
      'keys.error.clear': (event) => actor.send(event),
      'xstate.done.actor.createKey': async ({ output }) => {
        const moved = nextSnapshot(actor);
        createKey.resolve(output);
        await moved;
        created += 1;
      },
      'xstate.error.actor.createKey': async ({ error }) => {
        const moved = nextSnapshot(actor);
        createKey.reject(error);
        await moved;
      },
    } satisfies Executors<KeyGeneratorModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(changes).toHaveLength(created);
      const idle = snapshot.matches('idle');
      // SPEC.md §5: refused at the plan's maxKey; never by count when it is unlimited.
      expect(selectCanGenerate(snapshot, 2, 3)).toBe(idle);
      expect(selectCanGenerate(snapshot, 3, 3)).toBe(false);
      expect(selectCanGenerate(snapshot, 1000, null)).toBe(idle);
      // The key list failed: no count, no key.
      expect(selectCanGenerate(snapshot, null, null)).toBe(false);
    },
  );
});

describe('key generator machine', () => {
  it('falls back to the SPEC.md text when creation fails without a message', async () => {
    const { actor, createKey } = startGenerator();
    actor.send({ type: 'keys.generate', count: 0, maxKey: 1 });
    const moved = nextSnapshot(actor);
    createKey.reject(null);
    await moved;
    expect(actor.getSnapshot().context.error).toBe(KEY_CREATE_FALLBACK);
  });
});
