import WebSocket, { type RawData } from 'ws';

/** A node's answer to one request sent on its socket: the result, or its JSON-RPC error object as it came. */
export type NodeReply = { readonly kind: 'result'; readonly result: unknown } | { readonly kind: 'error'; readonly error: unknown };

/** Largest message taken from a node (a notification or an answer); a larger one closes its socket. */
export const maxNodeMessageBytes = 16 * 1024 * 1024;

export interface UpstreamSocketEvents {
  /** A subscription's notification, `text` exactly as the node sent it (the client gets these bytes). */
  notification(subscription: string, text: string): void;
  /** The socket is gone (the node closed it, or it failed): every subscription on it is lost. */
  closed(reason: string): void;
}

interface Waiting {
  readonly reply: (reply: NodeReply) => void;
  readonly fail: (reason: string) => void;
  readonly timer: NodeJS.Timeout;
}

/** The WebSocket URL of a node: its own (ws in NETWORKS_FILE, UPSTREAM_{NETWORK}_WS_URL), else its HTTP URL on ws:// or wss:// (anvil serves both on one port). */
export function nodeSocketUrl(wsUrl: string | null, httpUrl: string): string {
  return wsUrl ?? httpUrl.replace(/^http(s?):/, 'ws$1:');
}

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** What a node's message is: an answer to one of ours (by id), a notification, or neither. */
function readNodeMessage(text: string): { id: number; reply: NodeReply } | { subscription: string } | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  if ('method' in message && message.method === 'eth_subscription' && 'params' in message) {
    const params = message.params;
    if (typeof params === 'object' && params !== null && 'subscription' in params && typeof params.subscription === 'string') {
      return { subscription: params.subscription };
    }
    return null;
  }
  if (!('id' in message) || typeof message.id !== 'number') return null;
  if ('error' in message) return { id: message.id, reply: { kind: 'error', error: message.error } };
  return { id: message.id, reply: { kind: 'result', result: 'result' in message ? message.result : null } };
}

/**
 * One client connection's socket to the node: requests go with ids of its own and their answers come
 * back by id; notifications go to `events` in the order the node sent them. One per client socket,
 * so the node's subscription ids are the client's too (never shared between two clients).
 * Answers are handed over synchronously, inside the message event: a subscription the node confirms
 * is known before the node's next message, its first notification, is read.
 */
export class UpstreamSocket {
  private readonly socket: WebSocket;
  private readonly waiting = new Map<number, Waiting>();
  private lastId = 0;
  private gone: string | null = null;

  constructor(
    url: string,
    private readonly events: UpstreamSocketEvents,
    private readonly timeoutMs: number,
  ) {
    this.socket = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false, maxPayload: maxNodeMessageBytes });
    this.socket.on('message', (data) => this.read(textOf(data)));
    this.socket.on('error', (error) => this.end(`the node's WebSocket failed (${error.message})`));
    this.socket.on('close', (code) => this.end(`the node closed its WebSocket (${code})`));
  }

  /** Sends `method` with `params`; `reply` hears the node's answer, `fail` why none came. */
  request(method: string, params: unknown, reply: (reply: NodeReply) => void, fail: (reason: string) => void): void {
    if (this.gone !== null) {
      fail(this.gone);
      return;
    }
    this.lastId += 1;
    const id = this.lastId;
    const timer = setTimeout(() => {
      this.waiting.delete(id);
      fail(`the node did not answer within ${this.timeoutMs} ms`);
    }, this.timeoutMs);
    this.waiting.set(id, { reply, fail, timer });
    const text = JSON.stringify({ jsonrpc: '2.0', id, method, params });
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    else this.socket.once('open', () => this.socket.send(text));
  }

  close(): void {
    this.end('closed');
    this.socket.terminate();
  }

  private read(text: string): void {
    const message = readNodeMessage(text);
    if (message === null) return;
    if ('subscription' in message) {
      this.events.notification(message.subscription, text);
      return;
    }
    const waiting = this.waiting.get(message.id);
    if (waiting === undefined) return;
    this.waiting.delete(message.id);
    clearTimeout(waiting.timer);
    waiting.reply(message.reply);
  }

  private end(reason: string): void {
    if (this.gone !== null) return;
    this.gone = reason;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.fail(reason);
    }
    this.waiting.clear();
    if (reason !== 'closed') this.events.closed(reason);
  }
}
