import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import type { AuditLogPage, AuditPageQuery } from '@machines/audit-log.types';
import { AUDIT_PAGE_SIZE, auditRangeQuery } from '@/domain/audit-log-view';
import { api, bodyOf } from './client';
import type { paths } from './schema';

/**
 * The audit log's pages: GET /auditLog, newest first. Resolves with the body or rejects with a
 * CallFailed (client.ts), which failureMessage turns into the screen's text. A filter left at "all"
 * is not sent; days are sent as the instants that bound them (whole UTC days).
 */
export function createAuditLogCalls(client: Client<paths>, limit = AUDIT_PAGE_SIZE) {
  return {
    async page({ group, from, to, cursor }: AuditPageQuery, signal?: AbortSignal): Promise<AuditLogPage> {
      const query = {
        limit,
        ...(cursor === null ? {} : { cursor }),
        ...(group === null ? {} : { group }),
        ...auditRangeQuery(from, to),
      };
      return bodyOf(await client.GET('/auditLog', { params: { query }, signal }));
    },
  };
}

export type AuditLogCalls = ReturnType<typeof createAuditLogCalls>;

/** For `auditLogMachine.provide({ actors: ... })`, over these calls. */
export function auditLogActorsOver(calls: AuditLogCalls) {
  return {
    fetchPage: fromPromise<AuditLogPage, AuditPageQuery>(({ input, signal }) => calls.page(input, signal)),
  };
}

export type AuditLogActors = ReturnType<typeof auditLogActorsOver>;

/** The machine's effects through the app's API client. */
export const auditLogActors: AuditLogActors = auditLogActorsOver(createAuditLogCalls(api));
