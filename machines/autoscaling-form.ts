import { type AnyEventObject, and, assign, fromCallback, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { AUTOSCALING_INITIAL, AUTOSCALING_SAVE_FALLBACK, type AutoscalingSettings, clampAutoscalingPercent } from '@/domain/autoscaling';
import { refusalOr } from '@/domain/failure-message';

export interface AutoscalingFormContext extends AutoscalingSettings {
  /** The plan forbids autoscaling when the form starts (free plans: SPEC.md §6). */
  startsLocked: boolean;
  /** Why the last save failed; null otherwise. */
  error: string | null;
}

export type AutoscalingFormEvent =
  | { type: 'autoscaling.set'; percent: number }
  | { type: 'autoscaling.mode'; enabled: boolean }
  | { type: 'autoscaling.save' }
  /** The stored settings were read (GET /project, first or again): sent by the `storedSettings` actor. */
  | { type: 'autoscaling.loaded'; percent: number; enabled: boolean }
  /** The plan shown changed: free (locked) or paid (unlocked). */
  | { type: 'autoscaling.lock' }
  | { type: 'autoscaling.unlock' };

/**
 * The Autoscaling settings card (SPEC.md "Autoscaling settings UI", §6, §9). Two regions:
 *
 * - `access`: `locked` on a free plan, where every control is disabled and nothing changes;
 *   `unlocked` otherwise. It starts from the input, and follows the plan the screen shows
 *   (`autoscaling.lock` / `unlock`, sent by its parent, machines/settings-page.ts) without losing
 *   what was set.
 * - `form`: `pristine` (as loaded), `dirty` once the percentage (0-100, clamped) or the
 *   enabled/disabled choice changed, `saving` through the `saveAutoscaling` actor (PUT
 *   /project/autoscaling in the SPA; it answers what was stored, which the form takes and
 *   `settingsSaved` hands on), then `saved` (the screen says so; a change makes it dirty again) or
 *   `failed` with the message (a free plan's 403 among them), the values kept for a retry.
 *   `autoscaling.loaded` (the `storedSettings` actor: each read of the project) takes the stored
 *   values in `pristine` and `saved` only: an edit under way is the user's and wins. Save Settings exists only in `dirty` and `failed`: nothing
 *   new is never sent. A save already under way ends even if the plan shown turns free meanwhile.
 */
export const autoscalingFormMachine = setup({
  types: {
    context: {} as AutoscalingFormContext,
    events: {} as AutoscalingFormEvent,
    input: {} as { locked: boolean; percent?: number; enabled?: boolean },
  },
  actors: {
    saveAutoscaling: fromPromise<AutoscalingSettings, AutoscalingSettings>(async () => {
      throw new Error('saveAutoscaling actor not provided');
    }),
    /** Sends `autoscaling.loaded` with each read of the stored settings; none unless the app provides it. */
    storedSettings: fromCallback<AnyEventObject>(() => undefined),
  },
  actions: {
    /** The server stored these settings; the SPA keeps them where the screen reads them (a no-op here). */
    settingsSaved: (_, _params: AutoscalingSettings) => {},
    takeStored: assign((_, params: AutoscalingSettings) => ({ percent: clampAutoscalingPercent(params.percent), enabled: params.enabled })),
    setPercent: assign((_, params: { percent: number }) => ({ percent: clampAutoscalingPercent(params.percent), error: null })),
    setMode: assign((_, params: { enabled: boolean }) => ({ enabled: params.enabled, error: null })),
  },
  guards: {
    startsLocked: ({ context }) => context.startsLocked,
    unlocked: stateIn({ access: 'unlocked' }),
    percentChanges: ({ context, event }) => event.type === 'autoscaling.set' && clampAutoscalingPercent(event.percent) !== context.percent,
    modeChanges: ({ context, event }) => event.type === 'autoscaling.mode' && event.enabled !== context.enabled,
  },
}).createMachine({
  id: 'autoscalingForm',
  context: ({ input }) => ({
    percent: clampAutoscalingPercent(input.percent ?? AUTOSCALING_INITIAL),
    enabled: input.enabled ?? false,
    startsLocked: input.locked,
    error: null,
  }),
  type: 'parallel',
  invoke: { id: 'storedSettings', src: 'storedSettings' },
  states: {
    access: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'startsLocked', target: 'locked' }, { target: 'unlocked' }] },
        locked: { on: { 'autoscaling.unlock': { target: 'unlocked' } } },
        unlocked: { on: { 'autoscaling.lock': { target: 'locked' } } },
      },
    },
    form: {
      initial: 'pristine',
      on: {
        'autoscaling.set': {
          guard: and(['unlocked', 'percentChanges']),
          target: '.dirty',
          actions: { type: 'setPercent', params: ({ event }) => event },
        },
        'autoscaling.mode': {
          guard: and(['unlocked', 'modeChanges']),
          target: '.dirty',
          actions: { type: 'setMode', params: ({ event }) => event },
        },
      },
      states: {
        pristine: {
          on: { 'autoscaling.loaded': { actions: { type: 'takeStored', params: ({ event }) => event } } },
        },
        dirty: { on: { 'autoscaling.save': { guard: 'unlocked', target: 'saving' } } },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveAutoscaling',
            src: 'saveAutoscaling',
            input: ({ context }) => ({ percent: context.percent, enabled: context.enabled }),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'takeStored', params: ({ event }) => event.output },
                { type: 'settingsSaved', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => refusalOr(event.error, AUTOSCALING_SAVE_FALLBACK) }),
            },
          },
        },
        saved: {
          on: { 'autoscaling.loaded': { actions: { type: 'takeStored', params: ({ event }) => event } } },
        },
        failed: { on: { 'autoscaling.save': { guard: 'unlocked', target: 'saving' } } },
      },
    },
  },
});

export type AutoscalingFormSnapshot = SnapshotFrom<typeof autoscalingFormMachine>;

export const selectPercent = (s: AutoscalingFormSnapshot) => s.context.percent;
export const selectEnabled = (s: AutoscalingFormSnapshot) => s.context.enabled;
export const selectError = (s: AutoscalingFormSnapshot) => s.context.error;
export const selectIsLocked = (s: AutoscalingFormSnapshot) => s.matches({ access: 'locked' });
export const selectIsSaving = (s: AutoscalingFormSnapshot) => s.hasTag('busy');
export const selectIsSaved = (s: AutoscalingFormSnapshot) => s.matches({ form: 'saved' });
export const selectCanSave = (s: AutoscalingFormSnapshot) => s.can({ type: 'autoscaling.save' });
