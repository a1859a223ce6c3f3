import { randomBytes } from 'node:crypto';
import { type NodeReply, UpstreamSocket } from '@server/gateway/ws/upstream-socket';

/** Who hears a subscription's notifications: a client's session (ws-session.ts). */
export interface SubscriptionListener {
  /** A notification, already carrying the client's own subscription id. */
  notify(subscription: string, text: string): void;
  /** The node's socket is gone, and every subscription on it. */
  lost(): void;
}

/** The node's answer to a subscribe: the client's own subscription id, or the node's error as it came. */
export type SubscribeReply = { readonly kind: 'subscribed'; readonly id: string } | { readonly kind: 'error'; readonly error: unknown };

interface Live {
  readonly state: 'live';
  readonly nodeId: string;
  /** Client subscription id → its listener. */
  readonly listeners: Map<string, SubscriptionListener>;
}

interface Pending {
  readonly state: 'pending';
  readonly waiting: Array<{ listener: SubscriptionListener; reply: (reply: SubscribeReply) => void; fail: (reason: string) => void }>;
}

/** A client's subscription id: 16 random bytes in hex, as geth and anvil make theirs. */
function newSubscriptionId(): string {
  return `0x${randomBytes(16).toString('hex')}`;
}

/**
 * The notification for one client: the node's bytes with its subscription id replaced by the
 * client's. The id is found as `"subscription":"{node id}"` (a JSON string cannot hold that unescaped,
 * and nodes write it compact); a node that writes it otherwise has its message parsed and written again.
 */
export function retarget(text: string, nodeId: string, clientId: string): string {
  const field = `"subscription":"${nodeId}"`;
  const at = text.indexOf(field);
  if (at >= 0) return `${text.slice(0, at)}"subscription":"${clientId}"${text.slice(at + field.length)}`;
  const message: unknown = JSON.parse(text);
  if (typeof message !== 'object' || message === null || !('params' in message)) return text;
  const params = typeof message.params === 'object' && message.params !== null ? message.params : {};
  return JSON.stringify({ ...message, params: { ...params, subscription: clientId } });
}

/**
 * One network's subscriptions in this process, on one socket to the node: clients subscribing with
 * the same parameters share one subscription of the node, and each notification is read once and
 * handed to each of them under their own subscription id. The node keeps one subscription per kind
 * of filter instead of one per client, and reads nothing twice. When its socket drops, every listener
 * hears it (their clients are closed: nothing is lost silently) and the next subscribe opens another.
 */
export class SubscriptionHub {
  private upstream: UpstreamSocket | null = null;
  /** By the parameters' JSON. */
  private readonly byParams = new Map<string, Live | Pending>();
  /** The node's subscription id → the parameters' JSON. */
  private readonly byNodeId = new Map<string, string>();
  /** A client's subscription id → the parameters' JSON. */
  private readonly byClientId = new Map<string, string>();

  constructor(
    private readonly nodeUrl: string,
    private readonly timeoutMs: number,
  ) {}

  /** Subscribes `listener` with `params` (eth_subscribe's, already checked); `reply` hears its id or the node's error. */
  subscribe(params: unknown, listener: SubscriptionListener, reply: (reply: SubscribeReply) => void, fail: (reason: string) => void): void {
    const key = JSON.stringify(params);
    const known = this.byParams.get(key);
    if (known?.state === 'live') {
      reply({ kind: 'subscribed', id: this.attach(key, known, listener) });
      return;
    }
    if (known?.state === 'pending') {
      known.waiting.push({ listener, reply, fail });
      return;
    }
    const pending: Pending = { state: 'pending', waiting: [{ listener, reply, fail }] };
    this.byParams.set(key, pending);
    this.socket().request(
      'eth_subscribe',
      params,
      (answer) => this.confirmed(key, pending, answer),
      (reason) => {
        if (this.byParams.get(key) === pending) this.byParams.delete(key);
        for (const waiter of pending.waiting) waiter.fail(reason);
      },
    );
  }

  /** The client's subscription ends; the node's once no client holds it. False: not a live subscription. */
  unsubscribe(clientId: string): boolean {
    const key = this.byClientId.get(clientId);
    if (key === undefined) return false;
    this.byClientId.delete(clientId);
    const live = this.byParams.get(key);
    if (live?.state !== 'live') return false;
    live.listeners.delete(clientId);
    if (live.listeners.size === 0) {
      this.byParams.delete(key);
      this.byNodeId.delete(live.nodeId);
      this.upstream?.request(
        'eth_unsubscribe',
        [live.nodeId],
        () => undefined,
        () => undefined,
      );
    }
    return true;
  }

  /** Subscriptions of clients open (for tests and metrics). */
  get clients(): number {
    return this.byClientId.size;
  }

  /** Subscriptions held at the node. */
  get atNode(): number {
    return this.byNodeId.size;
  }

  close(): void {
    const upstream = this.upstream;
    this.reset();
    upstream?.close();
  }

  private socket(): UpstreamSocket {
    if (this.upstream !== null) return this.upstream;
    const upstream = new UpstreamSocket(
      this.nodeUrl,
      {
        notification: (nodeId, text) => this.notification(nodeId, text),
        closed: () => this.dropped(upstream),
      },
      this.timeoutMs,
    );
    this.upstream = upstream;
    return upstream;
  }

  private confirmed(key: string, pending: Pending, answer: NodeReply): void {
    if (this.byParams.get(key) !== pending) return;
    if (answer.kind === 'error' || typeof answer.result !== 'string') {
      this.byParams.delete(key);
      const error = answer.kind === 'error' ? answer.error : { code: -32603, message: 'The node answered eth_subscribe without an id.' };
      for (const waiter of pending.waiting) waiter.reply({ kind: 'error', error });
      return;
    }
    const live: Live = { state: 'live', nodeId: answer.result, listeners: new Map() };
    this.byParams.set(key, live);
    this.byNodeId.set(live.nodeId, key);
    for (const waiter of pending.waiting) waiter.reply({ kind: 'subscribed', id: this.attach(key, live, waiter.listener) });
  }

  private attach(key: string, live: Live, listener: SubscriptionListener): string {
    const id = newSubscriptionId();
    live.listeners.set(id, listener);
    this.byClientId.set(id, key);
    return id;
  }

  private notification(nodeId: string, text: string): void {
    const key = this.byNodeId.get(nodeId);
    const live = key === undefined ? undefined : this.byParams.get(key);
    if (live?.state !== 'live') return;
    for (const [clientId, listener] of live.listeners) listener.notify(clientId, retarget(text, nodeId, clientId));
  }

  /** The node's socket closed: every listener hears it once, and the hub starts afresh. */
  private dropped(upstream: UpstreamSocket): void {
    if (this.upstream !== upstream) return;
    const listeners = new Set<SubscriptionListener>();
    for (const entry of this.byParams.values()) {
      if (entry.state === 'live') for (const listener of entry.listeners.values()) listeners.add(listener);
    }
    this.reset();
    for (const listener of listeners) listener.lost();
  }

  private reset(): void {
    this.upstream = null;
    this.byParams.clear();
    this.byNodeId.clear();
    this.byClientId.clear();
  }
}
