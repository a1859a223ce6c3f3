import type { EventFromLogic } from 'xstate';
import { accessControlEditorMachine } from '@machines/access-control-editor';
import type { AccessSettings } from '@/domain/access-control';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type AccessControlEditorModelEvent =
  | EventFromLogic<typeof accessControlEditorMachine>
  | DoneEvent<'saveAccessControl', AccessSettings>
  | ErrorEvent<'saveAccessControl'>;

/** What the server holds when the screen opens: one domain, no IP, one CIDR. */
export const STORED_LISTS: AccessSettings = { domains: ['app.example.com'], ips: [], cidrs: ['10.0.0.0/8'], allowNoOrigin: false };
/** What the server answers to a save (its stored lists). */
export const SAVED_LISTS: AccessSettings = {
  domains: ['app.example.com', 'example.com'],
  ips: ['10.0.0.1'],
  cidrs: ['10.0.0.0/8'],
  allowNoOrigin: true,
};
/** What a later read of the server answers: another tab added an IP and emptied the CIDRs. */
export const FRESH_LISTS: AccessSettings = { domains: ['app.example.com'], ips: ['203.0.113.7'], cidrs: [], allowNoOrigin: false };
export const SAVE_FAILURE = 'Please enter a valid IP address';

/**
 * Two rules (a list with a value to remove, an empty one), a value valid for each, and one refused
 * by both ('localhost': the domain rule's own message, an invalid IP for the other); and the
 * server's lists read again, changed elsewhere.
 */
export const accessControlEditorFixtures: AccessControlEditorModelEvent[] = [
  { type: 'rule.open', kind: 'domains' },
  { type: 'rule.open', kind: 'ips' },
  { type: 'rule.draft', value: 'example.com' },
  { type: 'rule.draft', value: '10.0.0.1' },
  { type: 'rule.draft', value: 'localhost' },
  { type: 'rule.remove', value: 'app.example.com' },
  { type: 'rule.originless.set', allow: true },
  { type: 'lists.sync', lists: FRESH_LISTS },
  { type: 'xstate.done.actor.saveAccessControl', output: SAVED_LISTS },
  { type: 'xstate.error.actor.saveAccessControl', error: new CallFailed({ kind: 'refused', status: 400, message: SAVE_FAILURE }) },
];

export const accessControlEditorFlow = createFlowModel(accessControlEditorMachine, {
  fixtures: accessControlEditorFixtures,
  input: { lists: STORED_LISTS },
});
export const accessControlEditorPaths = accessControlEditorFlow.paths();
