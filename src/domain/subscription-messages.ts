/**
 * The JSON-RPC messages of one subscription over the gateway's WebSocket: the two requests the
 * playground sends, and what it reads in every message that arrives (an answer to one of them, or a
 * notification, `eth_subscription`). One request of each kind is open at a time on a connection, so
 * fixed ids tell the answers apart.
 */

export const SUBSCRIBE_ID = 1;
export const UNSUBSCRIBE_ID = 2;

export function subscribeRequest(params: readonly unknown[]): string {
  return JSON.stringify({ jsonrpc: '2.0', id: SUBSCRIBE_ID, method: 'eth_subscribe', params });
}

export function unsubscribeRequest(subscriptionId: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: UNSUBSCRIBE_ID, method: 'eth_unsubscribe', params: [subscriptionId] });
}

export type SocketMessage =
  /** An answer with a result to the request of this id. */
  | { readonly kind: 'answer'; readonly id: unknown; readonly result: unknown }
  /** A JSON-RPC error answer (id null: about no request, e.g. the quota used up just before a close). */
  | { readonly kind: 'refusal'; readonly id: unknown; readonly code: number | null; readonly message: string }
  | { readonly kind: 'notification'; readonly subscription: string; readonly result: unknown }
  /** Not JSON, or no JSON-RPC message this playground reads. */
  | { readonly kind: 'other' };

const other: SocketMessage = { kind: 'other' };

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Reflect.get(value, name) : undefined;
}

function has(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && name in value;
}

/** What a message from the gateway says, read defensively: anything unexpected is `other`. */
export function readSocketMessage(text: string): SocketMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return other;
  }
  if (field(value, 'method') === 'eth_subscription') {
    const params = field(value, 'params');
    const subscription = field(params, 'subscription');
    return typeof subscription === 'string' ? { kind: 'notification', subscription, result: field(params, 'result') } : other;
  }
  if (!has(value, 'id')) return other;
  const id = field(value, 'id');
  if (has(value, 'error')) {
    const error = field(value, 'error');
    const code = field(error, 'code');
    const message = field(error, 'message');
    return {
      kind: 'refusal',
      id,
      code: typeof code === 'number' ? code : null,
      message: typeof message === 'string' && message.trim() !== '' ? message : 'no message',
    };
  }
  return has(value, 'result') ? { kind: 'answer', id, result: field(value, 'result') } : other;
}

/** The new subscription's id when `text` is the successful answer to eth_subscribe, else null. */
export function subscribedId(text: string): string | null {
  const message = readSocketMessage(text);
  return message.kind === 'answer' && message.id === SUBSCRIBE_ID && typeof message.result === 'string' ? message.result : null;
}

/** Why eth_subscribe failed when `text` is its error answer (or an answer without a subscription id), else null. */
export function subscribeRefusal(text: string): string | null {
  const message = readSocketMessage(text);
  if (message.kind === 'refusal' && message.id === SUBSCRIBE_ID) {
    return `The gateway refused eth_subscribe: ${message.message}${message.code === null ? '' : ` (JSON-RPC error ${message.code})`}`;
  }
  if (message.kind === 'answer' && message.id === SUBSCRIBE_ID && typeof message.result !== 'string') {
    return 'The gateway answered eth_subscribe without a subscription id.';
  }
  return null;
}

/** Whether `text` answers eth_unsubscribe (a result or an error: either way the request is over). */
export function isUnsubscribeAnswer(text: string): boolean {
  const message = readSocketMessage(text);
  return (message.kind === 'answer' || message.kind === 'refusal') && message.id === UNSUBSCRIBE_ID;
}

/** Whether eth_unsubscribe was answered by the node (so charged), rather than refused. */
export function isUnsubscribeResult(text: string): boolean {
  const message = readSocketMessage(text);
  return message.kind === 'answer' && message.id === UNSUBSCRIBE_ID;
}

/** The payload of a notification of `subscriptionId`, pretty-printed; null when `text` is none. */
export function notificationPayload(text: string, subscriptionId: string | null): string | null {
  const message = readSocketMessage(text);
  if (message.kind !== 'notification' || subscriptionId === null || message.subscription !== subscriptionId) return null;
  return JSON.stringify(message.result ?? null, null, 2);
}
