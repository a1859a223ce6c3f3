import { creditsFor } from '@/domain/credits';
import { type Network, type NetworkInfo, toNetwork } from '@/domain/networks';
import { callVerdict, onlyReads } from '@/domain/rpc-method-policy';
import { checkAccess } from '@server/gateway/access-rules';
import { checkCalls } from '@server/gateway/call-rules';
import type { Admission } from '@server/gateway/admission';
import { CallRecords, type GatewayCall, type KnownCall, type RecordsDeps } from '@server/gateway/call-records';
import { internalAnswer, keyHeaders, nodeAnswer, refusalAnswer, type GatewayAnswer } from '@server/gateway/http-answer';
import { parsePayload, type RpcPayload } from '@server/gateway/json-rpc';
import { keyEnded, plausibleKey, type GatewayKey } from '@server/gateway/key-cache';
import { endedKeyError, gatewayErrors } from '@server/gateway/rpc-errors';
import type { Served } from '@server/gateway/fleet/network-fleet';
import { UpstreamError } from '@server/gateway/upstream';

export type { GatewayAnswer } from '@server/gateway/http-answer';

/** What the HTTP side calls: one call in, one answer out (never a rejection for a client's mistake). */
export interface RpcHandler {
  call(call: GatewayCall): Promise<GatewayAnswer>;
}

/** A network's nodes, as the gateway uses them: null when the network has none. */
export interface NodeRouter {
  /** The networks served (a call for another is refused), whether they have nodes or not. */
  readonly served: readonly NetworkInfo[];
  network(name: string): { serve(payload: RpcPayload, body: Buffer): Promise<Served> } | null;
}

/** Where keys come from: a cached answer at once (peek), else a load. */
export interface KeySource<Key> {
  peek(apiKey: string): Key | null | undefined;
  get(apiKey: string): Promise<Key | null>;
}

export interface GatewayDeps<Key extends GatewayKey, Ticket> extends RecordsDeps {
  readonly keys: KeySource<Key>;
  readonly admission: Admission<Key, Ticket>;
  /** Each network's nodes (server/gateway/fleet): where a call goes, or what answers it without a node. */
  readonly nodes: NodeRouter;
  readonly timeoutMs: number;
  /** Epoch ms (the app's clock: tests move it). */
  readonly now: () => number;
  /** Hears why the gateway failed on a call (logged by the owner); the call is answered with an internal error. */
  readonly onFailure?: (error: unknown) => void;
}

/** A call past every check, on its way to the node. */
interface Admitted<Key, Ticket> extends KnownCall<Key> {
  readonly ticket: Ticket;
  /** Tokens left after this call; null when the plan has no rate limit. */
  readonly remaining: number | null;
  /** The node's answer when the call went to it while waiting for admission (sendEarly). */
  readonly early: Promise<Served> | null;
}

/** A refused call's early answer: never sent to the client, its stream (if any) released. */
function dropAnswer(early: Promise<Served>): void {
  early.then(
    ({ answer }) => {
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
    },
    () => undefined,
  );
}

/** Marks an answer the gateway gave from what it keeps, without asking a node. */
export const cacheHeader = 'x-cache';

function costOf(methods: readonly string[]): number {
  let credits = 0;
  for (const method of methods) credits += creditsFor(method);
  return credits;
}

