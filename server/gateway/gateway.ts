import { retryAfterValue } from '@/domain/admission-rule';
import type { CallOutcome, MeteredOutcome } from '@/domain/call-outcomes';
import { creditsFor } from '@/domain/credits';
import { callVerdict, onlyReads } from '@/domain/rpc-method-policy';
import { type AccessRefusal, checkAccess } from '@server/gateway/access-rules';
import type { Admission } from '@server/gateway/admission';
import { plausibleKey, type GatewayKey } from '@server/gateway/key-cache';
import { internalAnswer, keyHeaders, nodeAnswer, refusalAnswer, type GatewayAnswer } from '@server/gateway/http-answer';
import { parsePayload, type RpcPayload } from '@server/gateway/json-rpc';
import { gatewayErrors, type GatewayError } from '@server/gateway/rpc-errors';
import { RefusalPace, type RefusalScope } from '@server/gateway/refusal-pace';
import { UpstreamError, type Upstream, type UpstreamAnswer } from '@server/gateway/upstream';
import { loggedOrigin, loggedText, maskAddress, type RequestLogRing, type Transport } from '@server/metering/request-log';
import { methodLabel } from '@server/metering/method-label';
import type { UsageMeter } from '@server/metering/usage-meter';
import { type Network, toNetwork } from '@/domain/networks';

/** One call as the route hands it over. */
export interface GatewayCall {
  readonly network: string;
  readonly apiKey: string;
  /** The raw request body; undefined when the request had none. */
  readonly body: Buffer | undefined;
  readonly origin: string | undefined;
  readonly clientIp: string;
  /** How it came; an HTTP request when absent. */
  readonly transport?: Transport;
}

export type { GatewayAnswer } from '@server/gateway/http-answer';

/** What the HTTP side calls: one call in, one answer out (never a rejection for a client's mistake). */
export interface RpcHandler {
  call(call: GatewayCall): Promise<GatewayAnswer>;
}

/** Where keys come from: a cached answer at once (peek), else a load. */
export interface KeySource<Key> {
  peek(apiKey: string): Key | null | undefined;
  get(apiKey: string): Promise<Key | null>;
}

/**
 * How a call ended, for metrics: answered by the node, refused by the gateway (and why), or failed
 * at the node. `invalid`: refused for its network or its payload, before its key is read.
 */
export type { CallOutcome };

/**
 * Told of every answered call and every node round trip (server/metrics). It runs on each call,
 * so an implementation only bumps a number: no allocation, no I/O.
 */
export interface GatewayObserver {
  /** `network` null: the path named no known network. `status`: the HTTP status the client gets. */
  called(network: Network | null, outcome: CallOutcome, status: number): void;
  /** A node answered (any status) after `ms` milliseconds. */
  upstreamAnswered(network: Network, ms: number): void;
  /** A refusal past its key's (or address's) pace waits before it is answered (refusal-pace.ts). */
  refusalSlowed(): void;
}

export interface GatewayDeps<Key extends GatewayKey, Ticket> {
  readonly keys: KeySource<Key>;
  readonly admission: Admission<Key, Ticket>;
  /** Counts per key, network, method and minute (written in batches by whoever owns the meter). */
  readonly meter: Pick<UsageMeter, 'count'>;
  readonly upstreams: Readonly<Record<Network, Upstream | null>>;
  readonly timeoutMs: number;
  /** Epoch ms (the app's clock: tests move it). */
  readonly now: () => number;
  /** Metrics, when the server exports them (METRICS_PORT). */
  readonly observer?: GatewayObserver;
  /** Where the calls of keys that log them are recorded (server/metering/request-log.ts); none, nothing is. */
  readonly requestLog?: Pick<RequestLogRing, 'admits' | 'record'>;
  /** Hears why the gateway failed on a call (logged by the owner); the call is answered with an internal error. */
  readonly onFailure?: (error: unknown) => void;
  /** How fast refusals are answered per key and address; by default REFUSALS_PER_SECOND (refusal-pace.ts). */
  readonly refusalPace?: RefusalPace;
}

/** A call past every check, on its way to the node. */
interface Admitted<Key, Ticket> {
  readonly key: Key;
  readonly network: Network;
  readonly payload: RpcPayload;
  readonly ticket: Ticket;
  readonly cost: number;
  /** Tokens left after this call; null when the plan has no rate limit. */
  readonly remaining: number | null;
  readonly nowMs: number;
  /** The node's answer when the call went to it while waiting for admission (sendEarly). */
  readonly early: Promise<TimedAnswer> | null;
}

