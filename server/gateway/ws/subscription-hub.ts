import { randomBytes } from 'node:crypto';
import { MAX_SUBSCRIPTION_BYTES_PER_CONNECTION } from '@/domain/websocket-protocol';
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
  /** The node's id for it: a new one after the hub subscribes again on another node. */
  nodeId: string;
  /** Client subscription id → its listener. */
  readonly listeners: Map<string, SubscriptionListener>;
  /** newHeads only: the block number last handed on, so that each block is told once, in order, across nodes. */
  lastHead: number | null;
  /** newHeads only: notifications waiting while the blocks missed during a change of node are fetched. */
  queue: Promise<void> | null;
}

interface Pending {
  readonly state: 'pending';
  readonly waiting: Array<{ hold: Hold; reply: (reply: SubscribeReply) => void; fail: (reason: string) => void }>;
}

/**
 * Room for one subscription's parameters among what the hub keeps for a listener (hold()): given
 * back when the subscription fails or ends, or with drop() when it is not made after all.
 */
export interface Hold {
  readonly listener: SubscriptionListener;
  /** The parameters' JSON: the hub's key for them, and what the node is sent (the parsed value is not kept). */
  readonly key: string;
  readonly bytes: number;
}

/** Blocks a newHeads subscription fetches to fill a gap after a change of node, at most (older ones are skipped). */
const maxGapFilled = 64;

