/** The audit log machine's data and events (machines/audit-log.ts). */
import type { components } from '@/api/schema';
import type { AuditGroup } from '@/domain/audit-log';

/** GET /auditLog's answer, as the contract types it. */
export type AuditLogPage = components['schemas']['AuditLogPage'];
export type AuditEntry = components['schemas']['AuditEntry'];

/** What the table shows: every change, or a group's, within whole UTC days ('YYYY-MM-DD'; null: no bound). */
export interface AuditLogFilters {
  group: AuditGroup | null;
  from: string | null;
  to: string | null;
}

/** One page asked of the API: the filters, and the previous page's cursor (null for the first). */
export interface AuditPageQuery extends AuditLogFilters {
  cursor: string | null;
}

export interface AuditLogContext {
  filters: AuditLogFilters;
  /** The pages loaded so far, newest change first. */
  entries: AuditEntry[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
  /** Why the last fetch failed, in the screen's words; null when it did not. */
  error: string | null;
}

export type AuditLogEvent =
  /** A group, or null for every change. */
  | { type: 'audit.group'; group: AuditGroup | null }
  /** The first or last day, or null for no bound. */
  | { type: 'audit.from'; day: string | null }
  | { type: 'audit.to'; day: string | null }
  | { type: 'audit.more' }
  | { type: 'audit.retry' };

/** A filter event: each sets one field of the filters. */
export type AuditFilterEvent = Extract<AuditLogEvent, { type: 'audit.group' | 'audit.from' | 'audit.to' }>;
