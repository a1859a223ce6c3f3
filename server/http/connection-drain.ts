/**
 * The connections' part of SHUTDOWN_DELAY_SECONDS. A server cannot close an idle keep-alive
 * connection safely: the proxy in front (nginx's upstream keep-alive pool) may be sending a request
 * on it at that very moment, and a POST it already sent is never sent again, so the client gets a
 * 502. What is safe is the last answer saying `Connection: close`: the proxy reads it and never uses
 * that connection again. So while a replica drains, every answer is its connection's last, and
 * connections that stay idle are left for the proxy to close (its idle time-out below the delay,
 * as deploy/nginx/default.conf sets it). When the delay is over, none of the proxy's is left.
 */
import type { Server, ServerResponse } from 'node:http';
import type { RpcConnections } from '@server/cluster/rpc-connection';

function lastAnswer(_request: unknown, response: ServerResponse): void {
  response.setHeader('connection', 'close');
}

/** From now on every answer of `server` (and of the fast path in front of it) closes its connection. */
export function drainConnections(server: Server, fastPath: RpcConnections | null): void {
  fastPath?.drain();
  if (!server.listeners('request').includes(lastAnswer)) server.prependListener('request', lastAnswer);
}
