import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { MAX_WEBSOCKET_MESSAGE_BYTES, WEBSOCKET_PING_SECONDS } from '@/domain/websocket-protocol';
import { checkAccess } from '@server/gateway/access-rules';
import type { AdmittedKey } from '@server/gateway/admission';
import { refusalAnswer, type GatewayAnswer } from '@server/gateway/http-answer';
import { type GatewayKey, keyEnded, plausibleKey } from '@server/gateway/key-cache';
import { endedKeyError, gatewayErrors, rpcCodes } from '@server/gateway/rpc-errors';
import type { ConnectionSlots } from '@server/gateway/ws/connection-slots';
import { SubscriptionHub } from '@server/gateway/ws/subscription-hub';
import { closeCodes } from '@server/gateway/ws/ws-codes';
import { type SessionDeps, WsSession } from '@server/gateway/ws/ws-session';
import { apiPrefix } from '@server/http/api-prefix';
import { clientAddress, type ProxyTrust } from '@server/http/client-address';
import { type Network, type NetworkInfo, toNetwork } from '@/domain/networks';

/** Unsent bytes a client may have waiting; past it the socket is closed as too slow (4000). */
export const maxBufferedBytes = 4 * 1024 * 1024;

/** How often the keys of open sockets are read again: a key deleted or an allow-list changed closes them within it. */
export const recheckIntervalMs = 1_000;

export interface WsGatewayDeps<Key extends GatewayKey & AdmittedKey, Ticket> extends Omit<SessionDeps<Key, Ticket>, 'hub'> {
  /** Each network's node WebSocket (nodeSocketUrl); null: none. */
  /** A WebSocket of the network's nodes for subscriptions, other than `failed` when there is another; null: none. */
  readonly nodeSocket: (network: Network, failed: string | null) => string | null;
  /** The networks served (a connection for another is refused). */
  readonly served: readonly NetworkInfo[];
  /** How long the node gets to answer a subscribe. */
  readonly timeoutMs: number;
  /** Connections a user keeps open at once, from the key's plan. */
  readonly connectionLimit: (key: Key) => number;
  /** Where the connections of a user are counted (connection-slots.ts). */
  readonly slots: ConnectionSlots;
  readonly trust: ProxyTrust;
}

const pathPattern = new RegExp(`^${apiPrefix}/v1/([^/?#]*)/([^/?#]*)$`);

/** The gateway path's network and key, undecoded (a key never needs escapes); null: not the gateway's path. */
function pathOf(request: IncomingMessage): RegExpExecArray | null {
  const target = request.url ?? '/';
  const end = target.search(/[?#]/);
  return pathPattern.exec(end < 0 ? target : target.slice(0, end));
}

/** An HTTP refusal of the handshake, on the raw socket: the gateway's JSON-RPC error body, then closed. */
function refuse(socket: Duplex, answer: GatewayAnswer): void {
  const body = typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : '';
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]));
}

/**
 * The gateway's WebSocket endpoint, `wss://{host}/api/v1/{network}/{apiKey}`: the HTTP URL, upgraded.
 * The handshake checks the network, the key, the allow-lists (Origin, and the client's address with
 * TRUST_PROXY as for HTTP) and the connections the plan allows; each refusal is an HTTP answer with
 * the gateway's JSON-RPC error body. Accepted sockets are WsSession's.
 * Connections are counted per user in `slots`: in this process, in the main process for its HTTP
 * workers, or in Redis for replicas, so the plan's limit holds for the user across all of them.
 */
