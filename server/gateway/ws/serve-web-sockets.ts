import type { Server } from 'node:http';
import { catalogPlan } from '@/domain/plan-catalog';
import type { Config } from '@server/config';
import type { Fleet } from '@server/gateway/fleet/fleet';
import type { AdmittedKey } from '@server/gateway/admission';
import type { GatewayKey } from '@server/gateway/key-cache';
import type { ConnectionSlots } from '@server/gateway/ws/connection-slots';
import { maxBufferedBytes, WsGateway } from '@server/gateway/ws/ws-gateway';
import type { SessionDeps } from '@server/gateway/ws/ws-session';
import { proxyTrust } from '@server/http/client-address';

/** What the endpoint shares with the process's HTTP gateway: the gateway itself, its keys, admission, records and nodes. */
export type WebSocketParts<Key extends GatewayKey & AdmittedKey, Ticket> = Pick<
  SessionDeps<Key, Ticket>,
  'handler' | 'keys' | 'admission' | 'records'
> & { readonly nodes: Pick<Fleet, 'socketUrl' | 'served'> };

/**
 * The WebSocket endpoint of one process's gateway, on `server` (the app's own with WORKERS=1, each
 * HTTP worker's with WORKERS > 1): Node emits 'upgrade' for the GETs the fast path hands it. An
 * upgrade on any other path is answered 404.
 */
export function serveWebSockets<Key extends GatewayKey & AdmittedKey, Ticket>(
  server: Server,
  parts: WebSocketParts<Key, Ticket>,
  config: Pick<Config, 'upstreamTimeoutMs' | 'trustProxy'>,
  now: () => number,
  slots: ConnectionSlots,
): WsGateway<Key, Ticket> {
  const webSockets = new WsGateway<Key, Ticket>({
    ...parts,
    now,
    timeoutMs: config.upstreamTimeoutMs,
    nodeSocket: (network, failed) => parts.nodes.socketUrl(network, failed),
    served: parts.nodes.served,
    subscriptionLimit: (key) => catalogPlan(key.planId).subscriptionsPerConnection,
    connectionLimit: (key) => catalogPlan(key.planId).webSocketConnections,
    slots,
    maxBufferedBytes,
    trust: proxyTrust(config.trustProxy),
  });
  server.on('upgrade', (request, socket, head) => {
    if (webSockets.handles(request)) {
      webSockets.upgrade(request, socket, head);
      return;
    }
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  return webSockets;
}
