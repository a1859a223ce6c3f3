/**
 * The request log of the Usage screen: how an entry is shown, and whether its
 * request can be run again in the RPC playground (structural shapes of the contract's
 * RequestLogEntry: src/domain imports nothing of ours).
 */
import { findRpcMethod } from './rpc-methods';

/** Entries asked for per page (the API allows 1 to 100). */
export const REQUEST_LOG_PAGE_SIZE = 25;

/** The longest method name the API's filter accepts (openapi.yaml: maxLength 64). */
export const METHOD_FILTER_MAX = 64;

/** How much of a request the log keeps (RequestLogEntry.request). */
export const REQUEST_KEPT_BYTES = 2048;

/** What the log says when the key has no call in the last 24 hours (or none matching the filters). */
export const NO_LOGGED_CALLS = 'No calls in the last 24 hours.';
export const NO_MATCHING_CALLS = 'No calls in the last 24 hours match these filters.';
/** What the log says when the key's log is off. */
export const LOG_OFF = "This key's request log is off: turn it on to keep its calls of the next 24 hours.";

/** Why a logged request cannot be run again in the playground. */
export type RerunRefusal = 'batch' | 'truncated' | 'invalid-json' | 'not-a-call' | 'named-params' | 'unlisted-method';

export const RERUN_REFUSALS: Readonly<Record<RerunRefusal, string>> = {
  batch: 'A batch: the playground runs one call at a time.',
  truncated: 'The request was truncated at 2 KB.',
  'invalid-json': 'The request is not valid JSON.',
  'not-a-call': 'The request is not a JSON-RPC call.',
  'named-params': 'The playground sends positional params only.',
  'unlisted-method': 'The playground does not offer this method.',
};

export type Rerun = { ok: true; method: string; params: unknown[] } | { ok: false; reason: RerunRefusal };

/** What of a RequestLogEntry decides whether it can be run again. */
export interface LoggedRequest {
  request: string;
  requestTruncated: boolean;
  calls: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The method and params to run a logged request again with, or why it cannot be: a batch, a
 * request cut at 2 KB, text that is not JSON or not one JSON-RPC call, params by name (the
 * playground sends an array), or a method the playground does not list.
 */
export function rerunOf({ request, requestTruncated, calls }: LoggedRequest): Rerun {
  if (calls > 1) return { ok: false, reason: 'batch' };
  if (requestTruncated) return { ok: false, reason: 'truncated' };
  let body: unknown;
  try {
    body = JSON.parse(request);
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  if (Array.isArray(body)) return { ok: false, reason: 'batch' };
  if (!isRecord(body) || typeof body.method !== 'string') return { ok: false, reason: 'not-a-call' };
  const { method, params } = body;
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return { ok: false, reason: isRecord(params) ? 'named-params' : 'not-a-call' };
  }
  if (findRpcMethod(method) === undefined) return { ok: false, reason: 'unlisted-method' };
  return { ok: true, method, params: Array.isArray(params) ? params : [] };
}

/** The method column: the method, and "+N" for the other calls of a batch. */
export const methodLabel = (method: string, calls: number) => (calls > 1 ? `${method} +${calls - 1}` : method);

const counts = new Intl.NumberFormat('en-US');

/** The node's answer time, or a dash for a call that never reached it. */
export const latencyLabel = (ms: number | null) => (ms === null ? '—' : `${counts.format(Math.round(ms))} ms`);

/** A size in bytes, short ('512 B', '1.5 KB'); a dash for an answer streamed through uncounted. */
export function bytesLabel(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
}

const days = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** When the call came (UTC): the time to the second, and the day (the log covers one day, so it can change). */
export function timeLabel(iso: string): { time: string; day: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { time: iso, day: '' };
  return { time: date.toISOString().slice(11, 19), day: days.format(date) };
}

/** A method filter as typed: trimmed, null when blank (every method) or longer than the API takes. */
export function methodFilterOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length > METHOD_FILTER_MAX ? null : trimmed;
}

/** What the live region says about the table's pages. */
export function pagesAnnouncement(entries: number, loadingMore: boolean, hasMore: boolean): string {
  if (loadingMore) return 'Loading more calls...';
  const shown = `Showing ${counts.format(entries)} ${entries === 1 ? 'call' : 'calls'}`;
  return hasMore ? `${shown}; more are available.` : `${shown}, all of the last 24 hours.`;
}
