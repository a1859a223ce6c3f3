import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';

export type AppConfig = components['schemas']['AppConfig'];

/** One retry after a second, as the server-data cache does for the other calls (query-client.ts). */
export const CONFIG_RETRY_DELAY_MS = 1_000;

export type AppConfigEvent = { type: 'config.load' };

/**
 * The public configuration (GET /config), fetched once per visit and kept: it does not change
 * while the app runs.
 *
 * - `idle` until a screen asks (`config.load`); the input can start it `loaded` (the DOM tests).
 * - `loading`, then once more after `retryDelay` (`retrying`), then `failed`.
 * - `failed` is not final: the next screen that asks tries again, from the start.
 */
export const appConfigMachine = setup({
  types: {
    context: {} as { config: AppConfig | null },
    events: {} as AppConfigEvent,
    input: {} as { config: AppConfig | null },
  },
  actors: {
    fetchConfig: fromPromise<AppConfig, void>(async () => {
      throw new Error('fetchConfig actor not provided');
    }),
  },
  delays: {
    retryDelay: CONFIG_RETRY_DELAY_MS,
  },
  guards: {
    hasConfig: ({ context }) => context.config !== null,
  },
}).createMachine({
  id: 'appConfig',
  context: ({ input }) => ({ config: input.config }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasConfig', target: 'loaded' }, { target: 'idle' }],
    },
    idle: {
      on: { 'config.load': { target: 'loading' } },
    },
    loading: {
      invoke: {
        id: 'fetchConfig',
        src: 'fetchConfig',
        onDone: { target: 'loaded', actions: assign({ config: ({ event }) => event.output }) },
        onError: { target: 'retrying' },
      },
    },
    retrying: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { retryDelay: { target: 'fetching' } },
        },
        fetching: {
          invoke: {
            id: 'refetchConfig',
            src: 'fetchConfig',
            onDone: { target: '#appConfig.loaded', actions: assign({ config: ({ event }) => event.output }) },
            onError: { target: '#appConfig.failed' },
          },
        },
      },
    },
    loaded: {
      type: 'final',
    },
    failed: {
      on: { 'config.load': { target: 'loading' } },
    },
  },
});

export type AppConfigSnapshot = SnapshotFrom<typeof appConfigMachine>;

/** The configuration, or null until it arrives (or when it could not be loaded). */
export const selectConfig = (s: AppConfigSnapshot) => s.context.config;
/** Both attempts failed; the next screen that asks tries again. */
export const selectFailed = (s: AppConfigSnapshot) => s.matches('failed');
