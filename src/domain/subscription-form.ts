/**
 * The subscription mode of /rpc-testing: what can be subscribed to there, and the log filter the user
 * types as JSON, checked before Subscribe is allowed. The gateway serves newPendingTransactions too
 * (rpc-subscriptions.ts); a local node has no pending pool worth watching, so the playground offers
 * the two that show something.
 */
import { type SubscriptionType, subscribeVerdict } from './rpc-subscriptions';

export const PLAYGROUND_SUBSCRIPTIONS = ['newHeads', 'logs'] as const satisfies readonly SubscriptionType[];
export type PlaygroundSubscription = (typeof PLAYGROUND_SUBSCRIPTIONS)[number];

export const DEFAULT_SUBSCRIPTION: PlaygroundSubscription = 'newHeads';

export const SUBSCRIPTION_LABELS: Readonly<Record<PlaygroundSubscription, string>> = { newHeads: 'newHeads', logs: 'logs' };

/** What each subscription delivers, said under the choice. */
export const SUBSCRIPTION_HINTS: Readonly<Record<PlaygroundSubscription, string>> = {
  newHeads: 'One notification per new block: its header.',
  logs: 'One notification per log matching the filter (every log without one).',
};

export const FILTER_EXAMPLE = '{"address": "0x5FbDB2315678afecb367f032d93F642f64180aa3", "topics": [null]}';
export const FILTER_NOT_JSON = `The filter must be valid JSON, e.g. ${FILTER_EXAMPLE}.`;
export const FILTER_NOT_OBJECT = 'The filter must be a JSON object with address and/or topics, e.g. {"topics": [null]}, or empty.';

export type FilterCheck = { ok: true; filter: Readonly<Record<string, unknown>> | null } | { ok: false; message: string };

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The log filter to send, null for none (a blank editor), or why it cannot be sent. */
export function parseLogFilter(text: string): FilterCheck {
  if (text.trim() === '') return { ok: true, filter: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: FILTER_NOT_JSON };
  }
  return isRecord(value) ? { ok: true, filter: value } : { ok: false, message: FILTER_NOT_OBJECT };
}

/** Why the form cannot subscribe as it stands, or null. The filter only counts for logs. */
export function filterProblem(subscription: PlaygroundSubscription, filterText: string): string | null {
  if (subscription !== 'logs') return null;
  const check = parseLogFilter(filterText);
  return check.ok ? null : check.message;
}

/**
 * eth_subscribe's params for the form: `["newHeads"]`, `["logs"]` or `["logs", filter]`; null when the
 * filter does not parse. Always params the gateway serves (subscribeVerdict, the gateway's own check).
 */
export function subscribeParams(subscription: PlaygroundSubscription, filterText: string): unknown[] | null {
  if (subscription === 'newHeads') return ['newHeads'];
  const check = parseLogFilter(filterText);
  if (!check.ok) return null;
  const params = check.filter === null ? ['logs'] : ['logs', check.filter];
  return subscribeVerdict(params).allowed ? params : null;
}

export function isPlaygroundSubscription(value: string | null | undefined): value is PlaygroundSubscription {
  return PLAYGROUND_SUBSCRIPTIONS.some((subscription) => subscription === value);
}