function minuteOf(nowMs: number): number {
  return nowMs - (nowMs % 60_000);
}

/** A node's answer and its round trip (ms). */
interface TimedAnswer {
  readonly answer: UpstreamAnswer;
  readonly ms: number;
}

/** A refused call's early answer: never sent to the client, its stream (if any) released. */
function dropAnswer(early: Promise<TimedAnswer>): void {
  early.then(
    ({ answer }) => {
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
    },
    () => undefined,
  );
}

function costOf(methods: readonly string[]): number {
  let credits = 0;
  for (const method of methods) credits += creditsFor(method);
  return credits;
}

/**
 * The gateway's decisions for one call, in order: network and payload (400), key (401), allow-lists
 * (403 -32002), method policy (403 -32601), monthly quota (402 -32005), rate (429 -32005 with
 * Retry-After), then the node (502/504 when it fails).
 * A batch is admitted or refused whole: each entry takes a token (admitted while a whole token is
 * left, src/domain/admission-rule.ts) and costs its method's credits.
 * Credits are reserved on admission and charged when the node answers 2xx; a node HTTP error, an
 * answer that is not JSON or no answer charges nothing. A node HTTP error with a JSON body passes
 * through as it is; one without becomes the gateway's own 502.
 * In an HTTP worker, a call that waits for its lease and only reads (onlyReads: no transaction, no
 * filter change) may be sent to the node meanwhile (Admission.mayForwardEarly): the lease and the
 * node overlap. It is answered only once admitted; refused, the node's answer is dropped, and
 * nothing is charged, exactly as for any refused call.
 */
export class Gateway<Key extends GatewayKey, Ticket> implements RpcHandler {
  private readonly pace: RefusalPace;

  constructor(private readonly deps: GatewayDeps<Key, Ticket>) {
    this.pace = deps.refusalPace ?? new RefusalPace();
  }

  async call(call: GatewayCall): Promise<GatewayAnswer> {
    const network = toNetwork(call.network);
    if (network === null) return this.refusedCaller(call, null, 'invalid', refusalAnswer(gatewayErrors.unknownNetwork(call.network), null));
    // The payload first: even a refused key answers with the id of the call.
    const parsed = parsePayload(call.body);
    if (!parsed.ok) {
      const problem = parsed.problem.kind === 'parse' ? gatewayErrors.parse() : gatewayErrors.invalid(parsed.problem.detail);
      return this.refusedCaller(call, network, 'invalid', refusalAnswer(problem, null));
    }
    const { payload } = parsed;
    try {
      return await this.decide(call, network, payload);
    } catch (error) {
      // E.g. the database is away while a key or its credits are read: counted, and answered to the call's ids.
      this.deps.onFailure?.(error);
      return this.told(network, 'internal_error', internalAnswer(payload));
    }
  }

  /** Key, access, method policy, admission, then the node: a failure of any is the caller's to answer. */
  private async decide(call: GatewayCall, network: Network, payload: RpcPayload): Promise<GatewayAnswer> {
    // Before the cache: an implausible key is neither looked up nor remembered.
    if (!plausibleKey.test(call.apiKey)) {
      return this.refusedCaller(call, network, 'refused_key', refusalAnswer(gatewayErrors.invalidKey(), payload.id));
    }
    const { keys } = this.deps;
    let key = keys.peek(call.apiKey);
    if (key === undefined) key = await keys.get(call.apiKey);
    if (key === null) return this.refusedCaller(call, network, 'refused_key', refusalAnswer(gatewayErrors.invalidKey(), payload.id));

    const nowMs = this.deps.now();
    const refusal = checkAccess(key.access, call.origin, call.clientIp);
    if (refusal !== null) {
      return this.refuse(call, key, network, payload, 'refused_allow_list', gatewayErrors.notAllowed(refusal), nowMs, refusal);
    }
    // After the key (the refusal is counted for it), before admission (it takes no token, no credit).
    const verdict = callVerdict(payload.methods, payload.batch);
    if (!verdict.allowed) {
      return this.refuse(call, key, network, payload, 'refused_method', gatewayErrors.methodRefused(verdict.message), nowMs);
    }

    const cost = costOf(payload.methods);
    const calls = payload.methods.length;
    const body = call.body ?? Buffer.alloc(0);
    const { admission } = this.deps;
    const mayGoEarly = admission.mayForwardEarly?.(key, nowMs) === true;
    let admit = admission.admit(key, cost, calls, nowMs);
    let early: Promise<TimedAnswer> | null = null;
    if (admit instanceof Promise) {
      // While an HTTP worker waits for its lease, a call that only reads is already at the node.
      if (mayGoEarly && onlyReads(payload.methods)) early = this.sendEarly(network, body);
      try {
        admit = await admit;
      } catch (error) {
        // The lease failed (the main process could not answer): the call fails, its answer is not used.
        if (early !== null) dropAnswer(early);
        throw error;
      }
    }
    if (early !== null && admit.kind !== 'admitted') dropAnswer(early);
    switch (admit.kind) {
      case 'admitted':
        return this.forward({ key, network, payload, ticket: admit.ticket, cost, remaining: admit.remaining, nowMs, early }, call, body);
      case 'quota':
        return this.refuse(
          call,
          key,
          network,
          payload,
          'refused_quota',
          gatewayErrors.quotaExceeded(admit.used, admit.limit, admit.cycleEnd),
          nowMs,
        );
      case 'unknownKey':
        return this.refusedCaller(call, network, 'refused_key', refusalAnswer(gatewayErrors.invalidKey(), payload.id));
      case 'rate': {
        // Its Retry-After (http-answer.ts) says these seconds as retryAfterValue writes them.
        const problem = gatewayErrors.rateLimited(key.rate ?? 0, Number(retryAfterValue(admit.retryAfterMs)));
        return this.refuse(call, key, network, payload, 'refused_rate', problem, nowMs);
      }
    }
  }

