import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Config } from '@server/config';
import type { RpcHandler } from '@server/gateway/gateway';
import { gatewayFront, type GatewayFront } from '@server/gateway/http-answer';
import { gatewayErrors } from '@server/gateway/rpc-errors';
import { clientAddress, proxyTrust } from '@server/http/client-address';
import { serverOptions } from '@server/http/server-limits';
import { hasSeveralHosts, severalHostsDetail, severalHostsMessage } from '@server/http/single-host';
import { sendEnvelope } from '@server/cluster/api-proxy';
import { fastPathFor, withoutFastPath } from '@server/cluster/fast-path';
import type { RpcConnections } from '@server/cluster/rpc-connection';
import { matchRpcPath, sendRefusal, serveRpc, type RpcTarget } from '@server/cluster/rpc-http';

export interface WorkerHttpOptions {
  readonly config: Config;
  readonly gateway: RpcHandler;
  readonly proxy: { forward(request: IncomingMessage, response: ServerResponse, clientIp: string): void };
  readonly onFailure: (error: unknown) => void;
  readonly now: () => number;
}

/** Two Host fields: 400 from the worker itself (the main process would see only the first). */
function refuseSeveralHosts(front: GatewayFront, target: RpcTarget | null, request: IncomingMessage, response: ServerResponse): void {
  if (target === null) sendEnvelope(request, response, 400, severalHostsMessage);
  else sendRefusal(response, front.refusal(gatewayErrors.invalid(severalHostsDetail)));
  request.resume();
}

/**
 * An HTTP worker's server: the fast path first (server/cluster/fast-path.ts), then Node's HTTP
 * server for what it hands on — gateway calls served here, everything else passed to the main
 * process (FAST_PATH=off: Node's HTTP server alone; `fastPath` is then null). Time-outs and the
 * connection cap from the config; the client address through TRUST_PROXY.
 */
export function createWorkerServer({ config, gateway, proxy, onFailure, now }: WorkerHttpOptions): {
  server: Server;
  fastPath: RpcConnections | null;
} {
  const trust = proxyTrust(config.trustProxy);
  const front = gatewayFront(config);
  const server = createServer(serverOptions(config), (request, response) => {
    const target = request.method === 'POST' || request.method === 'OPTIONS' ? matchRpcPath(request.url) : null;
    if (hasSeveralHosts(request.rawHeaders)) {
      refuseSeveralHosts(front, target, request, response);
      return;
    }
    const clientIp = clientAddress(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], trust);
    if (target === null) proxy.forward(request, response, clientIp);
    else serveRpc(gateway, front, target, request, response, clientIp, onFailure);
  });
  if (!config.fastPath) {
    withoutFastPath(server, config.maxConnections);
    return { server, fastPath: null };
  }
  // Every connection starts on the fast path (server/cluster/rpc-connection.ts).
  const fastPath = fastPathFor(server, {
    gateway,
    front,
    onFailure,
    now,
    trust,
    maxConnections: config.maxConnections,
  });
  return { server, fastPath };
}
