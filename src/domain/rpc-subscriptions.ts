/**
 * What `eth_subscribe` may ask for over the gateway's WebSocket: the three subscriptions every
 * Ethereum node serves (geth's and anvil's), which viem's and ethers' WebSocket clients use. The one
 * table: the gateway checks each eth_subscribe against it and the playground offers only these.
 */
/** The WebSocket's method that opens a subscription (a key's Allowed Methods may name it). */
export const SUBSCRIBE_METHOD = 'eth_subscribe';

export const SUBSCRIPTION_TYPES = ['newHeads', 'logs', 'newPendingTransactions'] as const;

export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export type SubscribeVerdict =
  | { readonly allowed: true; readonly type: SubscriptionType }
  | { readonly allowed: false; readonly message: string };

const types: ReadonlySet<string> = new Set(SUBSCRIPTION_TYPES);

function isSubscriptionType(value: unknown): value is SubscriptionType {
  return typeof value === 'string' && types.has(value);
}

/** Longest subscription name quoted in a refusal: a client's value can be anything, of any length. */
const quotedMax = 64;

/**
 * A logs filter's bounds, geth's own (go-ethereum eth/filters: maxAddresses 1000, maxTopics 4 —
 * LOG0 to LOG4 carry at most four —, maxSubTopics 1000, refused there as "exceed max addresses" /
 * "exceed max topics"). A filter past them is refused before it reaches the node, whatever node
 * serves it (anvil has no such bounds), so no client makes a node or the gateway hold a huge one.
 */
export const MAX_FILTER_ADDRESSES = 1000;
export const MAX_FILTER_TOPICS = 4;
export const MAX_TOPIC_ALTERNATIVES = 1000;
/** Longest address or topic string: a topic's "0x" and 64 hex digits (an address has 40). */
export const MAX_FILTER_VALUE_CHARS = 66;
/** The fields of a logs filter (geth's FilterCriteria); any other is refused. */
export const LOG_FILTER_FIELDS = ['address', 'topics', 'fromBlock', 'toBlock', 'blockHash'] as const;

const filterFields: ReadonlySet<string> = new Set(LOG_FILTER_FIELDS);

function isShortString(value: unknown): boolean {
  return typeof value === 'string' && value.length <= MAX_FILTER_VALUE_CHARS;
}

/** Why a logs filter is past the bounds, or null: only counts and lengths (the node checks the hex). */
function filterProblem(filter: object): string | null {
  const entries = Object.entries(filter);
  const unknown = entries.find(([name]) => !filterFields.has(name));
  if (unknown !== undefined) {
    return `eth_subscribe "logs" takes a filter of ${LOG_FILTER_FIELDS.join(', ')} only; "${unknown[0].slice(0, quotedMax)}" is not one.`;
  }
  const tooLong = `eth_subscribe "logs": an address, topic or block in the filter is a string of at most ${MAX_FILTER_VALUE_CHARS} characters.`;
  for (const [name, value] of entries) {
    if (name === 'address') {
      const addresses: unknown[] = Array.isArray(value) ? value : [value];
      if (addresses.length > MAX_FILTER_ADDRESSES) {
        return `eth_subscribe "logs" takes at most ${MAX_FILTER_ADDRESSES} addresses in one filter; this one has ${addresses.length}.`;
      }
      if (!addresses.every(isShortString)) return tooLong;
    } else if (name === 'topics') {
      if (!Array.isArray(value)) return 'eth_subscribe "logs" takes topics as a list (one entry per position).';
      if (value.length > MAX_FILTER_TOPICS) {
        return `eth_subscribe "logs" takes at most ${MAX_FILTER_TOPICS} topic positions; this filter has ${value.length}.`;
      }
      for (const [index, position] of value.entries()) {
        const alternatives: unknown[] = Array.isArray(position) ? position : [position];
        if (alternatives.length > MAX_TOPIC_ALTERNATIVES) {
          return `eth_subscribe "logs" takes at most ${MAX_TOPIC_ALTERNATIVES} alternatives in one topic position; position ${index + 1} has ${alternatives.length}.`;
        }
        if (!alternatives.every((topic) => topic === null || isShortString(topic))) return tooLong;
      }
    } else if (value !== null && !isShortString(value)) {
      return tooLong;
    }
  }
  return null;
}

/**
 * Whether `params` of an eth_subscribe name a subscription served here, with options of the right
 * shape: `["newHeads"]`, `["logs"]` or `["logs", {address?, topics?}]` within the filter's bounds
 * above (the node checks the hex itself), `["newPendingTransactions"]` or
 * `["newPendingTransactions", true|false]` (full transactions or hashes). Refusals are JSON-RPC
 * -32602 (invalid params) with this message.
 */
export function subscribeVerdict(params: unknown): SubscribeVerdict {
  if (!Array.isArray(params) || params.length === 0) {
    return { allowed: false, message: `eth_subscribe takes the subscription's name first: one of ${SUBSCRIPTION_TYPES.join(', ')}.` };
  }
  const [type, options, ...rest] = params;
  if (!isSubscriptionType(type)) {
    const named = typeof type === 'string' ? `"${type.slice(0, quotedMax)}${type.length > quotedMax ? '…' : ''}"` : 'that value';
    return { allowed: false, message: `The subscription ${named} is not available on this service: use ${SUBSCRIPTION_TYPES.join(', ')}.` };
  }
  if (rest.length > 0) return { allowed: false, message: `eth_subscribe "${type}" takes at most one option.` };
  if (options === undefined) return { allowed: true, type };
  if (type === 'logs' && typeof options === 'object' && options !== null && !Array.isArray(options)) {
    const problem = filterProblem(options);
    return problem === null ? { allowed: true, type } : { allowed: false, message: problem };
  }
  if (type === 'newPendingTransactions' && typeof options === 'boolean') return { allowed: true, type };
  const expected =
    type === 'logs' ? 'a filter object ({ address, topics })' : type === 'newPendingTransactions' ? 'true or false' : 'no option';
  return { allowed: false, message: `eth_subscribe "${type}" takes ${expected}.` };
}
