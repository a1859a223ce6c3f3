import type { components } from '@/api/schema';
import { actionsOfGroup, type AuditAction, type AuditChanges, type AuditValue } from '@/domain/audit-log';
import { badRequest } from '@server/http/errors';
import { pageOf, readCursor } from '@server/http/page-cursor';
import type { OperationHandlers, QueryParams } from '@server/openapi/handler-types';
import { listAuditLog, type ListedAuditEntry } from '@server/repos/audit-log';
import { inProject, type Services } from '@server/handlers/services';

type AuditEntry = components['schemas']['AuditEntry'];
type ApiValue = components['schemas']['AuditValue'];

export const AUDIT_RANGE_BACKWARDS = "The audit log's 'from' must be before its 'to'.";
export const AUDIT_FILTERS_DISJOINT = "The audit log's 'action' is not in the chosen 'group'.";

function apiValue(value: AuditValue): ApiValue {
  if (value === null || typeof value !== 'object') return value;
  return value.every((item): item is string => typeof item === 'string') ? [...value] : value.filter((item) => typeof item === 'number');
}

function apiChanges(changes: AuditChanges): AuditEntry['changes'] {
  return Object.fromEntries(
    Object.entries(changes).map(([field, { before, after }]) => [
      field,
      { ...(before === undefined ? {} : { before: apiValue(before) }), ...(after === undefined ? {} : { after: apiValue(after) }) },
    ]),
  );
}

function toEntry(entry: ListedAuditEntry): AuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: { ...entry.actor },
    clientAddress: entry.clientAddress,
    action: entry.action,
    target: { ...entry.target },
    changes: apiChanges(entry.changes),
  };
}

/** The actions the filters leave: one action, a group's, both (400 when the action is not in the group), or all (null). */
function chosenActions(query: QueryParams<'listAuditLog'>): AuditAction[] | null {
  const { action, group } = query;
  if (group === undefined) return action === undefined ? null : [action];
  const ofGroup = actionsOfGroup(group);
  if (action === undefined) return ofGroup;
  if (!ofGroup.includes(action)) throw badRequest(AUDIT_FILTERS_DISJOINT);
  return [action];
}

function instant(value: string | undefined): Date | null {
  return value === undefined ? null : new Date(value);
}

export function createAuditLogHandlers({ db }: Services): Pick<OperationHandlers, 'listAuditLog'> {
  return {
    /** A page of the caller's own project's entries, newest first; the contract has checked each parameter's shape. */
    listAuditLog: async (input) => {
      const { projectId } = inProject(input);
      const from = instant(input.query.from);
      const to = instant(input.query.to);
      if (from !== null && to !== null && from.getTime() >= to.getTime()) throw badRequest(AUDIT_RANGE_BACKWARDS);
      const limit = input.query.limit ?? 50;
      const rows = await listAuditLog(db, {
        projectId,
        after: readCursor(input.query.cursor),
        actions: chosenActions(input.query),
        actor: input.query.actor ?? null,
        from,
        to,
        limit: limit + 1,
      });
      const { page, nextCursor } = pageOf(rows, limit);
      return { status: 200, body: { entries: page.map(toEntry), nextCursor } };
    },
  };
}
