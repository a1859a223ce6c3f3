import { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';

/**
 * What a body looks like without parsing it: a JSON-RPC answer (an object or an array), nothing
 * (a notification's 204), or something else (an HTML error page of a proxy in front of the node...).
 */
export type AnswerShape = 'json' | 'empty' | 'other';

/** What the node answered: its status, content type and body bytes (untouched). */
export interface UpstreamAnswer {
  readonly status: number;
  readonly contentType: string;
  /** The whole body when small; a stream of it otherwise (it is never held in memory whole). */
  readonly body: Buffer | Readable;
  /** By the first byte that is not JSON whitespace; a streamed body by its content type (unknown: json). */
  readonly shape: AnswerShape;
}

/** The shape of a whole body: a look at its first bytes, never a parse (this runs on every call). */
export function shapeOf(body: Buffer): AnswerShape {
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index];
    // JSON whitespace: space, tab, line feed, carriage return.
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === 0x7b || byte === 0x5b ? 'json' : 'other';
  }
  return 'empty';
}

const jsonType = /json/i;

/** The node could not be used: 'timeout' → 504, 'down' (refused, reset, closed...) → 502. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly kind: 'timeout' | 'down',
    options: { cause: unknown },
  ) {
    super(kind === 'timeout' ? 'the node did not answer in time' : 'the node could not be reached', options);
  }
}

const timeoutCodes = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function classify(error: unknown): UpstreamError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return new UpstreamError(typeof code === 'string' && timeoutCodes.has(code) ? 'timeout' : 'down', { cause: error });
}

/** Answers up to this size (by Content-Length) are sent in one write; bigger or unsized ones stream. */
export const bufferedAnswerLimit = 256 * 1024;

const requestHeaders = { 'content-type': 'application/json' };

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * One EVM node behind a keep-alive connection pool. A call forwards the client's bytes as they
 * came and hands back the node's status, content type and bytes. The time-out is a deadline from
 * the call to the whole answer (to its headers for a streamed one, then to each gap between chunks):
 * undici's own timers tick every half second or so, too coarse for a short time-out on their own.
 */
export class Upstream {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(
    url: string,
    private readonly timeoutMs: number,
    connections = 128,
  ) {
    const parsed = new URL(url);
    this.path = `${parsed.pathname}${parsed.search}`;
    this.pool = new Pool(parsed.origin, { connections, pipelining: 1, connect: { timeout: timeoutMs }, keepAliveTimeout: 30_000 });
  }

  /** Sends `body`; `timeoutMs` shortens the deadline for this call (a health check). */
  forward(body: Buffer, timeoutMs = this.timeoutMs): Promise<UpstreamAnswer> {
    return new Promise((resolve, reject) => {
      const options: Dispatcher.DispatchOptions = {
        path: this.path,
        method: 'POST',
        headers: requestHeaders,
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      };
      try {
        this.pool.dispatch(options, new AnswerCollector(resolve, reject, timeoutMs));
      } catch (error) {
        // E.g. the pool is closing: the node cannot be used.
        reject(classify(error));
      }
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** Collects one answer: small ones into one Buffer, others as a stream with back-pressure. */
class AnswerCollector implements Dispatcher.DispatchHandler {
  private chunks: Buffer[] = [];
  private stream: Readable | null = null;
  private status = 0;
  private contentType = 'application/json';
  private settled = false;
  /** The node's answer is complete (or failed): nothing left to abort. */
  private finished = false;

  private controller: Dispatcher.DispatchController | null = null;
  private deadline: NodeJS.Timeout | null;
  private timedOut = false;

  constructor(
    private readonly resolve: (answer: UpstreamAnswer) => void,
    private readonly reject: (error: UpstreamError) => void,
    timeoutMs: number,
  ) {
    // From the call on, queueing for a free connection included.
    this.deadline = setTimeout(() => this.expire(), timeoutMs);
  }

  /** Undici tells the handler API apart by this method (the older one has onConnect instead). */
  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.timedOut) controller.abort(new Error('the node did not answer in time'));
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.status = statusCode;
    const contentType = headerText(headers['content-type']);
    this.contentType = contentType ?? this.contentType;
    const length = Number(headerText(headers['content-length']) ?? Number.NaN);
    if (Number.isFinite(length) && length <= bufferedAnswerLimit) return;
    // Streamed: the headers go to the client now; from here only undici's gap time-out applies.
    this.clearDeadline();
    this.stream = new Readable({
      read: () => controller.resume(),
      // The client went away (or the answer failed): stop reading from the node too.
      destroy: (error, callback) => {
        if (!this.finished && !controller.aborted) controller.abort(error ?? new Error('the answer was abandoned'));
        callback(error);
      },
    });
    // Not read yet: judged by its declared type (none declared: taken for the node's JSON).
    const shape = contentType === undefined || jsonType.test(contentType) ? 'json' : 'other';
    this.settle({ status: this.status, contentType: this.contentType, body: this.stream, shape });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.stream === null) this.chunks.push(chunk);
    else if (!this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.finished = true;
    this.clearDeadline();
    if (this.stream !== null) {
      this.stream.push(null);
      return;
    }
    const body = this.chunks.length === 1 && this.chunks[0] !== undefined ? this.chunks[0] : Buffer.concat(this.chunks);
    this.chunks = [];
    this.settle({ status: this.status, contentType: this.contentType, body, shape: shapeOf(body) });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finished = true;
    this.clearDeadline();
    if (this.stream !== null) {
      // Headers already went to the client: all that is left is to cut the answer short.
      this.stream.destroy(error);
      return;
    }
    this.fail(this.timedOut ? new UpstreamError('timeout', { cause: error }) : classify(error));
  }

  private expire(): void {
    this.deadline = null;
    this.timedOut = true;
    if (this.controller !== null) this.controller.abort(new Error('the node did not answer in time'));
    // Not yet on a connection (all busy): undici calls no handler until it is, so answer now.
    else this.fail(new UpstreamError('timeout', { cause: null }));
  }

  private clearDeadline(): void {
    if (this.deadline === null) return;
    clearTimeout(this.deadline);
    this.deadline = null;
  }

  private fail(error: UpstreamError): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }

  private settle(answer: UpstreamAnswer): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(answer);
  }
}
