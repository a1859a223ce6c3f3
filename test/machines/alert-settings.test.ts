import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { alertSettingsMachine, selectCanSave, selectError, selectIsSaving } from '@machines/alert-settings';
import { ALERTS_SAVE_FALLBACK, type AlertSettings } from '@/domain/usage-alerts';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type AlertSettingsModelEvent, STORED, alertSettingsFlow, alertSettingsPaths } from './models/alert-settings.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startCard() {
  const load = pendingCall<AlertSettings>('loadAlertSettings');
  const save = pendingCall<AlertSettings, AlertSettings>('saveAlertSettings');
  const actor = createActor(
    alertSettingsMachine.provide({ actors: { loadAlertSettings: load.logic, saveAlertSettings: save.logic } }),
  ).start();
  return { actor, load, save };
}

describeModel('alert settings machine', alertSettingsMachine, [{ paths: alertSettingsPaths }], async (path) => {
  const { actor, load, save } = startCard();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };

  await alertSettingsFlow.run(
    path,
    {
      'xstate.done.actor.loadAlertSettings': ({ output }) => settle(() => load.resolve(output)),
      'xstate.error.actor.loadAlertSettings': ({ error }) => settle(() => load.reject(error)),
      'xstate.done.actor.saveAlertSettings': ({ output }) => settle(() => save.resolve(output)),
      'xstate.error.actor.saveAlertSettings': ({ error }) => settle(() => save.reject(error)),
      'alerts.threshold': (event) => actor.send(event),
      'alerts.error.rate': (event) => actor.send(event),
      'alerts.save': (event) => actor.send(event),
      'alerts.retry': (event) => actor.send(event),
    } satisfies Executors<AlertSettingsModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(selectCanSave(snapshot)).toBe(snapshot.matches({ ready: 'dirty' }) || snapshot.matches({ ready: 'failed' }));
      if (selectIsSaving(snapshot)) {
        expect(save.inputs.at(-1)).toEqual({ creditThresholds: snapshot.context.creditThresholds, errorRate: snapshot.context.errorRate });
        // Frozen while saving.
        expect(snapshot.can({ type: 'alerts.error.rate', on: !snapshot.context.errorRate })).toBe(false);
      }
    },
  );
});

describe('alert settings machine', () => {
  it('keeps the thresholds in order and once each', async () => {
    const { actor, load } = startCard();
    load.resolve(STORED);
    await nextSnapshot(actor);
    actor.send({ type: 'alerts.threshold', threshold: 50, on: true });
    actor.send({ type: 'alerts.threshold', threshold: 50, on: true });
    expect(actor.getSnapshot().context.creditThresholds).toEqual([50, 80, 100]);
  });

  it('says its own words when a save fails without the server saying why', async () => {
    const { actor, load, save } = startCard();
    load.resolve(STORED);
    await nextSnapshot(actor);
    actor.send({ type: 'alerts.error.rate', on: false });
    actor.send({ type: 'alerts.save' });
    const failed = nextSnapshot(actor);
    save.reject(new Error('socket closed'));
    await failed;
    expect(selectError(actor.getSnapshot())).toBe(ALERTS_SAVE_FALLBACK);
  });
});
