/**
 * The workers' fast path for gateway calls: plain keep-alive HTTP/1.1 calls are read off the socket
 * (server/cluster/rpc-request-bytes.ts), handed to the same Gateway as every other call, and answered with
 * the fields Node's HTTP server would send, without its request and response objects — about a
 * third of a worker's CPU per call (`npm run bench:gateway`). A connection goes to Node's HTTP server,
 * every unanswered byte with it, as soon as a request is anything else (the API, a chunked body, an
 * Expect, a malformed or oversized head...): the answers to those do not change.
 */
import type { Socket } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RpcHandler } from '@server/gateway/gateway';
import type { GatewayAnswer, GatewayFront } from '@server/gateway/http-answer';
import { clientAddress, type ProxyTrust } from '@server/http/client-address';
import { answerHead, framingFor } from '@server/cluster/rpc-answer-head';
import { readRawCall, type RawCall } from '@server/cluster/rpc-request-bytes';

export interface RpcConnectionOptions {
  readonly gateway: RpcHandler;
  /** What the front answers itself (http-answer.ts): its body limit, and the 500 of a call that failed inside. */
  readonly front: GatewayFront;
  /** Gives a connection (its unanswered bytes pushed back onto it) to Node's HTTP server. */
  readonly handOff: (socket: Socket) => void;
  /** A call that failed inside the gateway (answered 500) or whose answer could not be written. */
  readonly onFailure: (error: unknown) => void;
  /** The reverse proxies whose X-Forwarded-For gives the client address (TRUST_PROXY). */
  readonly trust: ProxyTrust;
  /** Node's defaults: an idle keep-alive connection closes after keepAliveMs. */
  readonly keepAliveMs: number;
  /** A request still incomplete this long after its first byte is cut (Node: headersTimeout, requestTimeout). */
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly now: () => number;
}

/** Pipelined bytes held while a call is served; past this the socket is not read until it is answered. */
const maxPendingBytes = 64 * 1024;

/** Frames a streamed answer's chunks for `transfer-encoding: chunked`, last chunk included. */
function chunkFramer(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.length > 0) {
        this.push(`${chunk.length.toString(16)}\r\n`, 'latin1');
        this.push(chunk);
        this.push('\r\n', 'latin1');
      }
      callback();
    },
    flush(callback) {
      callback(null, '0\r\n\r\n');
    },
  });
}

/** The fast path's open connections: accepts sockets, and closes them gently at shutdown. */
export class RpcConnections {
  private readonly open = new Set<RpcConnection>();
  private closing = false;
  private draining = false;

  constructor(private readonly options: RpcConnectionOptions) {}

  accept(socket: Socket): void {
    if (this.closing) {
      this.options.handOff(socket);
      return;
    }
    const connection = new RpcConnection(socket, this.options, () => this.open.delete(connection));
    this.open.add(connection);
    if (this.draining) connection.drain();
  }

  /** Shutdown is coming: each connection, and each new one, closes after its next answer (never while idle: see connection-drain.ts). */
  drain(): void {
    this.draining = true;
    for (const connection of this.open) connection.drain();
  }

  /** No more calls: idle connections close now, busy ones once their answer is written. */
  close(): void {
    this.closing = true;
    for (const connection of this.open) connection.close();
  }

  /** Cuts every connection still open (the drain time is over). */
  destroy(): void {
    for (const connection of this.open) connection.destroy();
  }
}

