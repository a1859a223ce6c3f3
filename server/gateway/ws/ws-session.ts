import type { Readable } from 'node:stream';
import type WebSocket from 'ws';
import type { RawData } from 'ws';
import { CREDITS_PER_NOTIFICATION, creditsFor } from '@/domain/credits';
import { subscribeVerdict } from '@/domain/rpc-subscriptions';
import { checkAccess } from '@server/gateway/access-rules';
import { checkSubscription, subscriptionContracts } from '@server/gateway/call-rules';
import type { Admission, Admit, AdmittedKey } from '@server/gateway/admission';
import { admissionRefusal, type CallRecords, type KnownCall } from '@server/gateway/call-records';
import type { KeySource, RpcHandler } from '@server/gateway/gateway';
import { refusalAnswer, type GatewayAnswer } from '@server/gateway/http-answer';
import { parsePayload, rpcErrorBody, type RpcId, type RpcPayload } from '@server/gateway/json-rpc';
import { keyEnded, type GatewayKey } from '@server/gateway/key-cache';
import { gatewayErrors, rpcCodes, type GatewayError } from '@server/gateway/rpc-errors';
import { MAX_PINGS_PER_SECOND } from '@/domain/websocket-protocol';
import { closeCodes, type CloseReason } from '@server/gateway/ws/ws-codes';
import type { SubscribeReply, SubscriptionHub, SubscriptionListener } from '@server/gateway/ws/subscription-hub';
import type { Network } from '@/domain/networks';

/** JSON-RPC 2.0's "invalid params", the code of a refused eth_subscribe. */
const invalidParams = -32602;

/** Requests of one connection at the node at once; past it the connection's frames wait unread. */
export const maxInFlight = 64;

/** Largest answer sent as one message (a node's answer streamed to the gateway is read whole first). */
export const maxAnswerBytes = 16 * 1024 * 1024;

/** Notifications waiting for their credits at once; past it the client is too slow (closeCodes.tooSlow). */
const maxQueuedNotifications = 1024;

/** A client that does not answer the server's close within this is cut: what it has not read is freed. */
export const closeGraceMs = 1_000;

export interface SessionDeps<Key extends GatewayKey & AdmittedKey, Ticket> {
  /** The HTTP gateway: every request but a subscription's goes through it, as over HTTP. */
  readonly handler: RpcHandler;
  readonly keys: KeySource<Key>;
  readonly admission: Admission<Key, Ticket>;
  /** The HTTP gateway's records (Gateway.records): a subscription method is metered, logged, told and paced as any call. */
  readonly records: CallRecords<Key>;
  /** Epoch ms (the app's clock). */
  readonly now: () => number;
  /** This network's subscriptions on the node's WebSocket; null: none configured (subscriptions are refused). */
  readonly hub: SubscriptionHub | null;
  /** Subscriptions one connection may hold, from the key's plan. */
  readonly subscriptionLimit: (key: Key) => number;
  /** Unsent bytes a client may have waiting before it is closed as too slow. */
  readonly maxBufferedBytes: number;
}

export interface SessionCaller {
  readonly network: Network;
  readonly apiKey: string;
  readonly origin: string | undefined;
  readonly clientIp: string;
}

function bufferOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** A gateway answer's body as one message's text, or null past maxAnswerBytes. */
async function wholeBody(body: Buffer | Readable | string): Promise<Buffer | string | null> {
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxAnswerBytes) {
      body.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** A single call's params (parsePayload has checked the envelope and read its id). */
function paramsOf(body: Buffer): unknown {
  const message: unknown = JSON.parse(body.toString('utf8'));
  return typeof message === 'object' && message !== null && 'params' in message ? message.params : undefined;
}

/** A cheap first look: only a frame naming a subscription method is read twice. */
function mayNameSubscriptions(body: Buffer): boolean {
  return body.includes('eth_subscribe') || body.includes('eth_unsubscribe');
}

/**
 * One client's WebSocket on the gateway (server/gateway/ws/ws-gateway.ts accepted it). Requests go
 * through the HTTP gateway (same checks, credits and answers as over HTTP); eth_subscribe and
 * eth_unsubscribe go to the node's own socket (UpstreamSocket), one per client connection, opened
 * when first needed. Each notification costs CREDITS_PER_NOTIFICATION, checked against the quota (no
 * rate token) before it is sent and charged once the socket has taken it: charged, metered and
 * delivered agree, whatever closes first.
 */
export class WsSession<Key extends GatewayKey & AdmittedKey, Ticket> {
  /** The subscriptions held, each with the contracts it addresses (the key's rules are checked again on a change). */
  private readonly subscriptions = new Map<string, readonly string[] | null>();
  private pendingSubscribes = 0;
  /** Who hears this connection's notifications: what the hub keeps for the connection is counted by it. */
  readonly listener: SubscriptionListener = {
    notify: (subscription, text) => this.notify(subscription, text),
    lost: () => this.close(closeCodes.upstreamClosed),
  };
  private inFlight = 0;
  private queued = 0;
  private deliveries: Promise<void> = Promise.resolve();
  private ended = false;
  private pings = { second: 0, count: 0 };
  /** Whether a pong came since the last ping (ws-gateway.ts pings every open socket). */
  alive = true;

  constructor(
    readonly client: WebSocket,
    readonly caller: SessionCaller,
    private key: Key,
    private readonly deps: SessionDeps<Key, Ticket>,
    private readonly onEnd: (session: WsSession<Key, Ticket>) => void,
  ) {
    client.on('message', (data) => this.read(bufferOf(data)));
    client.on('pong', () => {
      this.alive = true;
    });
    client.on('ping', () => this.pinged());
    client.on('close', () => this.end());
    client.on('error', () => this.end());
  }

  get userId(): number {
    return this.key.userId;
  }

  /**
   * Closes with `why` (ws-codes.ts); what was not sent is not charged. A client that does not answer
   * the close within closeGraceMs (one that does not read, above all) is cut then, so its unread
   * data does not stay in memory for ws's 30 s.
   */
  close(why: CloseReason): void {
    if (this.ended) return;
    this.client.close(why.code, why.reason);
    const cut = setTimeout(() => this.client.terminate(), closeGraceMs);
    cut.unref();
    this.client.once('close', () => clearTimeout(cut));
    this.end();
  }

  /** Whether the client has more unsent data waiting than it may; if so it is closed as too slow. */
  private tooSlow(): boolean {
    if (this.client.bufferedAmount <= this.deps.maxBufferedBytes) return false;
    this.close(closeCodes.tooSlow);
    return true;
  }

  /** ws answers each ping with a pong by itself: a flood of them is bounded like any other sending. */
  private pinged(): void {
    const second = Math.floor(this.deps.now() / 1000);
    if (second !== this.pings.second) this.pings = { second, count: 0 };
    this.pings.count += 1;
    if (this.pings.count > MAX_PINGS_PER_SECOND) this.close(closeCodes.pingFlood);
    else this.tooSlow();
  }

  /** The key again from the cache (a plan change applies at once); closed when deleted, ended or no longer allowed. */
  async recheck(): Promise<void> {
    const { keys } = this.deps;
    let key = keys.peek(this.caller.apiKey);
    if (key === undefined) key = await keys.get(this.caller.apiKey);
    if (this.ended) return;
    const gone = key === null || keyEnded(key, this.deps.now()) !== null;
    if (key === null || gone || checkAccess(key.access, this.caller.origin, this.caller.clientIp) !== null) {
      this.close(closeCodes.keyRevoked);
      return;
    }
    this.key = key;
    // Rules changed since a subscription was taken: the client reconnects and subscribes to what they allow.
    for (const contracts of this.subscriptions.values()) {
      if (checkSubscription(key.access.calls, contracts) !== null) {
        this.close(closeCodes.keyRevoked);
        return;
      }
    }
    // A plan lowered below what this connection holds: the client reconnects and subscribes to what fits.
    if (this.subscriptions.size + this.pendingSubscribes > this.deps.subscriptionLimit(key)) this.close(closeCodes.overSubscriptionLimit);
  }

  /** The key as last read (a plan change included). */
  get currentKey(): Key {
    return this.key;
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const subscription of this.subscriptions.keys()) this.deps.hub?.unsubscribe(subscription);
    this.subscriptions.clear();
    this.onEnd(this);
  }

  private send(text: Buffer | string): void {
    if (!this.ended && !this.tooSlow()) this.client.send(text, { binary: false });
  }

  private sendError(id: RpcId, problem: GatewayError): void {
    this.send(rpcErrorBody(id, problem.code, problem.message, problem.data));
  }

  private read(body: Buffer): void {
    if (this.ended) return;
    if (mayNameSubscriptions(body)) {
      const parsed = parsePayload(body);
      if (parsed.ok) {
        const { payload } = parsed;
        const named = payload.methods.some((method) => method === 'eth_subscribe' || method === 'eth_unsubscribe');
        if (named && payload.batch) {
          this.sendError(null, gatewayErrors.invalid('eth_subscribe and eth_unsubscribe are sent alone, not in a batch'));
          return;
        }
        if (named) {
          const known = this.known(body, payload);
          if (payload.methods[0] === 'eth_subscribe') this.subscribe(known, paramsOf(body));
          else this.unsubscribe(known, paramsOf(body));
          return;
        }
      }
    }
    this.forward(body);
  }

  /** A request through the HTTP gateway; its answer (or refusal) as one text message. */
  private forward(body: Buffer): void {
    this.inFlight += 1;
    if (this.inFlight === maxInFlight) this.client.pause();
    const { network, apiKey, origin, clientIp } = this.caller;
    this.deps.handler
      .call({ network, apiKey, body, origin, clientIp, transport: 'websocket' })
      .then((answer) => wholeBody(answer.body))
      .then(
        (text) => this.send(text ?? rpcErrorBody(null, rpcCodes.internalError, `The answer is larger than ${maxAnswerBytes} bytes.`)),
        () => this.sendError(null, gatewayErrors.internal()),
      )
      .finally(() => {
        this.inFlight -= 1;
        if (this.inFlight === maxInFlight - 1) this.client.resume();
      });
  }

  /** A frame this session serves itself, as the gateway's records know a call. */
  private known(body: Buffer, payload: RpcPayload): KnownCall<Key> {
    const { network, apiKey, origin, clientIp } = this.caller;
    return {
      call: { network, apiKey, body, origin, clientIp, transport: 'websocket' },
      key: this.key,
      network,
      payload,
      nowMs: this.deps.now(),
    };
  }

  /** A gateway answer's text as one message, once it is due (a paced refusal waits). */
  private reply(answer: GatewayAnswer | Promise<GatewayAnswer>): void {
    if (answer instanceof Promise) {
      void answer.then((due) => this.reply(due));
      return;
    }
    if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) this.send(answer.body);
  }

  /**
   * Admits the call's method as one call of the key, then `go` with its ticket (sync when the
   * admission is); `notGone` instead when it does not go (refused by the quota or the rate, the
   * admission failed, or the session ended meanwhile), so what was held for it is given back. A
   * refusal is answered as Gateway.call answers it; a key gone meanwhile also closes the socket.
   */
  private admitted(known: KnownCall<Key>, go: (ticket: Ticket) => void, notGone: () => void = () => undefined): void {
    const credits = creditsFor(known.payload.methods[0] ?? '');
    const admit = this.deps.admission.admit(this.key, credits, 1, known.nowMs);
    const decide = (answer: Admit<Ticket>) => {
      if (this.ended) {
        if (answer.kind === 'admitted') this.deps.admission.settle(answer.ticket, false);
        notGone();
        return;
      }
      if (answer.kind === 'admitted') {
        go(answer.ticket);
        return;
      }
      notGone();
      this.reply(this.deps.records.refusedAdmission(known, answer));
      if (answer.kind === 'unknownKey') this.close(closeCodes.keyRevoked);
    };
    if (admit instanceof Promise) {
      admit.then(decide, () => {
        notGone();
        this.sendError(known.payload.id, gatewayErrors.internal());
      });
    } else decide(admit);
  }

  /** A subscription method the node answered: charged as a call answered, its answer with the client's id. */
  private answered(known: KnownCall<Key>, ticket: Ticket, answer: { result: unknown } | { error: unknown }): void {
    this.deps.admission.settle(ticket, true);
    const text = JSON.stringify({ jsonrpc: '2.0', id: known.payload.id, ...answer });
    this.reply(
      this.deps.records.ended(known, {
        outcome: 'answered',
        answer: { status: 200, headers: {}, body: text },
        latencyMs: null,
        charged: true,
      }),
    );
  }

  /** A subscription method no node took: answered as the gateway answers a call its node failed (nothing charged). */
  private failed(known: KnownCall<Key>, problem: GatewayError): void {
    const answer = refusalAnswer(problem, known.payload.id);
    this.reply(this.deps.records.ended(known, { outcome: 'upstream_error', answer, latencyMs: null, charged: false }));
  }

  private subscribe(known: KnownCall<Key>, params: unknown): void {
    const { id } = known.payload;
    const verdict = subscribeVerdict(params);
    if (!verdict.allowed) {
      this.send(rpcErrorBody(id, invalidParams, verdict.message));
      return;
    }
    const contracts = subscriptionContracts(verdict.type, params);
    const refusal = checkSubscription(this.key.access.calls, contracts);
    if (refusal !== null) {
      this.reply(this.deps.records.refused(known, 'refused_allow_list', gatewayErrors.notAllowed(refusal, true), {}, refusal));
      return;
    }
    const limit = this.deps.subscriptionLimit(this.key);
    if (this.subscriptions.size + this.pendingSubscribes >= limit) {
      const message = `Too many subscriptions on this connection: your plan allows ${limit}. Unsubscribe from one first, or open another connection.`;
      this.send(rpcErrorBody(id, rpcCodes.limitExceeded, message));
      return;
    }
    const { hub } = this.deps;
    if (hub === null) {
      this.failed(known, gatewayErrors.noUpstream(this.caller.network));
      return;
    }
    const hold = hub.hold(this.listener, params);
    if (hold === null) {
      const message = `Subscription parameters too large for this connection: its subscriptions' filters may take ${hub.maxBytesPerListener} bytes together (as JSON), and ${hub.bytesHeld(this.listener)} are taken. Unsubscribe from one first, or open another connection.`;
      this.send(rpcErrorBody(id, rpcCodes.limitExceeded, message));
      return;
    }
    this.pendingSubscribes += 1;
    this.admitted(
      known,
      (ticket) => {
        hub.subscribe(
          hold,
          (reply: SubscribeReply) => {
            this.pendingSubscribes -= 1;
            if (reply.kind === 'error') {
              this.answered(known, ticket, { error: reply.error });
              return;
            }
            // The session closed while the node answered: the subscription is given up at once.
            if (this.ended) {
              hub.unsubscribe(reply.id);
              this.deps.admission.settle(ticket, false);
              return;
            }
            this.subscriptions.set(reply.id, contracts);
            this.answered(known, ticket, { result: reply.id });
          },
          () => {
            this.pendingSubscribes -= 1;
            this.deps.admission.settle(ticket, false);
            this.failed(known, gatewayErrors.upstreamDown(this.caller.network));
          },
        );
      },
      () => {
        this.pendingSubscribes -= 1;
        hub.drop(hold);
      },
    );
  }

  private unsubscribe(known: KnownCall<Key>, params: unknown): void {
    const [subscription] = Array.isArray(params) ? params : [];
    if (typeof subscription !== 'string' || !this.subscriptions.has(subscription)) {
      // Not a subscription of this connection: false, as a node says.
      this.send(JSON.stringify({ jsonrpc: '2.0', id: known.payload.id, result: false }));
      return;
    }
    this.admitted(known, (ticket) => {
      // No notification of it is delivered from now on.
      this.subscriptions.delete(subscription);
      const ended = this.deps.hub?.unsubscribe(subscription) ?? false;
      this.answered(known, ticket, { result: ended });
    });
  }

  /**
   * A notification of the node's: checked against the quota, then sent and charged, in the node's
   * order. Sent at once when the admission answers at once (this process's memory) and none is
   * waiting before it; else in turn behind those waiting for theirs (Redis, or a worker's lease).
   */
  private notify(subscription: string, text: string): void {
    if (this.ended || !this.subscriptions.has(subscription)) return;
    if (this.tooSlow()) return;
    if (this.queued >= maxQueuedNotifications) {
      this.close(closeCodes.tooSlow);
      return;
    }
    const { admission } = this.deps;
    if (this.queued === 0) {
      const admit = admission.admit(this.key, CREDITS_PER_NOTIFICATION, 0, this.deps.now());
      if (!(admit instanceof Promise)) {
        this.deliver(subscription, text, admit);
        return;
      }
      this.queued += 1;
      this.deliveries = admit.then((answer) => this.delivered(subscription, text, answer), this.admissionFailed);
      return;
    }
    this.queued += 1;
    this.deliveries = this.deliveries
      .then(() => admission.admit(this.key, CREDITS_PER_NOTIFICATION, 0, this.deps.now()))
      .then((answer) => this.delivered(subscription, text, answer), this.admissionFailed);
  }

  /** A notification that waited for its admission is out of the queue: delivered now. */
  private delivered(subscription: string, text: string, admit: Admit<Ticket>): void {
    this.queued -= 1;
    this.deliver(subscription, text, admit);
  }

  /** A notification's credits could not be checked: nothing is sent uncharged, and the client learns why. */
  private readonly admissionFailed = (): void => {
    this.queued -= 1;
    this.close(closeCodes.internal);
  };

  private deliver(subscription: string, text: string, admit: Admit<Ticket>): void {
    const { admission, records } = this.deps;
    if (admit.kind !== 'admitted') {
      if (admit.kind === 'quota' || admit.kind === 'keyCap') {
        this.sendError(null, admissionRefusal(admit, this.key.rate).problem);
        this.close(admit.kind === 'quota' ? closeCodes.quotaUsedUp : closeCodes.keyCapReached);
      } else if (admit.kind === 'unknownKey') {
        this.close(closeCodes.keyRevoked);
      }
      return;
    }
    // Closed or unsubscribed while it waited: not sent, not charged.
    if (this.ended || !this.subscriptions.has(subscription)) {
      admission.settle(admit.ticket, false);
      return;
    }
    const { key } = this;
    const nowMs = this.deps.now();
    this.client.send(text, { binary: false }, (error) => {
      const sent = error === undefined || error === null;
      admission.settle(admit.ticket, sent);
      if (sent) records.notified(key, this.caller.network, nowMs);
    });
  }
}
