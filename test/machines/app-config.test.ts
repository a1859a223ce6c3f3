import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type AppConfig, appConfigMachine, CONFIG_RETRY_DELAY_MS, selectConfig, selectFailed } from '@machines/app-config';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type AppConfigModelEvent, appConfigFlows } from './models/app-config.model';
import { testConfig } from '../support/test-config';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

describeModel('app config machine', appConfigMachine, appConfigFlows, async (path, { config, flow }) => {
  const fetchConfig = pendingCall<AppConfig>('fetchConfig');
  // The retry delay shortened: the path waits for the machine to move, not for a time.
  const actor = createActor(appConfigMachine.provide({ actors: { fetchConfig: fetchConfig.logic }, delays: { retryDelay: 5 } }), {
    input: { config },
  }).start();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };

  await flow.run(
    path,
    {
      'config.load': (event) => actor.send(event),
      'xstate.done.actor.fetchConfig': ({ output }) => settle(() => fetchConfig.resolve(output)),
      'xstate.error.actor.fetchConfig': ({ error }) => settle(() => fetchConfig.reject(error)),
      'xstate.done.actor.refetchConfig': ({ output }) => settle(() => fetchConfig.resolve(output)),
      'xstate.error.actor.refetchConfig': ({ error }) => settle(() => fetchConfig.reject(error)),
      'xstate.after.retryDelay.appConfig.retrying.waiting': () => nextSnapshot(actor),
    } satisfies Executors<AppConfigModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // One request at a time, and only while loading or retrying.
      const fetching = snapshot.matches('loading') || snapshot.matches({ retrying: 'fetching' });
      expect(fetchConfig.pending).toBe(fetching ? 1 : 0);
      expect(selectFailed(snapshot)).toBe(snapshot.matches('failed'));
      expect(selectConfig(snapshot) !== null).toBe(snapshot.matches('loaded'));
    },
  );
});

it('retries once, after a second', () => {
  expect(CONFIG_RETRY_DELAY_MS).toBe(1_000);
  expect(appConfigMachine.implementations.delays.retryDelay).toBe(1_000);
});

it('asks once per visit: a screen asking again while loading or loaded starts no request', async () => {
  const fetchConfig = pendingCall<AppConfig>('fetchConfig');
  const actor = createActor(appConfigMachine.provide({ actors: { fetchConfig: fetchConfig.logic } }), { input: { config: null } }).start();
  actor.send({ type: 'config.load' });
  actor.send({ type: 'config.load' });
  expect(fetchConfig.inputs).toHaveLength(1);
  const moved = nextSnapshot(actor);
  fetchConfig.resolve(testConfig);
  await moved;
  actor.send({ type: 'config.load' });
  expect(fetchConfig.inputs).toHaveLength(1);
});
