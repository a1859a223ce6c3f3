import ipaddr from 'ipaddr.js';
import { isRefused, type MeteredOutcome, REFUSED_OUTCOMES, type RefusedOutcome } from '@/domain/call-outcomes';
import { paramsHoldSecrets } from '@/domain/rpc-method-policy';
import { methodLabel } from '@server/metering/method-label';
import { KeyedTokenBuckets } from '@server/shared/keyed-token-buckets';
import type { CallFacts, StoredCall } from '@server/repos/request-log';

/** What the request log keeps of a request's JSON text: its first 2 KB. */
export const REQUEST_LOG_TEXT_BYTES = 2048;
/** A key's log holds its newest calls, this many at most... */
export const REQUEST_LOG_PER_KEY = 10_000;
/** A process trims a key's stored log after writing this many of its calls (server/metering/metering.ts). */
export const REQUEST_LOG_TRIM_EVERY = 1_000;
/** ...of the last 24 hours. */
export const REQUEST_LOG_KEPT_MS = 24 * 3_600_000;
/** Calls a process holds between two writes; past it, the oldest are dropped (the log is bounded, the gateway never waits for it). */
export const REQUEST_LOG_RING = 10_000;
/** And the bytes they may take (about: see callBytes); past it too, the oldest are dropped. */
export const REQUEST_LOG_RING_BYTES = 8 * 1024 * 1024;
/** An Origin header is the client's: kept up to this many characters. */
export const ORIGIN_CHARACTERS = 256;
/** What a logged request holds instead of the params of a method whose params may hold secrets. */
export const SECRET_PARAMS_MARKER = '(not stored: the params of this method may hold secrets)';

/**
 * One logged request, as the gateway records it on the call's path: every field already cut to
 * what the log keeps (the address masked, the method labelled, the Origin bounded, at most 2 KB of
 * the body), so nothing the client sent larger reaches the ring or a worker's report. Plain JSON,
 * so a worker's report carries it to the main process.
 */
export interface LoggedCall extends CallFacts {
  /** Epoch ms. */
  readonly at: number;
  /** The request's first REQUEST_LOG_TEXT_BYTES bytes, as latin1 (bytes kept as they are; decoded by the writer). */
  readonly head: string;
  /** Whether the request's text was longer than `head`. */
  readonly truncated: boolean;
}

/** Why a call was not logged: a refusal past its key's budget (by its outcome), or the ring full. */
export type LogDrop = RefusedOutcome | 'ring_full';

export const LOG_DROPS: readonly LogDrop[] = [...REFUSED_OUTCOMES, 'ring_full'];

/** About what a call takes in the ring: its strings (two bytes a character at most) and the rest. */
export function callBytes(call: LoggedCall): number {
  return 200 + call.head.length + 2 * (call.method.length + call.clientAddress.length + (call.origin?.length ?? 0));
}

/**
 * The calls recorded since the last write, in one process: at most `capacity` calls and `maxBytes`
 * bytes (callBytes). Recording never waits and never grows memory past the bound; when it is full
 * the oldest calls are dropped (counted as 'ring_full'). Refused calls are recorded only within
 * their key's budget (RefusalLogBudget, through `admits`): the others are counted by their outcome.
 * `take` hands everything to a write; `restore` puts a failed write's calls back in front of newer
 * ones, as far as the bound allows.
 */
export class RequestLogRing {
  private calls: LoggedCall[] = [];
  private start = 0;
  private heldBytes = 0;
  private readonly drops: Record<LogDrop, number> = {
    refused_allow_list: 0,
    refused_method: 0,
    refused_quota: 0,
    refused_rate: 0,
    ring_full: 0,
  };

  constructor(
    private readonly capacity = REQUEST_LOG_RING,
    private readonly maxBytes = REQUEST_LOG_RING_BYTES,
    private readonly budget = new RefusalLogBudget(),
  ) {}

  get size(): number {
    return this.calls.length - this.start;
  }

  /** What the calls held take, about (callBytes). */
  get bytes(): number {
    return this.heldBytes;
  }

  /** Calls not logged since start, by why (metrics: rpc_request_log_dropped_total). */
  get dropped(): Readonly<Record<LogDrop, number>> {
    return this.drops;
  }

  /**
   * Whether a call of the key with this outcome is to be recorded: every call a node answered or
   * failed (admission bounds those), a refused one while its key's budget lasts; a refusal past it
   * is counted, not recorded. Asked before the call is copied for the log.
   */
  admits(keyId: number, outcome: MeteredOutcome, nowMs: number): boolean {
    if (!isRefused(outcome) || this.budget.take(keyId, nowMs)) return true;
    this.drops[outcome] += 1;
    return false;
  }

  record(call: LoggedCall): void {
    this.calls.push(call);
    this.heldBytes += callBytes(call);
    this.dropOverflow();
  }

  /** Calls recorded elsewhere (an HTTP worker's report, admitted by its own budget), newest last. */
  recordAll(calls: readonly LoggedCall[]): void {
    for (const call of calls) this.record(call);
  }

  take(): LoggedCall[] {
    const taken = this.calls.slice(this.start);
    this.calls = [];
    this.start = 0;
    this.heldBytes = 0;
    return taken;
  }

  /** Older calls back in front; past the bound, the oldest of all go. */
  restore(older: readonly LoggedCall[]): void {
    this.calls = [...older, ...this.calls.slice(this.start)];
    this.start = 0;
    for (const call of older) this.heldBytes += callBytes(call);
    this.dropOverflow();
  }

