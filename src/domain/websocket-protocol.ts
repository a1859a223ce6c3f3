/**
 * The gateway's WebSocket endpoint, its numbers and its close codes: the one table the server
 * enforces (server/gateway/ws) and the dashboard quotes (the FAQ, the playground's messages).
 */

/** Largest message a client may send (a JSON-RPC request or batch); a larger one closes the socket with 1009. */
export const MAX_WEBSOCKET_MESSAGE_BYTES = 1024 * 1024;

/**
 * The subscriptions' parameters one connection may have the gateway keep, in bytes of their JSON
 * together (a logs filter is most of it): the memory a connection holds in the gateway's
 * subscriptions is bounded, whatever filters it sends. 512 KiB: one filter at every bound of
 * rpc-subscriptions.ts (1,000 addresses and four topic positions of 1,000: about 321 KB) fits, or
 * eleven filters of 1,000 addresses; Free's 5 connections hold at most 2.5 MiB.
 */
export const MAX_SUBSCRIPTION_BYTES_PER_CONNECTION = 512 * 1024;

/** Every open socket is pinged this often; one that did not answer the previous ping is closed (4001). */
export const WEBSOCKET_PING_SECONDS = 30;

/** Pings a client may send in a second (viem and ethers send one every 30 s or less often); past it the socket is closed. */
export const MAX_PINGS_PER_SECOND = 100;

/**
 * How the gateway closes a client's WebSocket, code and reason (RFC 6455 §7.4; 4000-4999 are the
 * application's own). docs/architecture.md lists them; clients (viem, ethers) reconnect on any of them.
 */
export const WEBSOCKET_CLOSES = {
  /** The server is shutting down: connect again (another replica answers). */
  goingAway: { code: 1001, reason: 'the server is shutting down' },
  /** The key was deleted, or the allow-lists no longer let this client in. */
  keyRevoked: { code: 1008, reason: 'the API key was deleted or no longer allows this client' },
  /** The cycle's credits are used up (a JSON-RPC -32005 quota error was sent just before). */
  quotaUsedUp: { code: 1008, reason: 'the monthly credit quota is used up' },
  /** The key's own spend cap is reached for its period (a JSON-RPC -32005 keyCap error was sent just before). */
  keyCapReached: { code: 1008, reason: "the key's spend cap is reached" },
  /** More than MAX_PINGS_PER_SECOND pings in a second. */
  pingFlood: { code: 1008, reason: `too many pings: at most ${MAX_PINGS_PER_SECOND} a second` },
  /** A message past MAX_WEBSOCKET_MESSAGE_BYTES (ws closes it, without a reason of ours). */
  tooBig: { code: 1009, reason: 'Max payload size exceeded' },
  /** The node's socket closed: its subscriptions are gone, so this one is too (subscribe again after reconnecting). */
  upstreamClosed: { code: 1011, reason: 'the node closed its connection; subscriptions were lost' },
  /** A notification's credits could not be checked (the admission failed): none is sent uncharged. */
  internal: { code: 1011, reason: 'the gateway failed; connect again' },
  /** More unsent data for this client than the send buffer holds: it reads too slowly. */
  tooSlow: { code: 4000, reason: 'the client reads too slowly: send buffer full' },
  /** No pong to the last ping within WEBSOCKET_PING_SECONDS. */
  idle: { code: 4001, reason: 'no answer to ping' },
  /**
   * The user has more connections open than the plan allows (it was lowered, or connections opened
   * while Redis was away were counted again when it came back): the newest beyond the limit are closed.
   */
  overConnectionLimit: { code: 4002, reason: "beyond the plan's WebSocket connections: the newest are closed" },
  /** The plan now allows fewer subscriptions per connection than this one holds: connect again and subscribe to what fits. */
  overSubscriptionLimit: { code: 4002, reason: "beyond the plan's subscriptions per connection" },
} as const;

export type WebSocketClose = (typeof WEBSOCKET_CLOSES)[keyof typeof WEBSOCKET_CLOSES];
