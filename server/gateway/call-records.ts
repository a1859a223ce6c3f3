import { retryAfterValue } from '@/domain/admission-rule';
import type { CallOutcome, MeteredOutcome } from '@/domain/call-outcomes';
import { CREDITS_PER_NOTIFICATION, creditsFor, notificationMethod } from '@/domain/credits';
import type { Network } from '@/domain/networks';
import type { AccessRefusal } from '@server/gateway/access-rules';
import { errorCodes } from '@server/gateway/fleet/node-answers';
import type { Admit } from '@server/gateway/admission';
import { refusalAnswer, type GatewayAnswer } from '@server/gateway/http-answer';
import type { RpcPayload } from '@server/gateway/json-rpc';
import type { GatewayKey } from '@server/gateway/key-cache';
import { RefusalPace, type RefusalScope } from '@server/gateway/refusal-pace';
import { gatewayErrors, type GatewayError } from '@server/gateway/rpc-errors';
import { methodLabel } from '@server/metering/method-label';
import { loggedOrigin, loggedText, maskAddress, type RequestLogRing } from '@server/metering/request-log';
import type { Transport } from '@server/repos/request-log';
import type { UsageMeter } from '@server/metering/usage-meter';

/** One call as a transport hands it over (an HTTP request, or a WebSocket frame). */
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

/** A call once its key is known: the one value the gateway's decisions and records pass along. */
export interface KnownCall<Key> {
  readonly call: GatewayCall;
  readonly key: Key;
  readonly network: Network;
  readonly payload: RpcPayload;
  /** When it was decided: epoch ms of the app's clock. */
  readonly nowMs: number;
}

/** How an identified call ended, past its refusals: answered by the node, or failed there. */
export interface Ending {
  readonly outcome: 'answered' | 'upstream_error' | 'upstream_timeout';
  readonly answer: GatewayAnswer;
  /** The node's answer time; null when no node answered (or none was timed). */
  readonly latencyMs: number | null;
  /** Charged: the methods' credits when the node answered 2xx with JSON, else 0. */
  readonly charged: boolean;
}

/**
 * Told of every answered call and every node round trip (server/metrics). It runs on each call,
 * so an implementation only bumps a number: no allocation, no I/O.
 */
export interface GatewayObserver {
  /** `network` null: the path named no known network. `status`: the HTTP status the client gets. */
  called(network: Network | null, outcome: CallOutcome, status: number): void;
  /** A node answered (any status) the call's `methods` (a batch's: `batch`) after `ms` milliseconds. */
  upstreamAnswered(network: Network, call: Pick<RpcPayload, 'batch' | 'methods'>, ms: number): void;
  /** A node's answer held a JSON-RPC error with this code (one per error: a batch may hold several). */
  nodeErrored(network: Network, code: number): void;
  /** A refusal past its key's (or address's) pace waits before it is answered (refusal-pace.ts). */
  refusalSlowed(): void;
}

export interface RecordsDeps {
  /** Counts per key, network, method and minute (written in batches by whoever owns the meter). */
  readonly meter: Pick<UsageMeter, 'count'>;
  /** Metrics, when the server exports them (METRICS_PORT). */
  readonly observer?: GatewayObserver;
  /** Where the calls of keys that log them are recorded (server/metering/request-log.ts); none, nothing is. */
  readonly requestLog?: Pick<RequestLogRing, 'admits' | 'record'>;
  /** How fast refusals are answered per key and address; by default REFUSALS_PER_SECOND (refusal-pace.ts). */
  readonly refusalPace?: RefusalPace;
}

/** An admission that did not admit. */
export type AdmissionRefused = Exclude<Admit<unknown>, { kind: 'admitted' }>;

/** An admission's refusal as the call's outcome and error: the one mapping of both transports. */
export function admissionRefusal(
  admit: AdmissionRefused,
  rate: number | null,
): { readonly outcome: 'refused_quota' | 'refused_rate' | 'refused_key'; readonly problem: GatewayError } {
  switch (admit.kind) {
    case 'quota':
      return { outcome: 'refused_quota', problem: gatewayErrors.quotaExceeded(admit.used, admit.limit, admit.cycleEnd) };
    case 'keyCap':
      // Counted with the quota's refusals: the credits refused it, the key's own rather than the account's.
      return { outcome: 'refused_quota', problem: gatewayErrors.keyCapReached(admit.period, admit.used, admit.limit, admit.periodEnd) };
    case 'rate':
      // Its Retry-After (http-answer.ts) says these seconds as retryAfterValue writes them.
      return { outcome: 'refused_rate', problem: gatewayErrors.rateLimited(rate ?? 0, Number(retryAfterValue(admit.retryAfterMs))) };
    case 'unknownKey':
      return { outcome: 'refused_key', problem: gatewayErrors.invalidKey() };
  }
}

function minuteOf(nowMs: number): number {
  return nowMs - (nowMs % 60_000);
}

/**
 * What the gateway keeps of each call, the same for HTTP and WebSocket: metered per key and entry,
 * recorded in the request log when the key logs its calls, told to metrics, and, for a refusal,
 * answered at its key's (or address's) pace.
 */