  /** The node's answer to a call not admitted yet; a failure is handled once it is (forward) or ignored. */
  private sendEarly(network: Network, body: Buffer): Promise<TimedAnswer> | null {
    const upstream = this.deps.upstreams[network];
    if (upstream === null) return null;
    const answer = this.send(network, upstream, body);
    answer.catch(() => undefined);
    return answer;
  }

  /** The node's answer and how long it took (metered per key, and told to metrics when they are on; a failure is counted by its outcome instead). */
  private send(network: Network, upstream: Upstream, body: Buffer): Promise<TimedAnswer> {
    const started = performance.now();
    return upstream.forward(body).then((answer) => {
      const ms = performance.now() - started;
      this.deps.observer?.upstreamAnswered(network, ms);
      return { answer, ms };
    });
  }

  /** A refusal of a call whose key is not known (or not read yet): told, then paced by the client's address. */
  private refusedCaller(
    call: GatewayCall,
    network: Network | null,
    outcome: CallOutcome,
    answer: GatewayAnswer,
  ): GatewayAnswer | Promise<GatewayAnswer> {
    return this.paced({ address: call.clientIp }, this.told(network, outcome, answer));
  }

  /** A refusal's answer: at once while its key (or address) refuses within its pace, else once its wait is over. */
  private paced(scope: RefusalScope, answer: GatewayAnswer): GatewayAnswer | Promise<GatewayAnswer> {
    const ms = this.pace.waitMs(scope);
    if (ms === 0) return answer;
    this.deps.observer?.refusalSlowed();
    return this.pace.wait(ms).then(() => answer);
  }

  /** The answer, after telling the observer (if any) how the call ended. */
  private told(network: Network | null, outcome: CallOutcome, answer: GatewayAnswer): GatewayAnswer {
    this.deps.observer?.called(network, outcome, answer.status);
    return answer;
  }

