import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { auditLogMachine } from '@machines/audit-log';
import type { AuditEntry, AuditLogPage } from '@machines/audit-log.types';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type AuditLogModelEvent =
  | EventFromLogic<typeof auditLogMachine>
  | DoneEvent<'fetchPage', AuditLogPage>
  | ErrorEvent<'fetchPage'>
  | DoneEvent<'fetchMore', AuditLogPage>
  | ErrorEvent<'fetchMore'>;

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2030-01-15T10:00:00.000Z',
  actor: { type: 'user', email: 'ada@example.com' },
  clientAddress: '203.0.113.0/24',
  action: 'key.renamed',
  target: { type: 'key', id: '11', name: 'Prod', maskedKey: 'key_ab••••••••••••wxyz' },
  changes: { name: { before: 'Key 1', after: 'Prod' } },
  ...overrides,
});

/** A member's rename and the provider's plan change. */
export const firstPage: AuditLogPage = {
  nextCursor: '1894528800000_2',
  entries: [
    entry({ id: 3 }),
    entry({
      id: 2,
      at: '2030-01-15T09:00:00.000Z',
      actor: { type: 'system', email: null },
      clientAddress: null,
      action: 'plan.changed',
      target: { type: 'project', id: 'prj_00000007', name: 'My Project' },
      changes: { plan: { before: 'Free', after: 'Developer' }, cause: { after: 'subscription' } },
    }),
  ],
};

export const lastPage: AuditLogPage = {
  nextCursor: null,
  entries: [
    entry({
      id: 1,
      at: '2030-01-14T09:00:00.000Z',
      action: 'access_rules.updated',
      target: { type: 'project', id: 'prj_00000007', name: 'My Project' },
      changes: { domains: { before: [], after: ['dapp.example'] } },
    }),
  ],
};

export const emptyPage: AuditLogPage = { nextCursor: null, entries: [] };

export const AUDIT_REFUSAL = "The audit log's 'from' must be before its 'to'.";

export const auditLogFixtures: AuditLogModelEvent[] = [
  { type: 'audit.group', group: 'keys' },
  { type: 'audit.from', day: '2030-01-14' },
  { type: 'audit.to', day: '2030-01-15' },
  { type: 'xstate.done.actor.fetchPage', output: firstPage },
  { type: 'xstate.done.actor.fetchPage', output: emptyPage },
  { type: 'xstate.error.actor.fetchPage', error: new CallFailed({ kind: 'no-answer' }) },
  { type: 'xstate.error.actor.fetchPage', error: new CallFailed({ kind: 'refused', status: 400, message: AUDIT_REFUSAL }) },
  { type: 'xstate.done.actor.fetchMore', output: lastPage },
  { type: 'xstate.error.actor.fetchMore', error: new CallFailed({ kind: 'no-answer' }) },
];

const isFilterEvent = (event: EventObject) => ['audit.group', 'audit.from', 'audit.to'].includes(event.type);
const noFilters = (state: AnyMachineSnapshot) => {
  const { group, from, to } = state.context.filters;
  return group === null && from === null && to === null;
};

/** The filters are independent, so their product is not walked: a path changes one filter. Every transition is still taken. */
function walked(state: AnyMachineSnapshot, event: EventObject): boolean {
  return isFilterEvent(event) ? noFilters(state) : true;
}

export const auditLogFlow = createFlowModel(auditLogMachine, { fixtures: auditLogFixtures, filterEvents: walked });
export const auditLogPaths = auditLogFlow.paths();