export class CallRecords<Key extends GatewayKey> {
  private readonly pace: RefusalPace;

  constructor(private readonly deps: RecordsDeps) {
    this.pace = deps.refusalPace ?? new RefusalPace();
  }

  /** The answer, after telling the observer (if any) how the call ended. */
  told(network: Network | null, outcome: CallOutcome, answer: GatewayAnswer): GatewayAnswer {
    this.deps.observer?.called(network, outcome, answer.status);
    return answer;
  }

  /** A node answered `payload` after `ms` (any status), with `body` when whole: its JSON-RPC errors are counted by code. */
  timed(network: Network, payload: Pick<RpcPayload, 'batch' | 'methods'>, ms: number, body: Buffer | null): void {
    const { observer } = this.deps;
    if (observer === undefined) return;
    observer.upstreamAnswered(network, payload, ms);
    if (body !== null) for (const code of errorCodes(body)) observer.nodeErrored(network, code);
  }

  /** A refusal of a call whose key is not known (or not read yet): told, then paced by the client's address. */
  refusedCaller(
    call: GatewayCall,
    network: Network | null,
    outcome: CallOutcome,
    answer: GatewayAnswer,
  ): GatewayAnswer | Promise<GatewayAnswer> {
    return this.paced({ address: call.clientIp }, this.told(network, outcome, answer));
  }

  /** A refusal of an identified call: metered per entry with its outcome, nothing charged, logged, paced by its key. */
  refused(
    known: KnownCall<Key>,
    outcome: Exclude<MeteredOutcome, Ending['outcome']>,
    problem: GatewayError,
    headers?: Readonly<Record<string, string>>,
    accessRefusal: AccessRefusal | null = null,
  ): GatewayAnswer | Promise<GatewayAnswer> {
    this.meterEach(known, outcome);
    const answer = refusalAnswer(problem, known.payload.id, headers);
    return this.paced({ keyId: known.key.keyId }, this.logged(known, outcome, answer, null, 0, accessRefusal));
  }

  /**
   * An admission's refusal (admissionRefusal): by the key's pace, or, when the key is gone meanwhile,
   * as a caller's. `headers` are read only for a key still known.
   */
  refusedAdmission(
    known: KnownCall<Key>,
    admit: AdmissionRefused,
    headers?: () => Readonly<Record<string, string>>,
  ): GatewayAnswer | Promise<GatewayAnswer> {
    const { outcome, problem } = admissionRefusal(admit, known.key.rate);
    if (outcome === 'refused_key') return this.refusedCaller(known.call, known.network, outcome, refusalAnswer(problem, known.payload.id));
    return this.refused(known, outcome, problem, headers?.());
  }

  /**
   * A call that went to the node, logged and told; metered per entry: a charged answer with its
   * credits and latency, a failure with its outcome. An answer not charged (a 2xx that is not JSON)
   * is no request of the key's: its usage counts what it was charged for.
   */
  ended(known: KnownCall<Key>, { outcome, answer, latencyMs, charged }: Ending): GatewayAnswer {
    const minute = minuteOf(known.nowMs);
    let credits = 0;
    if (charged || outcome !== 'answered') {
      for (const method of known.payload.methods) {
        const cost = charged ? creditsFor(method) : 0;
        credits += cost;
        this.deps.meter.count(known.key, known.network, method, minute, outcome, cost, latencyMs ?? undefined);
      }
    }
    return this.logged(known, outcome, answer, latencyMs, credits);
  }

  /** A subscription's notification the client's socket took: metered as answered, with its credits. */
  notified(key: Key, network: Network, nowMs: number): void {
    this.deps.meter.count(key, network, notificationMethod, minuteOf(nowMs), 'answered', CREDITS_PER_NOTIFICATION);
  }

  /** A refusal's answer: at once while its key (or address) refuses within its pace, else once its wait is over. */
  private paced(scope: RefusalScope, answer: GatewayAnswer): GatewayAnswer | Promise<GatewayAnswer> {
    const ms = this.pace.waitMs(scope);
    if (ms === 0) return answer;
    this.deps.observer?.refusalSlowed();
    return this.pace.wait(ms).then(() => answer);
  }

  private meterEach(known: KnownCall<Key>, outcome: MeteredOutcome): void {
    const minute = minuteOf(known.nowMs);
    for (const method of known.payload.methods) this.deps.meter.count(known.key, known.network, method, minute, outcome);
  }

  /**
   * The answer, told to the observer and, when the key logs its calls, recorded in the request log
   * (a refused call only while its key's budget lasts: RequestLogRing.admits): plain fields, each
   * cut to what the log keeps, and a copy of the body's first 2 KB (without the params of a method
   * whose params may hold secrets), nothing else on the call's path.
   */
  private logged(
    { call, key, network, payload, nowMs }: KnownCall<Key>,
    outcome: MeteredOutcome,
    answer: GatewayAnswer,
    latencyMs: number | null,
    credits: number,
    accessRefusal: AccessRefusal | null = null,
  ): GatewayAnswer {
    const log = this.deps.requestLog;
    if (log !== undefined && key.logRequests === true && log.admits(key.keyId, outcome, nowMs)) {
      const { body } = call;
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
}