/**
 * The gateway's decisions for one call, in order: network and payload (400), key (401), allow-lists
 * (403 -32002), method policy (403 -32601), the key's methods and contracts (403 -32002), monthly
 * quota (402 -32005), rate (429 -32005 with Retry-After), then the node (502/504 when it fails).
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
  /** What is kept of each call (metered, logged, told, refusals paced): shared with the WebSocket sessions. */
  readonly records: CallRecords<Key>;

  constructor(private readonly deps: GatewayDeps<Key, Ticket>) {
    this.records = new CallRecords(deps);
  }

  async call(call: GatewayCall): Promise<GatewayAnswer> {
    const { records } = this;
    const { served } = this.deps.nodes;
    const network = toNetwork(call.network, served);
    if (network === null)
      return records.refusedCaller(call, null, 'invalid', refusalAnswer(gatewayErrors.unknownNetwork(call.network, served), null));
    // The payload first: even a refused key answers with the id of the call.
    const parsed = parsePayload(call.body);
    if (!parsed.ok) {
      const problem = parsed.problem.kind === 'parse' ? gatewayErrors.parse() : gatewayErrors.invalid(parsed.problem.detail);
      return records.refusedCaller(call, network, 'invalid', refusalAnswer(problem, null));
    }
    const { payload } = parsed;
    try {
      return await this.decide(call, network, payload);
    } catch (error) {
      // E.g. the database is away while a key or its credits are read: counted, and answered to the call's ids.
      this.deps.onFailure?.(error);
      return records.told(network, 'internal_error', internalAnswer(payload));
    }
  }

  /** Key, access, method policy, admission, then the node: a failure of any is the caller's to answer. */
  private async decide(call: GatewayCall, network: Network, payload: RpcPayload): Promise<GatewayAnswer> {
    const { records } = this;
    // Before the cache: an implausible key is neither looked up nor remembered.
    if (!plausibleKey.test(call.apiKey)) {
      return records.refusedCaller(call, network, 'refused_key', refusalAnswer(gatewayErrors.invalidKey(), payload.id));
    }
    const { keys } = this.deps;
    let key = keys.peek(call.apiKey);
    if (key === undefined) key = await keys.get(call.apiKey);
    if (key === null) return records.refusedCaller(call, network, 'refused_key', refusalAnswer(gatewayErrors.invalidKey(), payload.id));
    const nowMs = this.deps.now();
    const ended = keyEnded(key, nowMs);
    if (ended !== null) return records.refusedCaller(call, network, 'refused_key', refusalAnswer(endedKeyError(key, ended), payload.id));

    const known: KnownCall<Key> = { call, key, network, payload, nowMs };
    const { access } = key;
    const refusal = checkAccess(access, call.origin, call.clientIp);
    if (refusal !== null) {
      return records.refused(
        known,
        'refused_allow_list',
        gatewayErrors.notAllowed(refusal, access.own.has(refusal)),
        this.keyHeaders(known, null),
        refusal,
      );
    }
    // After the key (the refusal is counted for it), before admission (it takes no token, no credit).
    const verdict = callVerdict(payload.methods, payload.batch);
    if (!verdict.allowed) {
      return records.refused(known, 'refused_method', gatewayErrors.methodRefused(verdict.message), this.keyHeaders(known, null));
    }
    // A method the gateway serves, which the key's own lists may still refuse (every call of a batch is checked).
    const callRefusal = checkCalls(access.calls, payload.methods, payload.params);
    if (callRefusal !== null) {
      return records.refused(
        known,
        'refused_allow_list',
        gatewayErrors.notAllowed(callRefusal, true),
        this.keyHeaders(known, null),
        callRefusal,
      );
    }

    const cost = costOf(payload.methods);
    const body = call.body ?? Buffer.alloc(0);
    const { admission } = this.deps;
    const mayGoEarly = admission.mayForwardEarly?.(key, known.nowMs) === true;
    let admit = admission.admit(key, cost, payload.methods.length, known.nowMs);
    let early: Promise<Served> | null = null;
    if (admit instanceof Promise) {
      // While an HTTP worker waits for its lease, a call that only reads is already at the node.
      if (mayGoEarly && onlyReads(payload.methods)) early = this.sendEarly(network, payload, body);
      try {
        admit = await admit;
      } catch (error) {
        // The lease failed (the main process could not answer): the call fails, its answer is not used.
        if (early !== null) dropAnswer(early);
        throw error;
      }
    }
    if (admit.kind !== 'admitted') {
      if (early !== null) dropAnswer(early);
      return records.refusedAdmission(known, admit, () => this.keyHeaders(known, null));
    }
    const { ticket, remaining } = admit;
    // Written out, not spread: a spread of `known` took a third of the gateway's time per call (V8's object clone).
    return this.forward({ call, key, network, payload, nowMs: known.nowMs, ticket, remaining, early }, cost, body);
  }

  /** The node's answer to a call not admitted yet; a failure is handled once it is (forward) or ignored. */
  private sendEarly(network: Network, payload: RpcPayload, body: Buffer): Promise<Served> | null {
    if (this.deps.nodes.network(network) === null) return null;
    const answer = this.send(network, payload, body);
    answer.catch(() => undefined);
    return answer;
  }

  /** The fleet's answer (metered per key, and its node's time told to metrics; a failure is counted by its outcome instead). */
  private send(network: Network, payload: RpcPayload, body: Buffer): Promise<Served> {
    const nodes = this.deps.nodes.network(network);
    if (nodes === null) return Promise.reject(new UpstreamError('down', { cause: new Error('the network has no node') }));
    return nodes.serve(payload, body).then((served) => {
      const { answer } = served;
      if (!served.cached) this.records.timed(network, payload, served.ms, Buffer.isBuffer(answer.body) ? answer.body : null);
      return served;
    });
  }

  private async forward(admitted: Admitted<Key, Ticket>, cost: number, body: Buffer): Promise<GatewayAnswer> {
    const { network, payload, ticket, remaining, early } = admitted;
    const { admission } = this.deps;
    const { records } = this;
    if (this.deps.nodes.network(network) === null) {
      admission.settle(ticket, false);
      const answer = refusalAnswer(gatewayErrors.noUpstream(network), payload.id, this.keyHeaders(admitted, remaining));
      return records.ended(admitted, { outcome: 'upstream_error', answer, latencyMs: null, charged: false });
    }
    let served: Served;
    try {
      served = await (early ?? this.send(network, payload, body));
    } catch (error) {
      admission.settle(ticket, false);
      if (!(error instanceof UpstreamError)) throw error;
      const timeout = error.kind === 'timeout';
      const problem = timeout ? gatewayErrors.upstreamTimeout(network, this.deps.timeoutMs) : gatewayErrors.upstreamDown(network);
      const failed = refusalAnswer(problem, payload.id, this.keyHeaders(admitted, remaining));
      return records.ended(admitted, {
        outcome: timeout ? 'upstream_timeout' : 'upstream_error',
        answer: failed,
        latencyMs: null,
        charged: false,
      });
    }
    const { answer, ms: latencyMs } = served;
    const succeeded = answer.status >= 200 && answer.status < 300;
    if (!succeeded && answer.shape !== 'json') {
      // A proxy's error page or a bare status, not a JSON-RPC answer: clients get one they can read.
      admission.settle(ticket, false);
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
      const problem = gatewayErrors.upstreamNotJson(network, answer.status);
      const failed = refusalAnswer(problem, payload.id, this.keyHeaders(admitted, remaining));
      return records.ended(admitted, { outcome: 'upstream_error', answer: failed, latencyMs, charged: false });
    }
    // A 2xx body that is not JSON (an empty one is a notification's answer) is passed on, uncharged.
    const charged = succeeded && answer.shape !== 'other';
    admission.settle(ticket, charged);
    const headers = this.keyHeaders(admitted, remaining, charged ? cost : 0);
    // Customers pay for answers: one kept (or the head the gateway follows) costs what a node's does, and says so.
    if (served.cached) headers[cacheHeader] = 'HIT';
    // A node's own HTTP error (with a JSON-RPC body) passes through: for the operator, the node failed.
    const passed = nodeAnswer(answer.status, headers, answer.contentType, answer.body);
    return records.ended(admitted, { outcome: succeeded ? 'answered' : 'upstream_error', answer: passed, latencyMs, charged });
  }

  /** The answer's headers for the call's key (http-answer.ts); `remaining` null = read the bucket. */
  private keyHeaders({ key, nowMs }: KnownCall<Key>, remaining: number | null, credits = 0): Record<string, string> {
    const rate = key.rate === null ? null : { limit: key.rate, remaining: remaining ?? this.deps.admission.remaining(key, nowMs) };
    return keyHeaders(credits, rate);
  }
}
