/** Pings a client may send in a second (viem and ethers send one every 30 s or less often); past it closeCodes.pingFlood. */
export const maxPingsPerSecond = 100;

/**
 * How the gateway closes a client's WebSocket, code and reason (RFC 6455 §7.4; 4000-4999 are the
 * application's own). README lists them; clients (viem, ethers) reconnect on any of them.
 */
export const closeCodes = {
  /** The server is shutting down: connect again (another replica answers). */
  goingAway: { code: 1001, reason: 'the server is shutting down' },
  /** The key was deleted, or the allow-lists no longer let this client in. */
  keyRevoked: { code: 1008, reason: 'the API key was deleted or no longer allows this client' },
  /** The cycle's credits are used up (a JSON-RPC -32005 quota error was sent just before). */
  quotaUsedUp: { code: 1008, reason: 'the monthly credit quota is used up' },
  /** The node's socket closed: its subscriptions are gone, so this one is too (subscribe again after reconnecting). */
  upstreamClosed: { code: 1011, reason: 'the node closed its connection; subscriptions were lost' },
  /** A notification's credits could not be checked (the admission failed): none is sent uncharged. */
  internal: { code: 1011, reason: 'the gateway failed; connect again' },
  /** More unsent data for this client than the send buffer holds: it reads too slowly. */
  tooSlow: { code: 4000, reason: 'the client reads too slowly: send buffer full' },
  /** More than maxPingsPerSecond pings in a second. */
  pingFlood: { code: 1008, reason: `too many pings: at most ${maxPingsPerSecond} a second` },
  /** No pong to the last ping within the idle time. */
  idle: { code: 4001, reason: 'no answer to ping' },
} as const;

export type CloseReason = (typeof closeCodes)[keyof typeof closeCodes];
