import { type Server, ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { RpcConnections, type RpcConnectionOptions } from '@server/cluster/rpc-connection';

/** At shutdown, connections still open this long after the drain began (slow clients) are cut. */
export const drainMs = 5_000;

export interface FastPathOptions extends Pick<RpcConnectionOptions, 'gateway' | 'front' | 'onFailure' | 'now' | 'trust'> {
  /** Open connections the worker keeps at once (MAX_CONNECTIONS); past it a new one is closed at once. */
  readonly maxConnections: number;
}

/** Node's own answers to a request its parser refuses (lib/_http_server.js), by error code; 400 otherwise. */
const refusalStatus: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** What Node's HTTP server does when no 'clientError' listener is set (lib/_http_server.js, socketOnError). */
function refuseAsNodeDoes(error: NodeJS.ErrnoException, socket: Socket): void {
  // Node's own check: no refusal written into an answer whose head has already left. It reads the
  // in-flight answer from this field; there is no public way to reach it from the socket.
  const inFlight: unknown = Reflect.get(socket, '_httpMessage');
  if (socket.writable && !(inFlight instanceof ServerResponse && inFlight.headersSent)) {
    const status = refusalStatus[error.code ?? ''] ?? 400;
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`, 'latin1');
  }
  socket.destroy(error);
}

/**
 * RFC 9112 §9.6: a server answers a request that carries `Connection: close`, then closes, and
 * processes nothing sent after it. Node's parser instead takes bytes after such a request as an
 * error (HPE_CLOSED_CONNECTION), and both Node's and Fastify's handlers then write `400 Bad
 * Request` and cut the connection, though the request was whole and its handler already running: a
 * gateway call was charged and its answer lost. Here those bytes are ignored (the parser, stuck in
 * its error, keeps reading and dropping them, so the client's kernel sees no reset before the
 * answer); the answer is written with `Connection: close` and Node closes the connection after it.
 * Every other refusal goes to the listeners the server had (Fastify's), or is Node's own.
 * Call it once the server's own 'clientError' listeners are set (Fastify sets its own in `fastify()`).
 */
export function answerBeforeClosing(server: Server): void {
  const previous = server.listeners('clientError');
  server.removeAllListeners('clientError');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'HPE_CLOSED_CONNECTION') return;
    if (previous.length === 0) refuseAsNodeDoes(error, socket);
    else for (const listener of previous) listener.call(server, error, socket);
  });
}

/** Node's HTTP server's own 'connection' listener, taken off the server: the caller decides who gets a connection first. */
function takeConnectionListener(server: Server): (socket: Socket) => void {
  const [httpConnection] = server.listeners('connection');
  if (httpConnection === undefined) throw new Error("Node's HTTP server has no 'connection' listener to hand connections to");
  server.removeAllListeners('connection');
  return (socket: Socket) => httpConnection.call(server, socket);
}

/**
 * Counts the open connections and closes those past `maxConnections` at once. Counted here rather
 * than by the server's maxConnections: in a cluster worker, a connection that one refuses goes back
 * to the main process, which hands it to another worker, and back, as long as every worker is full.
 */
function capConnections(server: Server, maxConnections: number, accept: (socket: Socket) => void): void {
  let open = 0;
  const closed = () => {
    open -= 1;
  };
  server.on('connection', (socket: Socket) => {
    if (open >= maxConnections) {
      socket.destroy();
      return;
    }
    open += 1;
    socket.once('close', closed);
    accept(socket);
  });
}

/**
 * Puts the fast path in front of Node's HTTP server: every connection starts on it, and Node's
 * server (its own 'connection' listener) takes over those that turn out to be anything but plain
 * calls. Node's time-outs (keepAliveTimeout, headersTimeout, requestTimeout) are the fast path's too.
 */
export function fastPathFor(server: Server, options: FastPathOptions): RpcConnections {
  const httpConnection = takeConnectionListener(server);
  answerBeforeClosing(server);
  const fastPath = new RpcConnections({
    ...options,
    handOff: httpConnection,
    keepAliveMs: server.keepAliveTimeout,
    headersTimeoutMs: server.headersTimeout,
    requestTimeoutMs: server.requestTimeout,
  });
  capConnections(server, options.maxConnections, (socket) => fastPath.accept(socket));
  return fastPath;
}

/**
 * FAST_PATH=off in an HTTP worker: every connection goes straight to Node's HTTP server, with the
 * same connection cap and the same answer to a request sent with `Connection: close`.
 */
export function withoutFastPath(server: Server, maxConnections: number): void {
  const httpConnection = takeConnectionListener(server);
  answerBeforeClosing(server);
  capConnections(server, maxConnections, httpConnection);
}