  private dropOverflow(): void {
    while (this.size > this.capacity || (this.heldBytes > this.maxBytes && this.size > 0)) {
      const oldest = this.calls[this.start];
      if (oldest !== undefined) this.heldBytes -= callBytes(oldest);
      this.start += 1;
      this.drops.ring_full += 1;
    }
    // Compact now and then rather than shifting the array on every drop.
    if (this.start >= 1024 && this.start * 2 >= this.calls.length) {
      this.calls = this.calls.slice(this.start);
      this.start = 0;
    }
  }
}

/** Refused calls of one key logged per second, in one process... */
export const REFUSED_LOG_PER_SECOND = 10;
/** ...and at most this many at once (a burst after a quiet while). */
export const REFUSED_LOG_BURST = 20;
/**
 * How many refused calls of each key the request log keeps: a token bucket per key, refilled at
 * REFUSED_LOG_PER_SECOND up to REFUSED_LOG_BURST. Refusals cost the client nothing (no token, no
 * credit), so without it a client flooding refused calls writes a row per call; with it, a key's
 * refused calls write at most REFUSED_LOG_BURST + REFUSED_LOG_PER_SECOND × seconds rows per
 * process. It lives in each process's memory: with WORKERS > 1 each HTTP worker (and the main
 * process, for its own calls) has its own, and each replica its own, so a key's bound is that
 * figure × processes × replicas; still a bound, and no shared store is touched on a refusal.
 * Calls with unknown keys are never logged at all (they have no key to log for).
 */
export class RefusalLogBudget {
  private readonly buckets: KeyedTokenBuckets<number>;

  constructor(perSecond = REFUSED_LOG_PER_SECOND, burst = REFUSED_LOG_BURST) {
    this.buckets = new KeyedTokenBuckets({ perSecond, burst, debt: 0 });
  }

  /** Whether the key may log one more refused call now (taking it from its bucket). */
  take(keyId: number, nowMs: number): boolean {
    return this.buckets.take(keyId, nowMs) === 0;
  }
}

/** The request's text as the log keeps it: the body's first 2 KB, or, when a method's params may hold secrets, the body with those params replaced. */
export function loggedText(body: Buffer | undefined, methods: readonly string[]): { head: string; truncated: boolean } {
  if (body === undefined) return { head: '', truncated: false };
  if (!methods.some(paramsHoldSecrets)) return { head: requestHead(body), truncated: body.length > REQUEST_LOG_TEXT_BYTES };
  const text = Buffer.from(JSON.stringify(withoutSecrets(JSON.parse(body.toString('utf8')))));
  return { head: requestHead(text), truncated: text.length > REQUEST_LOG_TEXT_BYTES };
}

/** A parsed request (or batch) with the params of its secret-holding entries replaced by the marker. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null || !('method' in value)) return value;
  const { method } = value;
  if (typeof method !== 'string' || !paramsHoldSecrets(method) || !('params' in value)) return value;
  return { ...value, params: SECRET_PARAMS_MARKER };
}

/** An Origin header as the log keeps it: its first ORIGIN_CHARACTERS characters, without NUL. */
export function loggedOrigin(origin: string | undefined): string | null {
  return origin === undefined ? null : origin.slice(0, ORIGIN_CHARACTERS).replaceAll('\u0000', '');
}

/** The body's head as the log records it on the call's path: a copy of at most 2 KB, latin1 (one char per byte, nothing decoded). */
export function requestHead(body: Buffer): string {
  return body.toString('latin1', 0, Math.min(body.length, REQUEST_LOG_TEXT_BYTES));
}

/**
 * The head back as text: UTF-8, without NUL (which PostgreSQL's text refuses); when `truncated`, a
 * character cut at the 2 KB boundary is dropped.
 */
export function requestText(head: string, truncated: boolean): string {
  const text = Buffer.from(head, 'latin1').toString('utf8').replaceAll('\u0000', '');
  return truncated ? text.replace(/\uFFFD+$/, '') : text;
}

/**
 * A client address as the log shows it: an IPv4 address's network /24, an IPv6 address's /48 (an
 * IPv4-mapped one as IPv4); 'unknown' for anything else. Enough to tell clients apart, not to name one.
 */
export function maskAddress(address: string): string {
  if (!ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = parsed.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = parsed.toByteArray();
  const masked = ipaddr.fromByteArray([...parts.slice(0, 6), ...Array.from({ length: 10 }, () => 0)]);
  return `${masked.toString()}/48`;
}

/** A recorded call as the log stores it: the text decoded (everything else was cut on the call's path). */
export function storedCall(call: LoggedCall): StoredCall {
  return {
    keyId: call.keyId,
    userId: call.userId,
    at: new Date(call.at),
    network: call.network,
    transport: call.transport,
    method: methodLabel(call.method),
    calls: call.calls,
    outcome: call.outcome,
    accessRefusal: call.accessRefusal,
    status: call.status,
    latencyMs: call.latencyMs === null ? null : Math.round(call.latencyMs),
    credits: call.credits,
    requestBytes: call.requestBytes,
    answerBytes: call.answerBytes,
    clientAddress: call.clientAddress,
    origin: call.origin,
    request: requestText(call.head, call.truncated),
    requestTruncated: call.truncated,
  };
}
