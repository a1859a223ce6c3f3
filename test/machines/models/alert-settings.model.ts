import type { EventFromLogic } from 'xstate';
import { alertSettingsMachine } from '@machines/alert-settings';
import { CallFailed } from '@/domain/call-failure';
import type { AlertSettings } from '@/domain/usage-alerts';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type AlertSettingsModelEvent =
  | EventFromLogic<typeof alertSettingsMachine>
  | DoneEvent<'loadAlertSettings', AlertSettings>
  | ErrorEvent<'loadAlertSettings'>
  | DoneEvent<'saveAlertSettings', AlertSettings>
  | ErrorEvent<'saveAlertSettings'>;

export const LOAD_FAILURE = 'The settings store is resting.';
export const SAVE_FAILURE = 'Alert settings are read-only during maintenance.';
/** A new account's settings (src/domain/usage-alerts.ts). */
export const STORED: AlertSettings = { creditThresholds: [80, 100], errorRate: true };

/**
 * The stored defaults; 50 % turned on and 100 % off (one of each direction); the error alert off;
 * the store answering with what it kept, or refusing with its message; a failed load and its retry.
 */
export const alertSettingsFixtures: AlertSettingsModelEvent[] = [
  { type: 'xstate.done.actor.loadAlertSettings', output: STORED },
  { type: 'xstate.error.actor.loadAlertSettings', error: new CallFailed({ kind: 'refused', status: 503, message: LOAD_FAILURE }) },
  { type: 'alerts.threshold', threshold: 50, on: true },
  { type: 'alerts.threshold', threshold: 100, on: false },
  { type: 'alerts.error.rate', on: false },
  { type: 'xstate.done.actor.saveAlertSettings', output: { creditThresholds: [50, 80], errorRate: false } },
  { type: 'xstate.error.actor.saveAlertSettings', error: new CallFailed({ kind: 'refused', status: 503, message: SAVE_FAILURE }) },
];

export const alertSettingsFlow = createFlowModel(alertSettingsMachine, { fixtures: alertSettingsFixtures });
export const alertSettingsPaths = alertSettingsFlow.paths();