/** The block number of a newHeads notification (its header's "number"), or null. */
export function headNumber(text: string): number | null {
  const match = /"number":"(0x[0-9a-fA-F]{1,14})"/.exec(text);
  return match?.[1] === undefined ? null : Number.parseInt(match[1], 16);
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
 * of filter instead of one per client, and reads nothing twice. When its socket drops, the hub
 * subscribes again on another node of the network (dropped()); newHeads subscribers get each block
 * once, in order, the ones missed meanwhile fetched. Only when no node takes them back do listeners
 * hear it (their clients are closed: nothing is lost silently).
 * What it keeps for one client's connection is bounded: the parameters' bytes (hold()), at most
 * maxBytesPerListener together, whatever filters the client sends.
 */
export class SubscriptionHub {
  private upstream: UpstreamSocket | null = null;
  /** By the parameters' JSON. */
  private readonly byParams = new Map<string, Live | Pending>();
  /** The node's subscription id → the parameters' JSON. */
  private readonly byNodeId = new Map<string, string>();
  /** A client's subscription id → its hold (the parameters' JSON, and whose). */
  private readonly byClientId = new Map<string, Hold>();
  /** Holds not given back yet, and their bytes by listener. */
  private readonly holds = new Set<Hold>();
  private readonly bytesByListener = new Map<SubscriptionListener, number>();

  /** The node's WebSocket the hub's socket is on (null: none open). */
  private url: string | null = null;
  /** Changes of node in a row with no subscription confirmed since: past the nodes' count, subscribers hear the loss. */
  private failovers = 0;

  constructor(
    /** A node's WebSocket to use, other than `failed` when there is another; null: none. */
    private readonly nodeUrl: (failed: string | null) => string | null,
    private readonly timeoutMs: number,
    /** How many changes of node in a row are tried before subscribers hear that their subscriptions are lost. */
    private readonly maxFailovers = 3,
    /** Bytes of parameters (their JSON) kept for one listener, a client's connection, at most. */
    readonly maxBytesPerListener = MAX_SUBSCRIPTION_BYTES_PER_CONNECTION,
  ) {}

  /**
   * Room for `params` (eth_subscribe's, already checked) among what the hub keeps for `listener`,
   * taken now so that subscribes waiting for their admission count; null: past maxBytesPerListener.
   * Each subscription counts its parameters' bytes, shared with other clients or not.
   */
  hold(listener: SubscriptionListener, params: unknown): Hold | null {
    const key = JSON.stringify(params);
    const bytes = Buffer.byteLength(key);
    const held = this.bytesHeld(listener);
    if (held + bytes > this.maxBytesPerListener) return null;
    const hold: Hold = { listener, key, bytes };
    this.holds.add(hold);
    this.bytesByListener.set(listener, held + bytes);
    return hold;
  }

  /** A hold given back (its subscription failed, ended or was not made); a second time does nothing. */
  drop(hold: Hold): void {
    if (!this.holds.delete(hold)) return;
    const left = this.bytesHeld(hold.listener) - hold.bytes;
    if (left > 0) this.bytesByListener.set(hold.listener, left);
    else this.bytesByListener.delete(hold.listener);
  }

  /** Bytes of parameters kept for `listener` (its subscriptions and those waiting). */
  bytesHeld(listener: SubscriptionListener): number {
    return this.bytesByListener.get(listener) ?? 0;
  }

  /** Subscribes with `hold`'s parameters for its listener; `reply` hears its id or the node's error. */
  subscribe(hold: Hold, reply: (reply: SubscribeReply) => void, fail: (reason: string) => void): void {
    const { key } = hold;
    const known = this.byParams.get(key);
    if (known?.state === 'live') {
      reply({ kind: 'subscribed', id: this.attach(known, hold) });
      return;
    }
    if (known?.state === 'pending') {
      known.waiting.push({ hold, reply, fail });
      return;
    }
    const pending: Pending = { state: 'pending', waiting: [{ hold, reply, fail }] };
    this.byParams.set(key, pending);
    const socket = this.socket();
    const failed = (reason: string) => {
      if (this.byParams.get(key) === pending) this.byParams.delete(key);
      for (const waiter of pending.waiting) {
        this.drop(waiter.hold);
        waiter.fail(reason);
      }
    };
    if (socket === null) {
      failed('the network has no node to subscribe on');
      return;
    }
    socket.request(
      'eth_subscribe',
      JSON.parse(key),
      (answer) => this.confirmed(key, pending, answer),
      (reason) => {
        if (this.byParams.get(key) === pending) this.byParams.delete(key);
        for (const waiter of pending.waiting) {
          this.drop(waiter.hold);
          waiter.fail(reason);
        }
      },
    );
  }

  /** The client's subscription ends; the node's once no client holds it. False: not a live subscription. */
  unsubscribe(clientId: string): boolean {
    const hold = this.byClientId.get(clientId);
    if (hold === undefined) return false;
    this.byClientId.delete(clientId);
    this.drop(hold);
    const { key } = hold;
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

  private socket(url = this.nodeUrl(null)): UpstreamSocket | null {
    if (this.upstream !== null) return this.upstream;
    if (url === null) return null;
    this.url = url;
    const upstream = new UpstreamSocket(
      url,
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
      for (const waiter of pending.waiting) {
        this.drop(waiter.hold);
        waiter.reply({ kind: 'error', error });
      }
      return;
    }
    this.failovers = 0;
    const live: Live = { state: 'live', nodeId: answer.result, listeners: new Map(), lastHead: null, queue: null };
    this.byParams.set(key, live);
    this.byNodeId.set(live.nodeId, key);
    for (const waiter of pending.waiting) waiter.reply({ kind: 'subscribed', id: this.attach(live, waiter.hold) });
  }

  private attach(live: Live, hold: Hold): string {
    const id = newSubscriptionId();
    live.listeners.set(id, hold.listener);
    this.byClientId.set(id, hold);
    return id;
  }

  private notification(nodeId: string, text: string): void {
    const key = this.byNodeId.get(nodeId);
    const live = key === undefined ? undefined : this.byParams.get(key);
    if (live?.state !== 'live') return;
    if (!key?.startsWith('["newHeads"')) {
      this.tell(live, text);
      return;
    }
    const number = headNumber(text);
    if (number === null) {
      this.tell(live, text);
      return;
    }
    if (live.queue === null && (live.lastHead === null || number === live.lastHead + 1)) {
      live.lastHead = number;
      this.tell(live, text);
      return;
    }
    // A block already told (from the node before), or one after a gap: in order, once each.
    this.enqueue(live, () => this.catchUp(live, number, text));
  }

  /** Runs `step` after the newHeads steps already waiting for `live`. */
  private enqueue(live: Live, step: () => Promise<void>): void {
    const next = (live.queue ?? Promise.resolve()).then(step);
    live.queue = next;
    void next.finally(() => {
      if (live.queue === next) live.queue = null;
    });
  }

  /** Tells the blocks from the last one told up to the node's head. */
  private async catchUpToHead(live: Live): Promise<void> {
    const head = await this.header('latest');
    if (head === null || typeof head !== 'object' || !('number' in head) || typeof head.number !== 'string') return;
    const number = Number.parseInt(head.number, 16);
    if (live.lastHead === null || number <= live.lastHead) return;
    await this.catchUp(
      live,
      number,
      JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: live.nodeId, result: head } }),
    );
  }

  private tell(live: Live, text: string): void {
    for (const [clientId, listener] of live.listeners) listener.notify(clientId, retarget(text, live.nodeId, clientId));
  }

  /** Tells the blocks between the last one told and `number` (fetched from the node), then `text`, block `number`'s own. */
  private async catchUp(live: Live, number: number, text: string): Promise<void> {
    if (live.lastHead !== null && number <= live.lastHead) return;
    const from = live.lastHead === null ? number : Math.max(live.lastHead + 1, number - maxGapFilled);
    for (let missing = from; missing < number; missing += 1) {
      const header = await this.header(missing);
      if (header === null) break;
      live.lastHead = missing;
      this.tell(
        live,
        JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: live.nodeId, result: header } }),
      );
    }
    live.lastHead = number;
    this.tell(live, text);
  }

  /** Block `number`'s header (or the latest's) from the node, as newHeads tells one; null when it gives none. */
  private header(number: number | 'latest'): Promise<unknown> {
    const socket = this.upstream;
    if (socket === null) return Promise.resolve(null);
    return new Promise((resolve) => {
      socket.request(
        'eth_getBlockByNumber',
        [number === 'latest' ? number : `0x${number.toString(16)}`, false],
        (reply) => {
          if (reply.kind !== 'result' || typeof reply.result !== 'object' || reply.result === null) return resolve(null);
          // newHeads tells a header: the block without its transactions and uncles.
          resolve(Object.fromEntries(Object.entries(reply.result).filter(([name]) => name !== 'transactions' && name !== 'uncles')));
        },
        () => resolve(null),
      );
    });
  }

  /**
   * The node's socket closed: the hub subscribes again, with the same parameters, on another node
   * (or the same one, reconnected), and clients keep their subscription ids. Subscribers hear the
   * loss only when no node takes the subscriptions back.
   */
  private dropped(upstream: UpstreamSocket): void {
    if (this.upstream !== upstream) return;
    const failed = this.url;
    this.upstream = null;
    this.url = null;
    this.byNodeId.clear();
    const lives = [...this.byParams.entries()].filter((entry): entry is [string, Live] => entry[1].state === 'live');
    this.failovers += 1;
    const socket = this.failovers > this.maxFailovers ? null : this.socket(this.nodeUrl(failed));
    if (socket === null) {
      this.lose(lives);
      return;
    }
    for (const [key, live] of lives) {
      const lost = () => {
        if (this.byParams.get(key) === live) this.lose([[key, live]]);
      };
      socket.request(
        'eth_subscribe',
        JSON.parse(key),
        (answer) => {
          if (this.byParams.get(key) !== live) return;
          if (answer.kind === 'error' || typeof answer.result !== 'string') return lost();
          this.failovers = 0;
          live.nodeId = answer.result;
          this.byNodeId.set(live.nodeId, key);
          // Blocks made while no node was subscribed: told now, not at the next block.
          if (key.startsWith('["newHeads"')) this.enqueue(live, () => this.catchUpToHead(live));
        },
        lost,
      );
    }
  }

  /** Subscriptions no node took back: their listeners hear it once (their clients are closed), and what they held goes. */
  private lose(lives: ReadonlyArray<readonly [string, Live]>): void {
    const listeners = new Set<SubscriptionListener>();
    for (const [key, live] of lives) {
      for (const [clientId, listener] of live.listeners) {
        listeners.add(listener);
        const hold = this.byClientId.get(clientId);
        this.byClientId.delete(clientId);
        if (hold !== undefined) this.drop(hold);
      }
      this.byParams.delete(key);
    }
    for (const listener of listeners) listener.lost();
  }

  private reset(): void {
    this.upstream = null;
    this.url = null;
    this.byParams.clear();
    this.byNodeId.clear();
    this.byClientId.clear();
    this.holds.clear();
    this.bytesByListener.clear();
  }
}
