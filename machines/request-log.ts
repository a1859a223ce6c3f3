import { assign, fromPromise, setup } from 'xstate';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import type {
  FilterEvent,
  PageQuery,
  RequestLogContext,
  RequestLogEvent,
  RequestLogFilters,
  RequestLogInput,
  RequestLogPage,
  SwitchRequest,
} from './request-log.types';

export type * from './request-log.types';

/** The filters after one filter event. */
function filtered(filters: RequestLogFilters, event: FilterEvent): RequestLogFilters {
  switch (event.type) {
    case 'log.key':
      return { ...filters, keyId: event.keyId };
    case 'log.method':
      return { ...filters, method: event.method };
    case 'log.outcome':
      return { ...filters, outcome: event.outcome };
  }
}

const isFilterEvent = (event: RequestLogEvent): event is FilterEvent =>
  event.type === 'log.key' || event.type === 'log.method' || event.type === 'log.outcome';

const sameFilters = (a: RequestLogFilters, b: RequestLogFilters) => a.keyId === b.keyId && a.method === b.method && a.outcome === b.outcome;

/** A filter event that changes the filters: the first page again, whatever was going on. */
const onFilter = { guard: 'changesFilters', target: '#requestLog.loading', reenter: true, actions: 'setFilter' } as const;
const filterEvents = { 'log.key': onFilter, 'log.method': onFilter, 'log.outcome': onFilter } as const;

const failed = (operation: 'loadRequestLog' | 'switchRequestLog') => (error: unknown) => failureMessage(operation, failureIn(error));

/**
 * The request log of /usage on a paid plan: one key's calls of the last 24 hours,
 * newest first, a page at a time, and the key's switch.
 *
 * - `loading` fetches the first page for the filters (the `fetchPage` actor; the SPA's is GET
 *   /apiKeys/{id}/requests); what an earlier filter showed is cleared, since another key's calls
 *   or another method's are no stand-in. `failed` says why, with `log.retry`.
 * - `shown.idle` holds the pages; `log.more` (while the last page gave a cursor) fetches the next
 *   one into `shown.loadingMore`, which appends it. A failed next page keeps what is shown and says
 *   why: `log.more` tries again.
 * - A filter event that changes the filters starts over from the first page from any state but
 *   `saving` (re-entering `loading` stops a fetch in flight, so a late page for old filters never lands).
 * - `log.switch` turns a log that is off on at once (`saving`, PUT /apiKeys/{id}/requestLog); a log
 *   that is on asks first (`shown.confirmingOff`), since turning it off deletes the calls it holds:
 *   once off, the table is empty. A failed switch keeps the switch as it was and says why.
 */
export const requestLogMachine = setup({
  types: {
    context: {} as RequestLogContext,
    events: {} as RequestLogEvent,
    input: {} as RequestLogInput,
  },
  actors: {
    fetchPage: fromPromise<RequestLogPage, PageQuery>(async () => {
      throw new Error('fetchPage actor not provided');
    }),
    saveSwitch: fromPromise<{ enabled: boolean }, SwitchRequest>(async () => {
      throw new Error('saveSwitch actor not provided');
    }),
  },
  actions: {
    setFilter: assign(({ context, event }) => (isFilterEvent(event) ? { filters: filtered(context.filters, event) } : {})),
    clearError: assign({ error: null }),
  },
  guards: {
    changesFilters: ({ context, event }) => isFilterEvent(event) && !sameFilters(context.filters, filtered(context.filters, event)),
    hasMore: ({ context }) => context.nextCursor !== null,
    isOn: ({ context }) => context.enabled === true,
  },
}).createMachine({
  id: 'requestLog',
  context: ({ input }) => ({
    filters: { keyId: input.keyId, method: null, outcome: null },
    entries: [],
    nextCursor: null,
    enabled: null,
    error: null,
  }),
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
          actions: assign(({ event }) => ({
            entries: event.output.entries,
            nextCursor: event.output.nextCursor,
            enabled: event.output.enabled,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failed('loadRequestLog')(event.error) }) },
      },
    },
    failed: {
      on: { ...filterEvents, 'log.retry': 'loading' },
    },
    shown: {
      initial: 'idle',
      on: filterEvents,
      states: {
        idle: {
          on: {
            'log.more': { guard: 'hasMore', target: 'loadingMore' },
            'log.switch': [{ guard: 'isOn', target: 'confirmingOff', actions: 'clearError' }, { target: '#requestLog.saving' }],
          },
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
                enabled: event.output.enabled,
              })),
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => failed('loadRequestLog')(event.error) }) },
          },
        },
        confirmingOff: {
          on: { 'log.confirm': '#requestLog.saving', 'log.cancel': 'idle' },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveSwitch',
        src: 'saveSwitch',
        input: ({ context }) => ({ keyId: context.filters.keyId, enabled: context.enabled !== true }),
        onDone: {
          target: 'shown.idle',
          // Off deletes what the log held: nothing is left to show or to page through.
          actions: assign(({ event }) => (event.output.enabled ? { enabled: true } : { enabled: false, entries: [], nextCursor: null })),
        },
        onError: { target: 'shown.idle', actions: assign({ error: ({ event }) => failed('switchRequestLog')(event.error) }) },
      },
    },
  },
});
