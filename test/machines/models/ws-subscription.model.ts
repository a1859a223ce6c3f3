import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { type SocketReport, wsSubscriptionMachine } from '@machines/ws-subscription';
import { SUBSCRIBE_ID, UNSUBSCRIBE_ID } from '@/domain/subscription-messages';
import { type AfterEvent, createFlowModel } from '../flow-model';

export type WsSubscriptionModelEvent =
  | EventFromLogic<typeof wsSubscriptionMachine>
  | AfterEvent<'retryDelay', 'wsSubscription.retrying'>
  | AfterEvent<'closeTimeout', 'wsSubscription.connection.closing'>;

export const WS_TEST_KEY = 'ws_test_0123456789abcdef';
/** The node's subscription id (anvil's are 0x and 32 hex digits). */
export const SUBSCRIPTION_ID = '0x9cef478923ff08bf67fde6c64013158d';
export const LOG_FILTER = '{"address": "0x5FbDB2315678afecb367f032d93F642f64180aa3"}';
export const BAD_FILTER = '["0x5FbDB2315678afecb367f032d93F642f64180aa3"]';

const message = (body: unknown): Extract<SocketReport, { type: 'socket.message' }> => ({
  type: 'socket.message',
  text: JSON.stringify(body),
});

export const subscribedMessage = message({ jsonrpc: '2.0', id: SUBSCRIBE_ID, result: SUBSCRIPTION_ID });
export const refusedMessage = message({
  jsonrpc: '2.0',
  id: SUBSCRIBE_ID,
  error: { code: -32005, message: 'Too many subscriptions on this connection: your plan allows 10.' },
});
export const newHead = {
  number: '0x1b4',
  hash: '0xdc0818cf78f21a8e70579cb46a43643f78291264dda342ae31049421c82d21ae',
  timestamp: '0x6553f100',
};
export const notificationMessage = message({
  jsonrpc: '2.0',
  method: 'eth_subscription',
  params: { subscription: SUBSCRIPTION_ID, result: newHead },
});
export const unsubscribedMessage = message({ jsonrpc: '2.0', id: UNSUBSCRIBE_ID, result: true });

/** The socket closed: each code as the gateway (or the browser, 1006) reports it. */
export const closes = {
  handshakeRefused: { type: 'socket.closed', code: 1006, reason: '' },
  normal: { type: 'socket.closed', code: 1000, reason: '' },
  upstreamClosed: { type: 'socket.closed', code: 1011, reason: 'the node closed its connection; subscriptions were lost' },
  quotaUsedUp: { type: 'socket.closed', code: 1008, reason: 'the monthly credit quota is used up' },
} as const satisfies Record<string, SocketReport>;

export const wsSubscriptionFixtures: WsSubscriptionModelEvent[] = [
  { type: 'ws.network.select', network: 'devnet' },
  { type: 'ws.subscription.select', subscription: 'logs' },
  { type: 'ws.subscription.select', subscription: 'newHeads' },
  { type: 'ws.filter.edit', text: LOG_FILTER },
  { type: 'ws.filter.edit', text: BAD_FILTER },
  subscribedMessage,
  refusedMessage,
  notificationMessage,
  unsubscribedMessage,
  ...Object.values(closes),
];

/** Small, so the graph stays small: two tries to connect again, then the machine gives up. */
export const MODEL_RECONNECT_ATTEMPTS = 2;

/** The close codes walked in each state: what can happen there, and one of each kind of outcome. */
function closesIn(state: AnyMachineSnapshot): readonly number[] {
  if (state.matches({ connection: 'connecting' })) return [closes.handshakeRefused.code];
  if (state.matches({ connection: 'closing' })) return [closes.normal.code];
  if (state.matches({ connection: 'open' })) return [closes.upstreamClosed.code];
  return [closes.upstreamClosed.code, closes.quotaUsedUp.code];
}

/**
 * The context counts what happened (notifications, subscriptions, tries), so the graph is cut to
 * stories that each show one thing, and every state and transition is still walked:
 * - the form is changed once, before the first Subscribe (or after a refusal, in `open`); a form
 *   other than the default (newHeads on mainnet) then only walks the happy path;
 * - notifications arrive on the first subscription, two at most; it drops (and comes back with its
 *   tally) or is unsubscribed after the first one, and may get the second while unsubscribing;
 * - Cancel is pressed on the first try only; a refusal answers the first eth_subscribe only.
 */
function explored(state: AnyMachineSnapshot, event: EventObject): boolean {
  const { network, subscription, filterText, tally, error, attempt, subscriptionId } = state.context;
  const fresh = tally.subscribes === 0 && attempt === 0;
  const untouched = state.matches({ idle: 'closed' }) && fresh && error === null;
  const firstRefusal = state.matches({ connection: 'open' }) && fresh;
  const defaultForm = network === 'mainnet' && subscription === 'newHeads' && filterText === '';
  const firstSubscription = tally.subscribes === 1 && attempt === 0;
  const closing = state.matches({ connection: 'closing' });
  const text = 'text' in event ? event.text : null;
  switch (event.type) {
    case 'ws.network.select':
      return untouched && defaultForm;
    case 'ws.subscription.select':
      return (untouched || firstRefusal) && network === 'mainnet' && filterText === '';
    case 'ws.filter.edit':
      return (untouched || firstRefusal) && subscription === 'logs' && filterText === '';
    case 'ws.subscribe':
      return !state.matches({ connection: 'open' }) || defaultForm;
    case 'ws.unsubscribe':
      if (state.matches({ connection: 'subscribed' })) return firstSubscription && (tally.notifications === 1 || !defaultForm);
      if (state.matches('retrying')) return attempt === 1;
      return fresh && defaultForm;
    case 'socket.message':
      // Late: the answer to an eth_subscribe cancelled while it was on its way.
      if (text === subscribedMessage.text) return closing ? fresh && error === null : tally.subscribes < 2;
      if (text === unsubscribedMessage.text) return tally.unsubscribes === 0;
      if (text === refusedMessage.text) return fresh && defaultForm;
      if (text === notificationMessage.text) return firstSubscription && tally.notifications < (defaultForm ? 2 : 1);
      return true;
    case 'socket.closed': {
      const code = 'code' in event ? event.code : null;
      if (typeof code !== 'number' || !closesIn(state).includes(code)) return false;
      if (closing) return subscriptionId === null;
      if (!defaultForm) return false;
      if (state.matches({ connection: 'subscribed' })) return firstSubscription && tally.notifications === 1;
      if (state.matches({ connection: 'subscribing' })) return attempt > 0;
      return true;
    }
    case 'socket.opened':
      return true;
    default:
      // The delays: closing times out with the subscription still held (no answer, no close).
      if (closing) return subscriptionId !== null && defaultForm;
      return defaultForm;
  }
}

/** A user with a key, and one without (Subscribe is never allowed). */
export const wsSubscriptionFlows = [WS_TEST_KEY, null].map((apiKey) => {
  const flow = createFlowModel(wsSubscriptionMachine, {
    fixtures: wsSubscriptionFixtures,
    input: { apiKey, reconnectAttempts: MODEL_RECONNECT_ATTEMPTS },
    filterEvents: explored,
  });
  return { apiKey, flow, paths: flow.paths() };
});
