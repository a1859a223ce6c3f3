import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { RpcConnections, type RpcConnectionOptions } from '@server/cluster/rpc-connection';

/**
 * Puts the fast path in front of Node's HTTP server: every connection starts on it, and Node's
 * server (its own 'connection' listener) takes over those that turn out to be anything but plain
 * calls. Node's time-outs (keepAliveTimeout, headersTimeout, requestTimeout) are the fast path's too.
 */
export function fastPathFor(server: Server, options: Pick<RpcConnectionOptions, 'gateway' | 'bodyLimit' | 'onFailure' | 'now'>): RpcConnections {
  const [httpConnection] = server.listeners('connection');
  if (httpConnection === undefined) throw new Error("Node's HTTP server has no 'connection' listener to hand connections to");
  server.removeAllListeners('connection');
  const fastPath = new RpcConnections({
    ...options,
    handOff: (socket: Socket) => httpConnection.call(server, socket),
    keepAliveMs: server.keepAliveTimeout,
    headersTimeoutMs: server.headersTimeout,
    requestTimeoutMs: server.requestTimeout,
  });
  server.on('connection', (socket: Socket) => fastPath.accept(socket));
  return fastPath;
}
