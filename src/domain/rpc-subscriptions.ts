/**
 * What `eth_subscribe` may ask for over the gateway's WebSocket: the three subscriptions every
 * Ethereum node serves (geth's and anvil's), which viem's and ethers' WebSocket clients use. The one
 * table: the gateway checks each eth_subscribe against it and the playground offers only these.
 */
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

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether `params` of an eth_subscribe name a subscription served here, with options of the right
 * shape: `["newHeads"]`, `["logs"]` or `["logs", {address?, topics?}]` (the node checks the filter's
 * contents), `["newPendingTransactions"]` or `["newPendingTransactions", true|false]` (full
 * transactions or hashes). Refusals are JSON-RPC -32602 (invalid params) with this message.
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
  if (type === 'logs' && isPlainObject(options)) return { allowed: true, type };
  if (type === 'newPendingTransactions' && typeof options === 'boolean') return { allowed: true, type };
  const expected =
    type === 'logs' ? 'a filter object ({ address, topics })' : type === 'newPendingTransactions' ? 'true or false' : 'no option';
  return { allowed: false, message: `eth_subscribe "${type}" takes ${expected}.` };
}
