import { assign, fromPromise, setup } from 'xstate';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { isDayRange } from '@/domain/audit-log-view';
import type { AuditFilterEvent, AuditLogContext, AuditLogEvent, AuditLogFilters, AuditLogPage, AuditPageQuery } from './audit-log.types';

export type * from './audit-log.types';

/** The filters after one filter event. */
function filtered(filters: AuditLogFilters, event: AuditFilterEvent): AuditLogFilters {
  switch (event.type) {
    case 'audit.group':
      return { ...filters, group: event.group };
    case 'audit.from':
      return { ...filters, from: event.day };
    case 'audit.to':
      return { ...filters, to: event.day };
  }
}

const isFilterEvent = (event: AuditLogEvent): event is AuditFilterEvent =>
  event.type === 'audit.group' || event.type === 'audit.from' || event.type === 'audit.to';

const sameFilters = (a: AuditLogFilters, b: AuditLogFilters) => a.group === b.group && a.from === b.from && a.to === b.to;

/** A filter event that changes the filters into a valid range: the first page again, whatever was going on. */
const onFilter = { guard: 'changesFilters', target: '#auditLog.loading', reenter: true, actions: 'setFilter' } as const;
const filterEvents = { 'audit.group': onFilter, 'audit.from': onFilter, 'audit.to': onFilter } as const;

const failed = (error: unknown) => failureMessage('loadAuditLog', failureIn(error));

/**
 * The audit log of /settings: the project's changes, newest first, a page at a time (the
 * request log's flow, machines/request-log.ts, without its switch).
 *
 * - `loading` fetches the first page for the filters (the `fetchPage` actor; the SPA's is GET
 *   /auditLog); what other filters showed is cleared. `failed` says why, with `audit.retry`.
 * - `shown.idle` holds the pages; `audit.more` (while the last page gave a cursor) fetches the next
 *   one into `shown.loadingMore`, which appends it. A failed next page keeps what is shown and says
 *   why: `audit.more` tries again.
 * - A filter event that changes the filters starts over from the first page from any state
 *   (re-entering `loading` stops a fetch in flight, so a late page for old filters never lands). One
 *   that would make the first day later than the last is ignored: the inputs keep the range valid.
 */
export const auditLogMachine = setup({
  types: {
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
  },
  actors: {
    fetchPage: fromPromise<AuditLogPage, AuditPageQuery>(async () => {
      throw new Error('fetchPage actor not provided');
    }),
  },
  actions: {
    setFilter: assign(({ context, event }) => (isFilterEvent(event) ? { filters: filtered(context.filters, event) } : {})),
    clearError: assign({ error: null }),
  },
  guards: {
    changesFilters: ({ context, event }) => {
      if (!isFilterEvent(event)) return false;
      const next = filtered(context.filters, event);
      return !sameFilters(context.filters, next) && isDayRange(next.from, next.to);
    },
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'auditLog',
  context: {
    filters: { group: null, from: null, to: null },
    entries: [],
    nextCursor: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ entries: [], nextCursor: null, error: null }),
      on: filterEvents,
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ ...context.filters, cursor: null }),
        onDone: {
          target: 'shown',
          actions: assign(({ event }) => ({ entries: event.output.entries, nextCursor: event.output.nextCursor })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failed(event.error) }) },
      },
    },
    failed: {
      on: { ...filterEvents, 'audit.retry': 'loading' },
    },
    shown: {
      initial: 'idle',
      on: filterEvents,
      states: {
        idle: {
          on: { 'audit.more': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'fetchMore',
            src: 'fetchPage',
            input: ({ context }) => ({ ...context.filters, cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                entries: [...context.entries, ...event.output.entries],
                nextCursor: event.output.nextCursor,
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => failed(event.error) }) },
          },
        },
      },
    },
  },
});
