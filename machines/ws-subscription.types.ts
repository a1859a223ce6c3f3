/** The subscription playground machine's data and events (machines/ws-subscription.ts). */
import type { Network } from '@/domain/networks';
import type { PlaygroundSubscription } from '@/domain/subscription-form';
import type { SubscriptionTally } from '@/domain/subscription-tally';

export interface WsSubscriptionInput {
  /** The key of the URL (the user's first key); null when the user has none: Subscribe is refused. */
  apiKey: string | null;
  network?: Network;
  /** Tries after a drop before giving up; RECONNECT_ATTEMPTS unless a test brings fewer. */
  reconnectAttempts?: number;
}

export interface WsSubscriptionContext {
  apiKey: string | null;
  network: Network;
  subscription: PlaygroundSubscription;
  /** The log filter editor's text, a JSON object or blank. */
  filterText: string;
  /** The active subscription's id (the node's); null while there is none. */
  subscriptionId: string | null;
  /** What this subscription received and cost since Subscribe (kept after Unsubscribe, reset by the next Subscribe). */
  tally: SubscriptionTally;
  /** The last notification's payload, pretty-printed; null before the first. */
  lastNotification: string | null;
  /** Tries to connect again since the subscription last worked; 0 when it works or never dropped. */
  attempt: number;
  reconnectAttempts: number;
  /** Why the connection or the subscription failed, for the user; null when nothing did. */
  error: string | null;
}

/** What the socket actor reports to the machine (the browser's WebSocket events). */
export type SocketReport =
  | { type: 'socket.opened' }
  | { type: 'socket.message'; text: string }
  /** The socket closed: before `socket.opened`, the handshake failed. */
  | { type: 'socket.closed'; code: number; reason: string };

/** What the machine tells the socket actor. */
export type SocketCommand = { type: 'socket.send'; text: string } | { type: 'socket.close' };

/** Where the socket actor connects: the gateway's WebSocket URL of this key and network. */
export interface SocketInput {
  network: Network;
  apiKey: string;
}

export type WsSubscriptionEvent =
  | { type: 'ws.network.select'; network: Network }
  | { type: 'ws.subscription.select'; subscription: PlaygroundSubscription }
  | { type: 'ws.filter.edit'; text: string }
  | { type: 'ws.subscribe' }
  /** Unsubscribe, Disconnect or Cancel: ends whatever the connection is doing. */
  | { type: 'ws.unsubscribe' }
  | SocketReport;
