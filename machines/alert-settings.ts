import { and, assign, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { refusalOr } from '@/domain/failure-message';
import {
  ALERTS_LOAD_FALLBACK,
  ALERTS_SAVE_FALLBACK,
  type AlertSettings,
  type CreditAlertThreshold,
  normalizedThresholds,
} from '@/domain/usage-alerts';

export interface AlertSettingsContext extends AlertSettings {
  /** Why the last load or save failed; null otherwise. */
  error: string | null;
}

export type AlertSettingsEvent =
  | { type: 'alerts.threshold'; threshold: CreditAlertThreshold; on: boolean }
  | { type: 'alerts.error.rate'; on: boolean }
  | { type: 'alerts.save' }
  | { type: 'alerts.retry' };

/**
 * The usage alerts card on /settings: which shares of the cycle's credits are
 * e-mailed, and whether failing keys are. `loading` the stored settings (GET /users/alerts), or
 * `loadFailed` with Retry; then `ready`: `pristine`, `dirty` once a choice changed, `saving`
 * (PUT /users/alerts, the choices frozen meanwhile), `saved` with the stored answer, or `failed`
 * with the reason and the choices kept for another try. Save exists only in `dirty` and `failed`.
 */
export const alertSettingsMachine = setup({
  types: {
    context: {} as AlertSettingsContext,
    events: {} as AlertSettingsEvent,
  },
  actors: {
    loadAlertSettings: fromPromise<AlertSettings, void>(async () => {
      throw new Error('loadAlertSettings actor not provided');
    }),
    saveAlertSettings: fromPromise<AlertSettings, AlertSettings>(async () => {
      throw new Error('saveAlertSettings actor not provided');
    }),
  },
  actions: {
    setThreshold: assign(({ context }, params: { threshold: CreditAlertThreshold; on: boolean }) => ({
      creditThresholds: normalizedThresholds(
        params.on ? [...context.creditThresholds, params.threshold] : context.creditThresholds.filter((kept) => kept !== params.threshold),
      ),
      error: null,
    })),
    setErrorRate: assign((_, params: { on: boolean }) => ({ errorRate: params.on, error: null })),
    store: assign((_, params: AlertSettings) => ({
      creditThresholds: normalizedThresholds(params.creditThresholds),
      errorRate: params.errorRate,
      error: null,
    })),
  },
  guards: {
    editable: not(stateIn({ ready: 'saving' })),
    thresholdChanges: ({ context, event }) =>
      event.type === 'alerts.threshold' && context.creditThresholds.includes(event.threshold) !== event.on,
    errorRateChanges: ({ context, event }) => event.type === 'alerts.error.rate' && context.errorRate !== event.on,
  },
}).createMachine({
  id: 'alertSettings',
  context: { creditThresholds: [], errorRate: false, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAlertSettings',
        src: 'loadAlertSettings',
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => refusalOr(event.error, ALERTS_LOAD_FALLBACK) }) },
      },
    },
    loadFailed: { on: { 'alerts.retry': { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      initial: 'pristine',
      on: {
        // Frozen while the server stores them: what is sent is what is shown.
        'alerts.threshold': {
          guard: and(['editable', 'thresholdChanges']),
          target: '.dirty',
          actions: { type: 'setThreshold', params: ({ event }) => event },
        },
        'alerts.error.rate': {
          guard: and(['editable', 'errorRateChanges']),
          target: '.dirty',
          actions: { type: 'setErrorRate', params: ({ event }) => event },
        },
      },
      states: {
        pristine: {},
        dirty: { on: { 'alerts.save': { target: 'saving' } } },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveAlertSettings',
            src: 'saveAlertSettings',
            input: ({ context }) => ({ creditThresholds: context.creditThresholds, errorRate: context.errorRate }),
            onDone: { target: 'saved', actions: { type: 'store', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => refusalOr(event.error, ALERTS_SAVE_FALLBACK) }) },
          },
        },
        saved: {},
        failed: { on: { 'alerts.save': { target: 'saving' } } },
      },
    },
  },
});

export type AlertSettingsSnapshot = SnapshotFrom<typeof alertSettingsMachine>;

export const selectThresholds = (s: AlertSettingsSnapshot) => s.context.creditThresholds;
export const selectErrorRate = (s: AlertSettingsSnapshot) => s.context.errorRate;
export const selectError = (s: AlertSettingsSnapshot) => s.context.error;
export const selectIsLoading = (s: AlertSettingsSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: AlertSettingsSnapshot) => s.matches('loadFailed');
export const selectIsSaving = (s: AlertSettingsSnapshot) => s.matches({ ready: 'saving' });
export const selectIsSaved = (s: AlertSettingsSnapshot) => s.matches({ ready: 'saved' });
export const selectCanSave = (s: AlertSettingsSnapshot) => s.can({ type: 'alerts.save' });
