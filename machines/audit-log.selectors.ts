/** What the audit log shows, read from a snapshot of machines/audit-log.ts. */
import type { SnapshotFrom } from 'xstate';
import { NO_AUDIT_ENTRIES, NO_MATCHING_AUDIT_ENTRIES } from '@/domain/audit-log-view';
import type { auditLogMachine } from './audit-log';

export type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;

/** What the table area shows: the first page's spinner, its failure, or the pages. */
export type AuditLogView = 'loading' | 'failed' | 'shown';

export function selectView(s: AuditLogSnapshot): AuditLogView {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  return 'shown';
}

export const selectFilters = (s: AuditLogSnapshot) => s.context.filters;
export const selectEntries = (s: AuditLogSnapshot) => s.context.entries;
export const selectError = (s: AuditLogSnapshot) => s.context.error;
export const selectLoadingMore = (s: AuditLogSnapshot) => s.matches({ shown: 'loadingMore' });
export const selectCanLoadMore = (s: AuditLogSnapshot) => s.can({ type: 'audit.more' });
/** Load more stays on screen while a next page exists (disabled while it loads). */
export const selectHasMore = (s: AuditLogSnapshot) => s.context.nextCursor !== null && s.matches('shown');

/** The empty table's text: nothing recorded, or nothing matching the filters. */
export function selectEmptyText(s: AuditLogSnapshot): string {
  const { group, from, to } = s.context.filters;
  return group === null && from === null && to === null ? NO_AUDIT_ENTRIES : NO_MATCHING_AUDIT_ENTRIES;
}
