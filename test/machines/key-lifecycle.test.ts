import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  keyLifecycleMachine,
  selectCanClearExpiry,
  selectIsExpiring,
  selectIsRolling,
  selectLifecycleError,
} from '@machines/key-lifecycle';
import type { ExpiryChange, KeyLifecycleInput } from '@machines/key-lifecycle.types';
import { KEY_EXPIRY_FALLBACK } from '@/domain/key-errors';
import { expiryFromDay, type RollGrace } from '@/domain/key-lifecycle';
import { describeModel } from './describe-model';
import type { Executors, FlowPath } from './flow-model';
import { EXPIRES, type KeyLifecycleModelEvent, keyLifecycleFlows, NEVER_EXPIRES } from './models/key-lifecycle.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function start(input: KeyLifecycleInput) {
  const rollKey = pendingCall<void, { id: string; grace: RollGrace }>('rollKey');
  const setKeyExpiry = pendingCall<void, ExpiryChange>('setKeyExpiry');
  let changed = 0;
  const actor = createActor(
    keyLifecycleMachine.provide({
      actors: { rollKey: rollKey.logic, setKeyExpiry: setKeyExpiry.logic },
      actions: { keysChanged: () => (changed += 1) },
    }),
    { input },
  ).start();
  return { actor, rollKey, setKeyExpiry, changes: () => changed };
}

const variants = keyLifecycleFlows.map(({ input, flow }) => ({
  name: input.lastDay === '' ? 'never expires' : 'expires',
  input,
  flow,
  paths: flow.paths(),
}));

describeModel('key lifecycle machine', keyLifecycleMachine, variants, async (path: FlowPath, { input, flow }) => {
  const { actor, rollKey, setKeyExpiry, changes } = start(input);
  let expectedChanges = 0;
  const settle = async (call: () => void) => {
    const moved = nextSnapshot(actor);
    call();
    await moved;
  };
  await flow.run(
    path,
    {
      'roll.open': (event) => actor.send(event),
      'roll.grace': (event) => actor.send(event),
      'roll.confirm': (event) => actor.send(event),
      'roll.cancel': (event) => actor.send(event),
      'expiry.open': (event) => actor.send(event),
      'expiry.day': (event) => actor.send(event),
      'expiry.save': (event) => actor.send(event),
      'expiry.clear': (event) => actor.send(event),
      'expiry.cancel': (event) => actor.send(event),
      'xstate.done.actor.rollKey': async () => {
        expectedChanges += 1;
        await settle(() => rollKey.resolve());
      },
      'xstate.error.actor.rollKey': ({ error }) => settle(() => rollKey.reject(error)),
      'xstate.done.actor.setKeyExpiry': async () => {
        expectedChanges += 1;
        await settle(() => setKeyExpiry.resolve());
      },
      'xstate.error.actor.setKeyExpiry': ({ error }) => settle(() => setKeyExpiry.reject(error)),
      'xstate.done.actor.clearKeyExpiry': async () => {
        expectedChanges += 1;
        await settle(() => setKeyExpiry.resolve());
      },
      'xstate.error.actor.clearKeyExpiry': ({ error }) => settle(() => setKeyExpiry.reject(error)),
    } satisfies Executors<KeyLifecycleModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(changes()).toBe(expectedChanges);
      // A roll sends the grace chosen; an expiry the end of the day typed, or null to clear it.
      if (snapshot.matches('rollSaving')) expect(rollKey.inputs.at(-1)).toEqual({ id: input.id, grace: snapshot.context.grace });
      if (snapshot.matches('expirySaving')) {
        expect(setKeyExpiry.inputs.at(-1)).toEqual({ id: input.id, expiresAt: expiryFromDay(snapshot.context.day)?.toISOString() });
      }
      if (snapshot.matches('expiryClearing')) expect(setKeyExpiry.inputs.at(-1)).toEqual({ id: input.id, expiresAt: null });
      expect(setKeyExpiry.inputs.every((change) => change.expiresAt === null || !Number.isNaN(Date.parse(change.expiresAt)))).toBe(true);
    },
  );
});

describe('key lifecycle machine', () => {
  it('opens one dialog at a time, starting the roll at 24 hours and the expiry at the stored day', () => {
    const { actor } = start(EXPIRES);
    actor.send({ type: 'roll.open' });
    expect(selectIsRolling(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.grace).toBe('24h');
    expect(actor.getSnapshot().can({ type: 'expiry.open' })).toBe(false);
    actor.send({ type: 'roll.cancel' });
    actor.send({ type: 'expiry.open' });
    expect(selectIsExpiring(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.day).toBe(EXPIRES.lastDay);
    expect(selectCanClearExpiry(actor.getSnapshot())).toBe(true);
  });

  it('offers no clearing for a key that never expires, and saves no day that is none', () => {
    const { actor, setKeyExpiry } = start(NEVER_EXPIRES);
    actor.send({ type: 'expiry.open' });
    expect(selectCanClearExpiry(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'expiry.day', value: '' });
    actor.send({ type: 'expiry.save' });
    expect(actor.getSnapshot().value).toBe('expiring');
    expect(setKeyExpiry.inputs).toEqual([]);
  });

  it('falls back to its own text when a change fails without a message, and the next keystroke clears it', async () => {
    const { actor, setKeyExpiry } = start(NEVER_EXPIRES);
    actor.send({ type: 'expiry.open' });
    actor.send({ type: 'expiry.day', value: '2027-03-01' });
    actor.send({ type: 'expiry.save' });
    const moved = nextSnapshot(actor);
    setKeyExpiry.reject(new Error('boom'));
    await moved;
    expect(selectLifecycleError(actor.getSnapshot())).toBe(KEY_EXPIRY_FALLBACK);
    actor.send({ type: 'expiry.day', value: '2027-03-02' });
    expect(selectLifecycleError(actor.getSnapshot())).toBeNull();
  });
});
