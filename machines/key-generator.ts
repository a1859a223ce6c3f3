import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { canGenerateKey } from '@/domain/key-display';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';

export type KeyGeneratorEvent =
  /**
   * The count and limit as the screen has them: the plan's maxKey (null = unlimited); the count is
   * null when the key list failed to load (not known, so nothing may be generated).
   */
  { type: 'keys.generate'; count: number | null; maxKey: number | null } | { type: 'keys.error.clear' };

/**
 * The Generate button of /keys (SPEC.md "/keys", §5, §8).
 *
 * - `keys.generate` is refused once the count reaches the plan's maxKey (SPEC.md §5), and while the
 *   count is not known (the key list failed); the server enforces the same limit, and its 429
 *   comes back as SPEC.md §8's text.
 * - `generating` clears the previous error; success runs `keysChanged` (the view refreshes the key
 *   list and the user), failure keeps the message until `keys.error.clear` or the next attempt.
 */
export const keyGeneratorMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as KeyGeneratorEvent,
  },
  actors: {
    createKey: fromPromise<void, void>(async () => {
      throw new Error('createKey actor not provided');
    }),
  },
  actions: {
    keysChanged: () => {},
    clearError: assign({ error: null }),
  },
  guards: {
    withinLimit: ({ event }) => event.type === 'keys.generate' && canGenerateKey(event.count, event.maxKey),
  },
}).createMachine({
  id: 'keyGenerator',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'keys.generate': { guard: 'withinLimit', target: 'generating' },
        'keys.error.clear': { actions: 'clearError' },
      },
    },
    generating: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'createKey',
        src: 'createKey',
        onDone: { target: 'idle', actions: 'keysChanged' },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => failureMessage('createKey', failureIn(event.error)) }),
        },
      },
    },
  },
});

export type KeyGeneratorSnapshot = SnapshotFrom<typeof keyGeneratorMachine>;

export const selectGenerateError = (s: KeyGeneratorSnapshot) => s.context.error;
export const selectIsGenerating = (s: KeyGeneratorSnapshot) => s.hasTag('busy');
export const selectCanGenerate = (s: KeyGeneratorSnapshot, count: number | null, maxKey: number | null) =>
  s.can({ type: 'keys.generate', count, maxKey });
