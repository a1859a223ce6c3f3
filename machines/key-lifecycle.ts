import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { expiryFromDay, type RollGrace } from '@/domain/key-lifecycle';
import type { ExpiryChange, KeyLifecycleContext, KeyLifecycleEvent, KeyLifecycleInput } from './key-lifecycle.types';

/**
 * A key's roll and expiry dialogs (the API Keys screen), one open at a time.
 *
 * - `rolling`: the grace for the old secret is chosen (24 hours to start with: long enough to
 *   redeploy, short enough not to forget); `roll.confirm` calls `rollKey`; `rollSaving` cannot be
 *   cancelled; a failure returns to `rolling` with its message.
 * - `expiring`: a day is picked (the key works through it, UTC); `expiry.save` with a day that is
 *   none does nothing, `expiry.clear` removes the expiry; `expirySaving` calls `setKeyExpiry`; the
 *   server refuses a day already over, and its message shows in the dialog.
 * A done call runs `keysChanged` (the view refreshes the list, which shows the new secret, the old
 * one in its grace and the expiry) and closes the dialog.
 */
export const keyLifecycleMachine = setup({
  types: {
    context: {} as KeyLifecycleContext,
    events: {} as KeyLifecycleEvent,
    input: {} as KeyLifecycleInput,
  },
  actors: {
    rollKey: fromPromise<void, { id: string; grace: RollGrace }>(async () => {
      throw new Error('rollKey actor not provided');
    }),
    setKeyExpiry: fromPromise<void, ExpiryChange>(async () => {
      throw new Error('setKeyExpiry actor not provided');
    }),
  },
  actions: {
    keysChanged: () => {},
    clearError: assign({ error: null }),
  },
  guards: {
    dayValid: ({ context }) => expiryFromDay(context.day) !== null,
    hasExpiry: ({ context }) => context.lastDay !== '',
  },
}).createMachine({
  id: 'keyLifecycle',
  context: ({ input }) => ({ ...input, grace: '24h', day: input.lastDay, error: null }),
  initial: 'idle',
  states: {
    idle: {
      entry: 'clearError',
      on: {
        'roll.open': { target: 'rolling', actions: assign({ grace: '24h' }) },
        'expiry.open': { target: 'expiring', actions: assign({ day: ({ context }) => context.lastDay }) },
      },
    },
    rolling: {
      on: {
        'roll.grace': { actions: assign({ grace: ({ event }) => event.grace }) },
        'roll.confirm': { target: 'rollSaving' },
        'roll.cancel': { target: 'idle' },
      },
    },
    rollSaving: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'rollKey',
        src: 'rollKey',
        input: ({ context }) => ({ id: context.id, grace: context.grace }),
        onDone: { target: 'idle', actions: 'keysChanged' },
        onError: { target: 'rolling', actions: assign({ error: ({ event }) => failureMessage('rollKey', failureIn(event.error)) }) },
      },
    },
    expiring: {
      on: {
        'expiry.day': { actions: assign({ day: ({ event }) => event.value, error: null }) },
        'expiry.save': { guard: 'dayValid', target: 'expirySaving' },
        'expiry.clear': { guard: 'hasExpiry', target: 'expiryClearing' },
        'expiry.cancel': { target: 'idle' },
      },
    },
    expirySaving: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'setKeyExpiry',
        src: 'setKeyExpiry',
        input: ({ context }) => ({ id: context.id, expiresAt: expiryFromDay(context.day)?.toISOString() ?? null }),
        onDone: { target: 'idle', actions: [assign({ lastDay: ({ context }) => context.day }), 'keysChanged'] },
        onError: { target: 'expiring', actions: assign({ error: ({ event }) => failureMessage('setKeyExpiry', failureIn(event.error)) }) },
      },
    },
    expiryClearing: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'clearKeyExpiry',
        src: 'setKeyExpiry',
        input: ({ context }) => ({ id: context.id, expiresAt: null }),
        onDone: { target: 'idle', actions: [assign({ lastDay: '', day: '' }), 'keysChanged'] },
        onError: { target: 'expiring', actions: assign({ error: ({ event }) => failureMessage('setKeyExpiry', failureIn(event.error)) }) },
      },
    },
  },
});

export type KeyLifecycleSnapshot = SnapshotFrom<typeof keyLifecycleMachine>;

export const selectIsRolling = (s: KeyLifecycleSnapshot) => s.matches('rolling') || s.matches('rollSaving');
export const selectIsRollSaving = (s: KeyLifecycleSnapshot) => s.matches('rollSaving');
export const selectGrace = (s: KeyLifecycleSnapshot) => s.context.grace;
export const selectIsExpiring = (s: KeyLifecycleSnapshot) =>
  s.matches('expiring') || s.matches('expirySaving') || s.matches('expiryClearing');
export const selectIsExpirySaving = (s: KeyLifecycleSnapshot) => s.matches('expirySaving') || s.matches('expiryClearing');
export const selectDay = (s: KeyLifecycleSnapshot) => s.context.day;
export const selectCanSaveExpiry = (s: KeyLifecycleSnapshot) => s.can({ type: 'expiry.save' });
export const selectCanClearExpiry = (s: KeyLifecycleSnapshot) => s.can({ type: 'expiry.clear' });
export const selectLifecycleError = (s: KeyLifecycleSnapshot) => s.context.error;
