/** The request log machine's data and events (machines/request-log.ts). */
import type { components } from '@/api/schema';
import type { MeteredOutcome } from '@/domain/call-outcomes';

/** GET /apiKeys/{id}/requests's answer, as the contract types it. */
export type RequestLogPage = components['schemas']['RequestLogPage'];
export type RequestLogEntry = components['schemas']['RequestLogEntry'];

/** What the table shows: one key's calls, all or those of one method and outcome. */
export interface RequestLogFilters {
  /** The key's server id. */
  keyId: number;
  method: string | null;
  outcome: MeteredOutcome | null;
}

/** One page asked of the API: the filters, and the previous page's cursor (null for the first). */
export interface PageQuery extends RequestLogFilters {
  cursor: string | null;
}

/** PUT /apiKeys/{id}/requestLog. */
export interface SwitchRequest {
  keyId: number;
  enabled: boolean;
}

export interface RequestLogInput {
  /** The key shown first (the user's first key). */
  keyId: number;
}

export interface RequestLogContext {
  filters: RequestLogFilters;
  /** The pages loaded so far, newest call first. */
  entries: RequestLogEntry[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
  /** Whether the key logs its calls; null until the first page tells. */
  enabled: boolean | null;
  /** Why the last fetch or switch failed, in the screen's words; null when it did not. */
  error: string | null;
}

export type RequestLogEvent =
  | { type: 'log.key'; keyId: number }
  /** A method name, or null for every method. */
  | { type: 'log.method'; method: string | null }
  | { type: 'log.outcome'; outcome: MeteredOutcome | null }
  | { type: 'log.more' }
  | { type: 'log.retry' }
  /** The switch: turns the log on at once; turning it off asks first (it deletes the stored calls). */
  | { type: 'log.switch' }
  | { type: 'log.confirm' }
  | { type: 'log.cancel' };

/** A filter event: each sets one field of the filters. */
export type FilterEvent = Extract<RequestLogEvent, { type: 'log.key' | 'log.method' | 'log.outcome' }>;
