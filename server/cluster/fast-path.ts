import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { RpcConnections, type RpcConnectionOptions } from '@server/cluster/rpc-connection';

/** At shutdown, connections still open this long after the drain began (slow clients) are cut. */
export const drainMs = 5_000;

export interface FastPathOptions extends Pick<RpcConnectionOptions, 'gateway' | 'bodyLimit' | 'onFailure' | 'now' | 'trust'> {
  /** Open connections the worker keeps at once (MAX_CONNECTIONS); past it a new one is closed at once. */
  readonly maxConnections: number;
}

/**
 * Puts the fast path in front of Node's HTTP server: every connection starts on it, and Node's
 * server (its own 'connection' listener) takes over those that turn out to be anything but plain
 * calls. Node's time-outs (keepAliveTimeout, headersTimeout, requestTimeout) are the fast path's too.
 *
 * The connection cap is counted here rather than by the server's maxConnections: in a cluster
 * worker, a connection that one refuses goes back to the main process, which hands it to another
 * worker, and back, as long as every worker is full.
 */
export function fastPathFor(server: Server, options: FastPathOptions): RpcConnections {
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
  let open = 0;
  const closed = () => {
    open -= 1;
  };
  server.on('connection', (socket: Socket) => {
    if (open >= options.maxConnections) {
      socket.destroy();
      return;
    }
    open += 1;
    socket.once('close', closed);
    fastPath.accept(socket);
  });
  return fastPath;
}
