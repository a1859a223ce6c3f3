/** What the request log shows, read from a snapshot of machines/request-log.ts. */
import type { SnapshotFrom } from 'xstate';
import { LOG_OFF, NO_LOGGED_CALLS, NO_MATCHING_CALLS, pagesAnnouncement } from '@/domain/request-log';
import type { requestLogMachine } from './request-log';

export type RequestLogSnapshot = SnapshotFrom<typeof requestLogMachine>;

/** What the table area shows: the first page's spinner, its failure, or the pages. */
export type RequestLogView = 'loading' | 'failed' | 'shown';

export function selectView(s: RequestLogSnapshot): RequestLogView {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  return 'shown';
}

export const selectFilters = (s: RequestLogSnapshot) => s.context.filters;
export const selectEntries = (s: RequestLogSnapshot) => s.context.entries;
/** Whether the key logs its calls; null until the first page tells. */
export const selectEnabled = (s: RequestLogSnapshot) => s.context.enabled;
export const selectError = (s: RequestLogSnapshot) => s.context.error;
export const selectHasMore = (s: RequestLogSnapshot) => s.context.nextCursor !== null && !s.matches('loading');
export const selectLoadingMore = (s: RequestLogSnapshot) => s.matches({ shown: 'loadingMore' });
export const selectCanLoadMore = (s: RequestLogSnapshot) => s.can({ type: 'log.more' });
export const selectConfirmingOff = (s: RequestLogSnapshot) => s.matches({ shown: 'confirmingOff' });
export const selectSaving = (s: RequestLogSnapshot) => s.matches('saving');
/** The switch works once the first page told where it stands, and not while it is being changed. */
export const selectCanSwitch = (s: RequestLogSnapshot) => s.can({ type: 'log.switch' });
/** The filters wait while the switch is being saved (the save is for the key shown). */
export const selectFiltersLocked = (s: RequestLogSnapshot) => s.matches('saving');

/** What the table area says when there is no call to list: the log is off, the filters match nothing, or the key made none. */
export function selectEmptyText(s: RequestLogSnapshot): string {
  if (s.context.enabled === false) return LOG_OFF;
  const { method, outcome } = s.context.filters;
  return method !== null || outcome !== null ? NO_MATCHING_CALLS : NO_LOGGED_CALLS;
}

/** The live region's text about the pages (empty before the first page is in). */
export function selectAnnouncement(s: RequestLogSnapshot): string {
  if (s.matches('loading') || s.matches('failed')) return '';
  return pagesAnnouncement(s.context.entries.length, s.matches({ shown: 'loadingMore' }), s.context.nextCursor !== null);
}
