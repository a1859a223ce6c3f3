import ipaddr from 'ipaddr.js';
import type { MeteredOutcome } from '@/domain/call-outcomes';
import { methodLabel } from '@server/metering/method-label';
import type { StoredCall } from '@server/repos/request-log';
import type { Network } from '@server/repos/usage';

/** What the request log keeps of a request's JSON text: its first 2 KB (issue 24). */
export const REQUEST_LOG_TEXT_BYTES = 2048;
/** A key's log holds its newest calls, this many at most... */
export const REQUEST_LOG_PER_KEY = 10_000;
/** A process trims a key's stored log after writing this many of its calls (server/metering/metering.ts). */
export const REQUEST_LOG_TRIM_EVERY = 1_000;
/** ...of the last 24 hours. */
export const REQUEST_LOG_KEPT_MS = 24 * 3_600_000;
/** Calls a process holds between two writes; past it, the oldest are dropped (the log is bounded, the gateway never waits for it). */
export const REQUEST_LOG_RING = 10_000;

/**
 * One logged request, as the gateway records it on the call's path: plain fields and a copy of at
 * most 2 KB of the body (the rest of the work, masking and decoding, is the writer's). Plain JSON,
 * so a worker's report carries it to the main process.
 */
export interface LoggedCall {
  readonly keyId: number;
  readonly userId: number;
  /** Epoch ms. */
  readonly at: number;
  readonly network: Network;
  /** The request's method, the first of a batch. */
  readonly method: string;
  readonly calls: number;
  readonly outcome: MeteredOutcome;
  readonly status: number;
  /** The node's answer time (ms); null when the call did not reach it. */
  readonly latencyMs: number | null;
  readonly credits: number;
  readonly requestBytes: number;
  /** null when the answer was streamed through uncounted. */
  readonly answerBytes: number | null;
  /** The client's address, not masked yet. */
  readonly clientIp: string;
  readonly origin: string | null;
  /** The body's first REQUEST_LOG_TEXT_BYTES bytes, as latin1 (bytes kept as they are; decoded by the writer). */
  readonly head: string;
}

/**
 * The calls recorded since the last write, in one process: a ring of REQUEST_LOG_RING. Recording
 * never waits and never grows memory past the bound; when it is full the oldest call is dropped
 * (counted in `dropped`). `take` hands everything to a write; `restore` puts a failed write's calls
 * back in front of newer ones, as far as the bound allows.
 */
export class RequestLogRing {
  private calls: LoggedCall[] = [];
  private start = 0;
  private droppedCalls = 0;

  constructor(private readonly capacity = REQUEST_LOG_RING) {}

  get size(): number {
    return this.calls.length - this.start;
  }

  /** Calls dropped because the ring was full, since start. */
  get dropped(): number {
    return this.droppedCalls;
  }

  record(call: LoggedCall): void {
    if (this.size >= this.capacity) {
      this.start += 1;
      this.droppedCalls += 1;
      // Compact now and then rather than shifting the array on every drop.
      if (this.start >= this.capacity) this.compact();
    }
    this.calls.push(call);
  }

  /** Calls recorded elsewhere (an HTTP worker's report), newest last. */
  recordAll(calls: readonly LoggedCall[]): void {
    for (const call of calls) this.record(call);
  }

  take(): LoggedCall[] {
    const taken = this.calls.slice(this.start);
    this.calls = [];
    this.start = 0;
    return taken;
  }

  /** Older calls back in front; past the bound, the oldest of all go. */
  restore(older: readonly LoggedCall[]): void {
    const all = [...older, ...this.calls.slice(this.start)];
    const over = Math.max(0, all.length - this.capacity);
    this.droppedCalls += over;
    this.calls = all.slice(over);
    this.start = 0;
  }

  private compact(): void {
    this.calls = this.calls.slice(this.start);
    this.start = 0;
  }
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

/** An Origin header is the client's: kept up to this many characters. */
const ORIGIN_CHARACTERS = 256;

/** A recorded call as the log stores it: the address masked, the text decoded, the Origin bounded. */
export function storedCall(call: LoggedCall): StoredCall {
  const truncated = call.requestBytes > REQUEST_LOG_TEXT_BYTES;
  return {
    keyId: call.keyId,
    userId: call.userId,
    at: new Date(call.at),
    network: call.network,
    method: methodLabel(call.method),
    calls: call.calls,
    outcome: call.outcome,
    status: call.status,
    latencyMs: call.latencyMs === null ? null : Math.round(call.latencyMs),
    credits: call.credits,
    requestBytes: call.requestBytes,
    answerBytes: call.answerBytes,
    clientAddress: maskAddress(call.clientIp),
    origin: call.origin === null ? null : call.origin.slice(0, ORIGIN_CHARACTERS).replaceAll('\u0000', ''),
    request: requestText(call.head, truncated),
    requestTruncated: truncated,
  };
}