  private async forward(admitted: Admitted<Key, Ticket>, call: GatewayCall, body: Buffer): Promise<GatewayAnswer> {
    const { key, network, payload, ticket, cost, remaining, nowMs, early } = admitted;
    const { admission, meter } = this.deps;
    const upstream = this.deps.upstreams[network];
    if (upstream === null) {
      admission.settle(ticket, false);
      const answer = refusalAnswer(gatewayErrors.noUpstream(network), payload.id, this.keyHeaders(key, nowMs, remaining));
      return this.logged(call, key, network, payload, 'upstream_error', answer, nowMs);
    }
    let answer: UpstreamAnswer;
    let latencyMs: number;
    try {
      ({ answer, ms: latencyMs } = await (early ?? this.send(network, upstream, body)));
    } catch (error) {
      admission.settle(ticket, false);
      if (!(error instanceof UpstreamError)) throw error;
      const problem =
        error.kind === 'timeout' ? gatewayErrors.upstreamTimeout(network, this.deps.timeoutMs) : gatewayErrors.upstreamDown(network);
      const outcome = error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error';
      this.meterEach(key, network, payload, outcome, nowMs);
      return this.logged(
        call,
        key,
        network,
        payload,
        outcome,
        refusalAnswer(problem, payload.id, this.keyHeaders(key, nowMs, remaining)),
        nowMs,
      );
    }
    const succeeded = answer.status >= 200 && answer.status < 300;
    if (!succeeded && answer.shape !== 'json') {
      // A proxy's error page or a bare status, not a JSON-RPC answer: clients get one they can read.
      admission.settle(ticket, false);
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
      const problem = gatewayErrors.upstreamNotJson(network, answer.status);
      this.meterEach(key, network, payload, 'upstream_error', nowMs);
      const failed = refusalAnswer(problem, payload.id, this.keyHeaders(key, nowMs, remaining));
      return this.logged(call, key, network, payload, 'upstream_error', failed, nowMs, latencyMs);
    }
    // A 2xx body that is not JSON (an empty one is a notification's answer) is passed on, uncharged.
    const answered = succeeded && answer.shape !== 'other';
    admission.settle(ticket, answered);
    if (answered) {
      const minute = minuteOf(nowMs);
      for (const method of payload.methods) meter.count(key, network, method, minute, 'answered', creditsFor(method), latencyMs);
    }
    const headers = this.keyHeaders(key, nowMs, remaining, answered ? cost : 0);
    // A node's own HTTP error (with a JSON-RPC body) passes through: for the operator, the node failed.
    const passed = nodeAnswer(answer.status, headers, answer.contentType, answer.body);
    return this.logged(
      call,
      key,
      network,
      payload,
      succeeded ? 'answered' : 'upstream_error',
      passed,
      nowMs,
      latencyMs,
      answered ? cost : 0,
    );
  }

  /** A refusal of an identified call: metered per entry with its outcome, nothing charged, logged. */
  private refuse(
    call: GatewayCall,
    key: Key,
    network: Network,
    payload: RpcPayload,
    outcome: MeteredOutcome,
    problem: GatewayError,
    nowMs: number,
    accessRefusal: AccessRefusal | null = null,
  ): GatewayAnswer | Promise<GatewayAnswer> {
    this.meterEach(key, network, payload, outcome, nowMs);
    const answer = refusalAnswer(problem, payload.id, this.keyHeaders(key, nowMs, null));
    return this.paced({ keyId: key.keyId }, this.logged(call, key, network, payload, outcome, answer, nowMs, null, 0, accessRefusal));
  }

  /**
   * The answer, told to the observer and, when the key logs its calls, recorded in the request log
   * (a refused call only while its key's budget lasts: RequestLogRing.admits): plain fields, each
   * cut to what the log keeps, and a copy of the body's first 2 KB (without the params of a method
   * whose params may hold secrets), nothing else on the call's path.
   */
  private logged(
    call: GatewayCall,
    key: Key,
    network: Network,
    payload: RpcPayload,
    outcome: MeteredOutcome,
    answer: GatewayAnswer,
    nowMs: number,
    latencyMs: number | null = null,
    credits = 0,
    accessRefusal: AccessRefusal | null = null,
  ): GatewayAnswer {
    const log = this.deps.requestLog;
    if (log !== undefined && key.logRequests === true && log.admits(key.keyId, outcome, nowMs)) {
      const body = call.body;
      const { head, truncated } = loggedText(body, payload.methods);
      log.record({
        keyId: key.keyId,
        userId: key.userId,
        at: nowMs,
        network,
        transport: call.transport ?? 'http',
        method: methodLabel(payload.methods[0] ?? ''),
        calls: payload.methods.length,
        outcome,
        accessRefusal,
        status: answer.status,
        latencyMs,
        credits,
        requestBytes: body?.length ?? 0,
        answerBytes:
          typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : Buffer.isBuffer(answer.body) ? answer.body.length : null,
        clientAddress: maskAddress(call.clientIp),
        origin: loggedOrigin(call.origin),
        head,
        truncated,
      });
    }
    return this.told(network, outcome, answer);
  }

  /** Every entry of a call that was not answered, metered with what became of it (no credit). */
  private meterEach(key: Key, network: Network, payload: RpcPayload, outcome: MeteredOutcome, nowMs: number): void {
    const minute = minuteOf(nowMs);
    for (const method of payload.methods) this.deps.meter.count(key, network, method, minute, outcome);
  }

  /** The answer's headers for the key (http-answer.ts); `remaining` null = read the bucket. */
  private keyHeaders(key: Key, nowMs: number, remaining: number | null, credits = 0): Record<string, string> {
    const rate = key.rate === null ? null : { limit: key.rate, remaining: remaining ?? this.deps.admission.remaining(key, nowMs) };
    return keyHeaders(credits, rate);
  }
}
