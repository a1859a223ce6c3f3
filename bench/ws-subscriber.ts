import { performance } from 'node:perf_hooks';
import WebSocket, { type RawData } from 'ws';
import type { Heard } from './ws-delivery';

/** One WebSocket with one newHeads subscription, noting each block's number and arrival time. */
export interface Subscriber extends Heard {
  /** What went wrong after the subscription: the socket closed before close() (code, reason), or an unexpected message; null if nothing. */
  readonly lostWith: () => string | null;
  close(): Promise<void>;
}

const notificationMark = Buffer.from('"eth_subscription"');
const numberMark = Buffer.from('"number":"0x');
const quote = '"'.charCodeAt(0);

/**
 * The block number of a newHeads notification, read off the bytes (no JSON.parse: 400 sockets
 * hear each block at once, and what this process spends on each shows up as delay of the next);
 * null when it is not a notification. A header spelled otherwise than anvil's compact JSON is parsed.
 */
export function blockNumberOf(data: Buffer): number | null {
  if (data.indexOf(notificationMark) < 0) return null;
  const at = data.indexOf(numberMark);
  if (at >= 0) {
    const start = at + numberMark.length;
    const end = data.indexOf(quote, start);
    if (end > start) return Number.parseInt(data.toString('latin1', start, end), 16);
  }
  const message: unknown = JSON.parse(data.toString('utf8'));
  const result: unknown = Reflect.get(Reflect.get(Reflect.get(Object(message), 'params') ?? {}, 'result') ?? {}, 'number');
  return typeof result === 'string' ? Number.parseInt(result, 16) : null;
}

function bufferOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** Opens `url`, subscribes to newHeads and resolves once the subscription is confirmed. */
export function subscribeNewHeads(url: string, timeoutMs = 10_000): Promise<Subscriber> {
  const blocks: number[] = [];
  const times: number[] = [];
  // UTF-8 checks of every frame cost this process time it would rather spend reading the next one.
  const socket = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
  let closing = false;
  let lost: string | null = null;
  socket.on('close', (code, reason) => {
    if (!closing) lost ??= `closed ${code} ${reason.toString('utf8')}`.trim();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`${url}: no subscription within ${timeoutMs} ms`));
    }, timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(new Error(`${url}: ${error.message}`));
    };
    socket.once('error', fail);
    socket.once('unexpected-response', (_request, response) => fail(new Error(`the handshake was answered ${response.statusCode}`)));
    socket.once('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })));
    let subscribed = false;
    socket.on('message', (data) => {
      // The time first: whatever follows is this process's work, not the network's.
      const time = performance.now();
      const buffer = bufferOf(data);
      const block = blockNumberOf(buffer);
      if (block !== null) {
        blocks.push(block);
        times.push(time);
        return;
      }
      const text = buffer.toString('utf8');
      if (subscribed) {
        // Anything else after the subscription (a quota error before a close, say) is worth reporting.
        lost ??= `unexpected message: ${text.slice(0, 200)}`;
        return;
      }
      const answer: unknown = JSON.parse(text);
      if (typeof Reflect.get(Object(answer), 'result') !== 'string') {
        fail(new Error(`eth_subscribe was answered ${text.slice(0, 300)}`));
        return;
      }
      subscribed = true;
      clearTimeout(timer);
      socket.off('error', fail);
      socket.on('error', () => undefined);
      resolve({
        blocks,
        times,
        lostWith: () => lost,
        close: () =>
          new Promise((closed) => {
            closing = true;
            if (socket.readyState === WebSocket.CLOSED) {
              closed();
              return;
            }
            socket.once('close', () => closed());
            socket.close();
            setTimeout(() => socket.terminate(), 1_000).unref();
          }),
      });
    });
  });
}