export class WsGateway<Key extends GatewayKey & AdmittedKey, Ticket> {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_WEBSOCKET_MESSAGE_BYTES, perMessageDeflate: false });
  /** Open sockets, each with its connection slot. */
  private readonly sessions = new Map<WsSession<Key, Ticket>, string>();
  /** By slot, for the slots layer's evictions. */
  private readonly bySlot = new Map<string, WsSession<Key, Ticket>>();
  /** Each user's connection limit as last enforced here: a lower one closes the newest beyond it. */
  private readonly limits = new Map<number, number>();
  private rechecking = false;
  private readonly pinger: NodeJS.Timeout;
  private readonly rechecker: NodeJS.Timeout;
  /** Each network's subscriptions, shared by the clients of this process. */
  private readonly hubs: ReadonlyMap<Network, SubscriptionHub>;

  constructor(private readonly deps: WsGatewayDeps<Key, Ticket>) {
    const hubs = new Map<Network, SubscriptionHub>();
    for (const { name } of deps.served) {
      if (deps.nodeSocket(name, null) !== null)
        hubs.set(name, new SubscriptionHub((failed) => deps.nodeSocket(name, failed), deps.timeoutMs));
    }
    this.hubs = hubs;
    this.pinger = setInterval(() => this.ping(), WEBSOCKET_PING_SECONDS * 1000);
    this.pinger.unref();
    this.rechecker = setInterval(() => void this.recheck(), recheckIntervalMs);
    this.rechecker.unref();
    deps.slots.onRecount?.((userIds) => void this.enforce(userIds, true));
  }

  /** Whether a request is for this endpoint (a GET with Upgrade: websocket on the gateway's path). */
  handles(request: IncomingMessage): boolean {
    return pathOf(request) !== null;
  }

  /** Node's 'upgrade' event of a request `handles` said yes to. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    this.accept(request, socket, head).catch(() => refuse(socket, refusalAnswer(gatewayErrors.internal(), null)));
  }

  /** Open sockets, for tests and metrics. */
  get open(): number {
    return this.sessions.size;
  }

  /** Subscriptions of the clients, and those they share at the nodes. */
  get subscriptions(): { readonly clients: number; readonly atNodes: number } {
    let clients = 0;
    let atNodes = 0;
    for (const hub of this.hubs.values()) {
      clients += hub.clients;
      atNodes += hub.atNode;
    }
    return { clients, atNodes };
  }

  /** Bytes of subscription parameters the hubs keep for the open connections (each at most MAX_SUBSCRIPTION_BYTES_PER_CONNECTION). */
  get subscriptionBytes(): number {
    let bytes = 0;
    for (const session of this.sessions.keys()) bytes += this.hubs.get(session.caller.network)?.bytesHeld(session.listener) ?? 0;
    return bytes;
  }

  /**
   * Closes every socket (1001) and stops the timers: the server is shutting down. A client that does
   * not answer the close within `graceMs` is cut, so the server's own close never waits on it.
   */
  async close(graceMs = 1_000): Promise<void> {
    clearInterval(this.pinger);
    clearInterval(this.rechecker);
    for (const session of this.sessions.keys()) session.close(closeCodes.goingAway);
    const clients = [...this.server.clients];
    const closed = Promise.all(
      clients.map((client) => (client.readyState === client.CLOSED ? undefined : new Promise((resolve) => client.once('close', resolve)))),
    );
    const cut = setTimeout(() => {
      for (const client of clients) client.terminate();
    }, graceMs);
    await closed;
    clearTimeout(cut);
    for (const hub of this.hubs.values()) hub.close();
    this.server.close();
  }

  private async accept(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const [, rawNetwork = '', apiKey = ''] = pathOf(request) ?? [];
    const network = toNetwork(rawNetwork, this.deps.served);
    if (network === null) return refuse(socket, refusalAnswer(gatewayErrors.unknownNetwork(rawNetwork, this.deps.served), null));
    if (!plausibleKey.test(apiKey)) return refuse(socket, refusalAnswer(gatewayErrors.invalidKey(), null));
    const { keys } = this.deps;
    let key = keys.peek(apiKey);
    if (key === undefined) key = await keys.get(apiKey);
    if (key === null) return refuse(socket, refusalAnswer(gatewayErrors.invalidKey(), null));
    const ended = keyEnded(key, this.deps.now());
    if (ended !== null) return refuse(socket, refusalAnswer(endedKeyError(key, ended), null));
    const origin = request.headers.origin;
    const clientIp = clientAddress(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], this.deps.trust);
    const refusal = checkAccess(key.access, origin, clientIp);
    if (refusal !== null) return refuse(socket, refusalAnswer(gatewayErrors.notAllowed(refusal, key.access.own.has(refusal)), null));
    const limit = this.deps.connectionLimit(key);
    // Taken before the handshake ends: a burst of handshakes cannot pass the limit together.
    const slot = await this.deps.slots.take(key.userId, limit);
    if (slot === null) {
      const message = `Too many WebSocket connections: your plan allows ${limit} open at once. Close one first, or upgrade your plan.`;
      return refuse(socket, refusalAnswer({ status: 429, code: rpcCodes.limitExceeded, message }, null));
    }
    if (socket.destroyed) {
      this.deps.slots.release(slot);
      return;
    }
    // A handshake ws refuses (a missing Sec-WebSocket-Key...) closes the socket and frees the slot.
    let accepted = false;
    socket.once('close', () => {
      if (!accepted) this.deps.slots.release(slot);
    });
    this.server.handleUpgrade(request, socket, head, (client) => {
      accepted = true;
      const session = new WsSession(client, { network, apiKey, origin, clientIp }, key, this.sessionDeps(network), (ended) => {
        this.sessions.delete(ended);
        this.bySlot.delete(slot);
        this.deps.slots.release(slot);
      });
      this.sessions.set(session, slot);
      this.bySlot.set(slot, session);
      if (!this.limits.has(key.userId)) this.limits.set(key.userId, limit);
    });
  }

  private sessionDeps(network: Network): SessionDeps<Key, Ticket> {
    return { ...this.deps, hub: this.hubs.get(network) ?? null };
  }

  private ping(): void {
    for (const session of this.sessions.keys()) {
      if (!session.alive) {
        session.close(closeCodes.idle);
        continue;
      }
      session.alive = false;
      session.client.ping();
    }
  }

  /** The keys of open sockets read again, then the plans' connection limits applied (one run at a time). */
  private async recheck(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      await Promise.all([...this.sessions.keys()].map((session) => session.recheck().catch(() => undefined)));
      await this.enforceConnectionLimits();
    } finally {
      this.rechecking = false;
    }
  }

  /**
   * A user whose plan now allows fewer connections than when last enforced here (a downgrade, read
   * with the keys) gets the newest beyond the new limit closed (4002): slots.beyond knows the order
   * of opening across every process, so each process closes its own of those. Until slots answers
   * (Redis away) the old limit stays, and the next run tries again.
   */
  private async enforceConnectionLimits(): Promise<void> {
    const users = new Set<number>();
    for (const session of this.sessions.keys()) users.add(session.userId);
    for (const userId of this.limits.keys()) if (!users.has(userId)) this.limits.delete(userId);
    await this.enforce(users, false);
  }

  /**
   * `userIds`' connections against their plans' limits (each user's lowest among its open sockets'
   * keys): those of this process beyond it are closed, newest first (4002). `always`: asked even when
   * the limit did not drop (their count grew behind this process's back).
   */
  private async enforce(userIds: Iterable<number>, always: boolean): Promise<void> {
    const byUser = new Map<number, number>();
    const wanted = new Set(userIds);
    for (const session of this.sessions.keys()) {
      const { userId } = session;
      if (!wanted.has(userId)) continue;
      const limit = this.deps.connectionLimit(session.currentKey);
      byUser.set(userId, Math.min(limit, byUser.get(userId) ?? limit));
    }
    for (const [userId, limit] of byUser) {
      const before = this.limits.get(userId) ?? limit;
      if (limit >= before && !always) {
        this.limits.set(userId, limit);
        continue;
      }
      try {
        for (const slot of await this.deps.slots.beyond(userId, limit)) this.bySlot.get(slot)?.close(closeCodes.overConnectionLimit);
        this.limits.set(userId, limit);
      } catch {
        // Tried again at the next recheck.
      }
    }
  }
}