/** One client connection on the fast path: one call at a time, in order (pipelined ones wait). */
class RpcConnection {
  /** Bytes read and not yet answered (a partial request, or pipelined ones). */
  private pending: Buffer | null = null;
  private busy = false;
  private closing = false;
  /** Draining: the next answer closes the connection (drain()). */
  private lastAnswer = false;
  /** The client has sent its last byte (FIN): what it sent is answered, then the connection closes. */
  private ended = false;
  /** When the incomplete request at the head of `pending` began (0: none). */
  private partialSince = 0;
  /**
   * While a call's body is coming: how long the whole call is (0: not waiting for a body), and its
   * bytes so far, joined once when complete (never once per packet: a large body comes in hundreds).
   */
  private awaited = 0;
  private parts: Buffer[] = [];
  private partsLength = 0;
  /** Cuts an incomplete request when its time is up, however the client sends or stays silent. */
  private deadline: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly options: RpcConnectionOptions,
    private readonly release: () => void,
  ) {
    socket.on('data', this.onData);
    socket.on('timeout', this.onTimeout);
    socket.on('error', this.onError);
    socket.once('end', this.onEnd);
    socket.once('close', this.onClose);
    socket.setTimeout(options.keepAliveMs);
  }

  close(): void {
    this.closing = true;
    if (!this.busy) this.socket.end();
  }

  /** The next answer is this connection's last: it says `Connection: close`, then the connection closes. */
  drain(): void {
    this.lastAnswer = true;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private readonly onData = (chunk: Buffer): void => {
    if (this.awaited > 0) {
      this.parts.push(chunk);
      this.partsLength += chunk.length;
      if (this.partsLength < this.awaited) {
        if (this.overdue(this.options.now())) this.socket.destroy();
        return;
      }
      this.pending = Buffer.concat(this.parts, this.partsLength);
      this.parts = [];
      this.partsLength = 0;
      this.awaited = 0;
    } else this.pending = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    if (!this.busy) this.next();
    // A client pipelining faster than it is answered is read no further until it is.
    else if (this.pending.length > maxPendingBytes) this.socket.pause();
  };

  /** No traffic for keepAliveMs: an idle connection closes, an incomplete request gets its full time. */
  private readonly onTimeout = (): void => {
    if (!this.busy && ((this.pending === null && this.awaited === 0) || this.overdue(this.options.now()))) this.socket.destroy();
    // The time-out fires once, and a silent client makes no traffic that would arm it again.
    else this.socket.setTimeout(this.options.keepAliveMs);
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    if (!this.busy) this.next();
  };

  private readonly onClose = (): void => {
    this.clearDeadline();
    this.release();
  };

  /** Resets and the like: the socket closes, any answer still coming is dropped. */
  private readonly onError = (): void => {
    this.socket.destroy();
  };

  private overdue(nowMs: number): boolean {
    if (this.partialSince === 0) return false;
    return nowMs - this.partialSince > this.timeLimitMs();
  }

  /** The incomplete request's time limit: its head's until the head is read, then its whole. */
  private timeLimitMs(): number {
    const headRead = this.awaited > 0 || this.pending?.includes('\r\n\r\n') === true;
    return headRead ? this.options.requestTimeoutMs : this.options.headersTimeoutMs;
  }

  /** Arms the deadline timer for the time left to the incomplete request (its head's, then its whole). */
  private armDeadline(nowMs: number): void {
    this.clearDeadline();
    this.deadline = setTimeout(this.onDeadline, Math.max(1, this.partialSince + this.timeLimitMs() + 1 - nowMs));
    this.deadline.unref();
  }

  private clearDeadline(): void {
    if (this.deadline === null) return;
    clearTimeout(this.deadline);
    this.deadline = null;
  }

  private readonly onDeadline = (): void => {
    this.deadline = null;
    if (this.partialSince === 0) return;
    const nowMs = this.options.now();
    // The head came in time: the whole request has until requestTimeoutMs.
    if (this.overdue(nowMs)) this.socket.destroy();
    else this.armDeadline(nowMs);
  };

  /** Serves the next whole request in `pending`, waits for more bytes, or hands the connection on. */
  private next(): void {
    const bytes = this.pending;
    if (bytes === null || this.closing) {
      if (this.closing || this.ended) this.socket.end();
      return;
    }
    const read = readRawCall(bytes, this.options.front.bodyLimit);
    // After the client's FIN an incomplete request never completes, and bytes cannot be pushed back
    // onto the socket for Node's server (Node too drops what it has not answered when the client ends).
    if (this.ended && read.kind !== 'call') {
      this.socket.end();
      return;
    }
    switch (read.kind) {
      case 'handOff':
        this.handOff(bytes);
        return;
      case 'incomplete': {
        const nowMs = this.options.now();
        if (this.partialSince === 0) {
          this.partialSince = nowMs;
          this.armDeadline(nowMs);
        } else if (this.overdue(nowMs)) this.socket.destroy();
        if (read.headComplete) {
          // The rest of the body is collected as it comes, and read once whole.
          this.awaited = read.needed;
          this.parts = [bytes];
          this.partsLength = bytes.length;
          this.pending = null;
        }
        return;
      }
      case 'call':
        this.pending = read.end < bytes.length ? bytes.subarray(read.end) : null;
        this.partialSince = 0;
        this.clearDeadline();
        this.serve(read, bytes.subarray(read.bodyStart, read.end));
    }
  }

  private serve(call: RawCall, body: Buffer): void {
    this.busy = true;
    this.options.gateway
      .call({
        network: call.network,
        apiKey: call.apiKey,
        body: body.length === 0 ? undefined : body,
        origin: call.origin,
        clientIp: clientAddress(this.socket.remoteAddress ?? '', call.forwardedFor, this.options.trust),
      })
      .then(this.onAnswer, this.onCallFailure);
  }

  private readonly onAnswer = (answer: GatewayAnswer): void => {
    try {
      this.answer(answer);
    } catch (error) {
      // E.g. a header value from the node that cannot be sent: the connection is cut, as Node's server would.
      this.options.onFailure(error);
      this.socket.destroy();
    }
  };

  private readonly onCallFailure = (error: unknown): void => {
    this.options.onFailure(error);
    this.onAnswer(this.options.front.internal);
  };

  private answer(answer: GatewayAnswer): void {
    const { socket } = this;
    const { body } = answer;
    const sized = typeof body === 'string' || Buffer.isBuffer(body);
    if (socket.destroyed) {
      if (!sized) body.destroy();
      return;
    }
    const bodyLength = sized ? Buffer.byteLength(body) : null;
    const framing = framingFor(answer.status, bodyLength);
    // Whole seconds rounded down, as Node's HTTP server says it.
    if (this.lastAnswer) this.closing = true;
    const keepAlive = this.closing ? null : Math.floor(this.options.keepAliveMs / 1000);
    const head = answerHead(answer.status, answer.headers, framing, keepAlive, this.options.now());
    if (sized) {
      // One buffer, one write: head and body leave together.
      const headLength = head.length; // one byte a character: answerHead allows none above U+00FF
      const bytes = Buffer.allocUnsafe(headLength + (framing.kind === 'none' ? 0 : (bodyLength ?? 0)));
      bytes.write(head, 0, 'latin1');
      if (framing.kind !== 'none') {
        if (typeof body === 'string') bytes.write(body, headLength, 'utf8');
        else body.copy(bytes, headLength);
      }
      socket.write(bytes);
      this.done();
      return;
    }
    socket.write(head, 'latin1');
    if (framing.kind === 'none') {
      body.destroy();
      this.done();
    } else this.stream(body);
  }

  /** A large answer streams with back-pressure; if the node breaks off half-way, so does the connection. */
  private stream(body: Readable): void {
    pipeline(body, chunkFramer(), this.socket, { end: false }).then(
      () => this.done(),
      () => this.socket.destroy(),
    );
  }

  /** The answer is written: the next call, once the client has taken the answers so far. */
  private done(): void {
    const { socket } = this;
    if (socket.writableNeedDrain) {
      socket.once('drain', this.onDrained);
      return;
    }
    this.busy = false;
    if (socket.isPaused()) socket.resume();
    this.next();
  }

  private readonly onDrained = (): void => this.done();

  /** Node's HTTP server takes the connection from the request at the head of `bytes` on. */
  private handOff(bytes: Buffer): void {
    const { socket } = this;
    socket.off('data', this.onData);
    socket.off('timeout', this.onTimeout);
    socket.off('error', this.onError);
    socket.off('end', this.onEnd);
    socket.off('close', this.onClose);
    socket.setTimeout(0);
    this.clearDeadline();
    this.release();
    this.pending = null;
    // Paused while Node's server sets itself up, so the pushed-back bytes reach its parser first.
    socket.pause();
    socket.unshift(bytes);
    this.options.handOff(socket);
    socket.resume();
  }
}
