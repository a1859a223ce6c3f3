import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  autoscalingFormMachine,
  selectCanSave,
  selectError,
  selectIsLocked,
  selectIsSaved,
  selectIsSaving,
} from '@machines/autoscaling-form';
import { AUTOSCALING_INITIAL, AUTOSCALING_SAVE_FALLBACK, type AutoscalingSettings } from '@/domain/autoscaling';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type AutoscalingFormModelEvent, SAVE_FAILURE, autoscalingFormFlow, autoscalingFormPaths } from './models/autoscaling-form.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startForm(locked: boolean) {
  const save = pendingCall<AutoscalingSettings, AutoscalingSettings>('saveAutoscaling');
  const saved: AutoscalingSettings[] = [];
  const actor = createActor(
    autoscalingFormMachine.provide({
      actors: { saveAutoscaling: save.logic },
      actions: { settingsSaved: (_, stored) => void saved.push(stored) },
    }),
    { input: { locked } },
  ).start();
  return { actor, save, saved };
}

describeModel('autoscaling form machine', autoscalingFormMachine, [{ paths: autoscalingFormPaths }], async (path) => {
  const { actor, save, saved } = startForm(true);

  await autoscalingFormFlow.run(
    path,
    {
      'autoscaling.set': (event) => actor.send(event),
      'autoscaling.mode': (event) => actor.send(event),
      'autoscaling.save': (event) => actor.send(event),
      'autoscaling.lock': (event) => actor.send(event),
      'autoscaling.unlock': (event) => actor.send(event),
      'autoscaling.loaded': (event) => actor.send(event),
      'xstate.done.actor.saveAutoscaling': async ({ output }) => {
        const moved = nextSnapshot(actor);
        save.resolve(output);
        await moved;
        expect(saved.at(-1)).toEqual(output);
      },
      'xstate.error.actor.saveAutoscaling': async ({ error }) => {
        const moved = nextSnapshot(actor);
        save.reject(error);
        await moved;
        expect(selectError(actor.getSnapshot())).toBe(SAVE_FAILURE);
      },
    } satisfies Executors<AutoscalingFormModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const locked = selectIsLocked(snapshot);
      expect(selectCanSave(snapshot)).toBe(!locked && (snapshot.matches({ form: 'dirty' }) || snapshot.matches({ form: 'failed' })));
      // Locked, nothing can be changed.
      if (locked) {
        for (const event of [
          { type: 'autoscaling.set', percent: 60 },
          { type: 'autoscaling.mode', enabled: !snapshot.context.enabled },
        ] as const) {
          expect(snapshot.can(event)).toBe(false);
        }
      }
      if (snapshot.matches({ form: 'saving' })) {
        expect(save.inputs.at(-1)).toEqual({ percent: snapshot.context.percent, enabled: snapshot.context.enabled });
      }
    },
  );
});

describe('autoscaling form machine', () => {
  describe('rules the paths rely on', () => {
    it('starts at 25 % and disabled, locked on a free plan and open on a paid one', () => {
      for (const locked of [true, false]) {
        const { actor } = startForm(locked);
        expect(actor.getSnapshot().context).toMatchObject({ percent: AUTOSCALING_INITIAL, enabled: false, error: null });
        expect(selectIsLocked(actor.getSnapshot())).toBe(locked);
        expect(actor.getSnapshot().matches({ form: 'pristine' })).toBe(true);
      }
    });

    it('clamps the percentage to 0-100 in whole numbers, and a value it already has changes nothing', () => {
      const { actor } = startForm(false);
      actor.send({ type: 'autoscaling.set', percent: 25.2 });
      expect(actor.getSnapshot().matches({ form: 'pristine' })).toBe(true);
      actor.send({ type: 'autoscaling.set', percent: 140 });
      expect(actor.getSnapshot().context.percent).toBe(100);
      actor.send({ type: 'autoscaling.set', percent: -3 });
      expect(actor.getSnapshot().context.percent).toBe(0);
      actor.send({ type: 'autoscaling.set', percent: Number.NaN });
      expect(actor.getSnapshot().context.percent).toBe(0);
    });

    it('sends the values on Save Settings, says they were saved, and becomes dirty again on a change', async () => {
      const { actor, save } = startForm(false);
      expect(selectCanSave(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'autoscaling.mode', enabled: true });
      actor.send({ type: 'autoscaling.set', percent: 60 });
      actor.send({ type: 'autoscaling.save' });
      expect(selectIsSaving(actor.getSnapshot())).toBe(true);
      expect(save.inputs).toEqual([{ percent: 60, enabled: true }]);
      const moved = nextSnapshot(actor);
      save.resolve({ percent: 60, enabled: true });
      await moved;
      expect(selectIsSaved(actor.getSnapshot())).toBe(true);
      expect(selectCanSave(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'autoscaling.set', percent: 61 });
      expect(actor.getSnapshot().matches({ form: 'dirty' })).toBe(true);
    });

    it('shows the stored settings once read, unless an edit is under way, and keeps the saved note when the save reads back', async () => {
      const { actor, save } = startForm(false);
      actor.send({ type: 'autoscaling.loaded', percent: 60, enabled: true });
      expect(actor.getSnapshot().context).toMatchObject({ percent: 60, enabled: true });
      expect(actor.getSnapshot().matches({ form: 'pristine' })).toBe(true);
      actor.send({ type: 'autoscaling.set', percent: 70 });
      actor.send({ type: 'autoscaling.loaded', percent: 10, enabled: false });
      expect(actor.getSnapshot().context).toMatchObject({ percent: 70, enabled: true });
      actor.send({ type: 'autoscaling.save' });
      const moved = nextSnapshot(actor);
      save.resolve({ percent: 70, enabled: true });
      await moved;
      actor.send({ type: 'autoscaling.loaded', percent: 70, enabled: true });
      expect(selectIsSaved(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'autoscaling.loaded', percent: 5, enabled: false });
      expect(actor.getSnapshot().context).toMatchObject({ percent: 5, enabled: false });
    });

    it('keeps the values when the plan shown turns free, and saves nothing until it is paid again', () => {
      const { actor, save } = startForm(false);
      actor.send({ type: 'autoscaling.set', percent: 80 });
      actor.send({ type: 'autoscaling.lock' });
      expect(selectCanSave(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'autoscaling.save' });
      expect(save.inputs).toEqual([]);
      actor.send({ type: 'autoscaling.unlock' });
      expect(actor.getSnapshot().context.percent).toBe(80);
      actor.send({ type: 'autoscaling.save' });
      expect(save.inputs).toEqual([{ percent: 80, enabled: false }]);
    });

    it('falls back to its own text when the save fails without a message', async () => {
      const { actor, save } = startForm(false);
      actor.send({ type: 'autoscaling.mode', enabled: true });
      actor.send({ type: 'autoscaling.save' });
      const moved = nextSnapshot(actor);
      save.reject(new Error('boom'));
      await moved;
      expect(selectError(actor.getSnapshot())).toBe(AUTOSCALING_SAVE_FALLBACK);
      expect(selectCanSave(actor.getSnapshot())).toBe(true);
    });
  });
});
