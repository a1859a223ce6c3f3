import { type HeadBlock, readQuantity } from '@server/gateway/fleet/fleet-node';
import { UpstreamSocket } from '@server/gateway/ws/upstream-socket';

/** Seconds between attempts to subscribe again after a node's WebSocket closed or refused newHeads. */
const retryMs = 5_000;

/** A newHeads notification's block, or null when it is not one. */
export function readNotifiedHead(text: string): HeadBlock | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null || !('params' in message)) return null;
  const { params } = message;
  if (typeof params !== 'object' || params === null || !('result' in params)) return null;
  const header = params.result;
  if (typeof header !== 'object' || header === null || !('number' in header && 'hash' in header && 'parentHash' in header)) return null;
  const { hash, parentHash } = header;
  const number = readQuantity(header.number);
  if (number === null || typeof hash !== 'string' || typeof parentHash !== 'string') return null;
  return { number, hash, parentHash };
}

/**
 * One node's new heads as it makes them (newHeads over its WebSocket): the fleet hears a block
 * within milliseconds instead of at its next poll. A node without a WebSocket, or whose socket
 * closes, is tried again every few seconds; meanwhile polling alone follows it.
 */
export class HeadWatch {
  private socket: UpstreamSocket | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly onBlock: (block: HeadBlock) => void,
  ) {}

  start(): void {
    if (this.closed) return;
    const socket = new UpstreamSocket(
      this.url,
      {
        notification: (_subscription, text) => {
          const block = readNotifiedHead(text);
          if (block !== null) this.onBlock(block);
        },
        closed: () => this.again(socket),
      },
      this.timeoutMs,
    );
    this.socket = socket;
    socket.request(
      'eth_subscribe',
      ['newHeads'],
      (reply) => {
        if (reply.kind === 'error') this.again(socket);
      },
      () => this.again(socket),
    );
  }

  close(): void {
    this.closed = true;
    if (this.retry !== null) clearTimeout(this.retry);
    this.socket?.close();
    this.socket = null;
  }

  private again(socket: UpstreamSocket): void {
    if (this.socket !== socket || this.closed) return;
    this.socket = null;
    socket.close();
    this.retry = setTimeout(() => this.start(), retryMs);
    this.retry.unref();
  }
}
