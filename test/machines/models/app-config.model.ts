import type { EventFromLogic } from 'xstate';
import { type AppConfig, appConfigMachine } from '@machines/app-config';
import { type AfterEvent, type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';
import { testConfig } from '../../support/test-config';

export type AppConfigModelEvent =
  | EventFromLogic<typeof appConfigMachine>
  | DoneEvent<'fetchConfig', AppConfig>
  | ErrorEvent<'fetchConfig'>
  | DoneEvent<'refetchConfig', AppConfig>
  | ErrorEvent<'refetchConfig'>
  | AfterEvent<'retryDelay', 'appConfig.retrying.waiting'>;

export const appConfigFixtures: AppConfigModelEvent[] = [
  { type: 'xstate.done.actor.fetchConfig', output: testConfig },
  { type: 'xstate.error.actor.fetchConfig', error: { kind: 'no-answer' } },
  { type: 'xstate.done.actor.refetchConfig', output: testConfig },
  { type: 'xstate.error.actor.refetchConfig', error: { kind: 'refused', status: 503, message: null } },
];

/** A visit that has to fetch it, and a DOM test that starts with it. */
export const appConfigFlows = [null, testConfig].map((config) => {
  const flow = createFlowModel(appConfigMachine, { fixtures: appConfigFixtures, input: { config } });
  return { name: config === null ? 'not loaded' : 'given', config, flow, paths: flow.paths() };
});
