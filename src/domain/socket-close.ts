/**
 * Why the gateway's WebSocket ended, in words a user can act on, and whether a client should connect
 * again. The gateway's own closes are the table of websocket-protocol.ts (every entry has its words
 * here, or this does not compile); other codes are RFC 6455 §7.4's. A browser never shows why a
 * handshake was refused: the gateway answers 400/401/403/429 over HTTP, but the page only sees the
 * socket close with 1006.
 */
import { MAX_PINGS_PER_SECOND, MAX_WEBSOCKET_MESSAGE_BYTES, WEBSOCKET_CLOSES } from './websocket-protocol';

export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  /** No close frame at all: the connection dropped, or the handshake was refused. Never sent by a server. */
  abnormal: 1006,
  policy: 1008,
  tooBig: 1009,
  internal: 1011,
  serviceRestart: 1012,
  tryAgainLater: 1013,
  /** The gateway's own codes, from its table. */
  tooSlow: WEBSOCKET_CLOSES.tooSlow.code,
  idle: WEBSOCKET_CLOSES.idle.code,
  overLimit: WEBSOCKET_CLOSES.overConnectionLimit.code,
} as const;

export interface ConnectionEnd {
  /** What happened, for the user. */
  readonly message: string;
  /** Whether connecting again may help (a server restart, a dropped node); never for a revoked key or used-up quota. */
  readonly reconnect: boolean;
}

/** The handshake failed: the socket closed before it opened. */
export const HANDSHAKE_FAILED =
  'Could not open the WebSocket: the gateway refused it or could not be reached. Browsers do not say which: check that the API key still exists (401), that your RPC Access Control allows this page (403), and that your plan has a WebSocket connection free (429).';

const maxMessageMib = MAX_WEBSOCKET_MESSAGE_BYTES / (1024 * 1024);

/** The gateway's closes, each in words. */
const gatewayEnds = {
  goingAway: { message: 'The server is shutting down or restarting.', reconnect: true },
  keyRevoked: {
    message: 'The API key was deleted, or your RPC Access Control no longer allows this page. Check API Keys and RPC Access Control.',
    reconnect: false,
  },
  quotaUsedUp: {
    message: 'Your monthly credit quota is used up, so notifications stopped. Upgrade your plan, or wait for the next billing cycle.',
    reconnect: false,
  },
  keyCapReached: {
    message:
      "This key's spend cap is reached, so notifications stopped. Raise the cap in the key's rules (API Keys), or wait for the period to end.",
    reconnect: false,
  },
  pingFlood: { message: `This client sent the gateway too many pings (over ${MAX_PINGS_PER_SECOND} a second).`, reconnect: false },
  tooBig: { message: `A message was larger than the gateway accepts (${maxMessageMib} MiB).`, reconnect: false },
  upstreamClosed: { message: 'The node closed its connection, and the subscription with it.', reconnect: true },
  internal: { message: 'The gateway failed.', reconnect: true },
  tooSlow: { message: 'This page read notifications too slowly and the gateway’s send buffer filled up.', reconnect: true },
  idle: { message: 'The connection went silent: no answer to the gateway’s ping.', reconnect: true },
  overConnectionLimit: {
    message:
      'Your plan allows fewer WebSocket connections than were open, so the newest were closed. Close another connection, or upgrade your plan.',
    reconnect: false,
  },
  overSubscriptionLimit: {
    message:
      'Your plan allows fewer subscriptions per connection than this one held, so it was closed. Connect again and subscribe to what your plan allows.',
    reconnect: true,
  },
} as const satisfies Record<keyof typeof WEBSOCKET_CLOSES, ConnectionEnd>;

/** Codes closed for a reason the table does not spell (another server, a proxy, the browser). */
const endsByCode: ReadonlyMap<number, ConnectionEnd> = new Map<number, ConnectionEnd>([
  [CLOSE_CODES.normal, { message: 'The gateway closed the connection.', reconnect: false }],
  [CLOSE_CODES.goingAway, gatewayEnds.goingAway],
  [
    CLOSE_CODES.abnormal,
    { message: 'The connection dropped without a word from the gateway (network lost, or the server went away).', reconnect: true },
  ],
  [CLOSE_CODES.tooBig, gatewayEnds.tooBig],
  [CLOSE_CODES.internal, gatewayEnds.internal],
  [CLOSE_CODES.serviceRestart, { message: 'The gateway asked to connect again later.', reconnect: true }],
  [CLOSE_CODES.tryAgainLater, { message: 'The gateway asked to connect again later.', reconnect: true }],
  [CLOSE_CODES.tooSlow, gatewayEnds.tooSlow],
  [CLOSE_CODES.idle, gatewayEnds.idle],
  [CLOSE_CODES.overLimit, gatewayEnds.overConnectionLimit],
]);

/** Reasons are short and a server's own: quoted as given, up to this many characters. */
const quotedReasonMax = 120;

function isGatewayClose(name: string): name is keyof typeof WEBSOCKET_CLOSES {
  return name in WEBSOCKET_CLOSES;
}

/** Why a connection that was open ended (`code` and `reason` of the close event). */
export function connectionEnd(code: number, reason: string): ConnectionEnd {
  for (const name of Object.keys(WEBSOCKET_CLOSES)) {
    if (!isGatewayClose(name)) continue;
    const close = WEBSOCKET_CLOSES[name];
    if (close.code === code && close.reason === reason) return gatewayEnds[name];
  }
  const known = endsByCode.get(code);
  if (known) return known;
  const quoted = reason.trim().slice(0, quotedReasonMax);
  return { message: `The connection closed with code ${code}${quoted ? `: ${quoted}` : ''}.`, reconnect: false };
}
