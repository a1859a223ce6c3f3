import type { ServerResponse } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { retryAfterValue } from '@/domain/admission-rule';
import { apiPrefix } from '@server/http/api-prefix';
import { securityHeaders, transportSecurityHeaders } from '@server/http/security-headers';
import { rpcBatchErrorBody, rpcErrorBody, type RpcId, type RpcPayload } from '@server/gateway/json-rpc';
import { gatewayErrors, type GatewayError } from '@server/gateway/rpc-errors';

/**
 * Every answer of the gateway's, decided here once: the node's answer passed through, the gateway's
 * own refusals (rpc-errors.ts says which, this module says how they are answered), and the refusals
 * of its HTTP fronts (a preflight, a body past the limit, a call that failed inside). The three
 * fronts — Fastify's route (routes.ts), a worker's Node HTTP server (cluster/rpc-http.ts) and the
 * workers' fast path (cluster/rpc-connection.ts) — only frame these answers' bytes, each its own way.
 */

/** What to answer: the node's bytes, or the gateway's own JSON-RPC error. */
export interface GatewayAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer | Readable | string;
}

const jsonContentType = 'application/json; charset=utf-8';

/** CORS: browsers' dapps call from their own origins (the allowed-domains list is what restricts them). */
const anyOrigin = { 'access-control-allow-origin': '*' } as const;

/** On every answer of the gateway's (CORS as above). Answers are per call: nothing caches them. */
const callHeaders: Readonly<Record<string, string>> = Object.assign({}, anyOrigin, {
  'access-control-expose-headers': 'X-Credits-Used, X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

/** A plan's rate on an answer: its requests a second and the tokens left. */
export interface RateHeaders {
  readonly limit: number;
  readonly remaining: number;
}

/** The headers of an answer to an identified key: X-Credits-Used always, X-RateLimit-* when the plan has a rate. */
export function keyHeaders(credits: number, rate: RateHeaders | null): Record<string, string> {
  const headers: Record<string, string> = Object.assign({ 'x-credits-used': String(credits) }, callHeaders);
  if (rate !== null) {
    headers['x-ratelimit-limit'] = String(rate.limit);
    headers['x-ratelimit-remaining'] = String(rate.remaining);
  }
  return headers;
}

/**
 * One of the gateway's own refusals: its JSON-RPC error (with the call's id when it was read), on
 * `headers` (keyHeaders once the key is known). A rate refusal says when to retry (Retry-After).
 */
export function refusalAnswer(problem: GatewayError, id: RpcId, headers: Readonly<Record<string, string>> = callHeaders): GatewayAnswer {
  const answer: GatewayAnswer = {
    status: problem.status,
    headers: Object.assign({}, headers, { 'content-type': jsonContentType }),
    body: rpcErrorBody(id, problem.code, problem.message, problem.data),
  };
  if (problem.data?.limit === 'rate') answer.headers['retry-after'] = retryAfterValue(problem.data.retryAfterSeconds * 1000);
  return answer;
}

/**
 * The gateway failed on a call it had read (e.g. its key or credits could not be read: the database
 * is away): a JSON-RPC internal error (500) addressed to the call, or to each call of a batch.
 */
export function internalAnswer(payload: Pick<RpcPayload, 'batch' | 'id' | 'ids'>): GatewayAnswer {
  const { status, code, message } = gatewayErrors.internal();
  return {
    status,
    headers: Object.assign({}, callHeaders, { 'content-type': jsonContentType }),
    body: payload.batch ? rpcBatchErrorBody(payload.ids, code, message) : rpcErrorBody(payload.id, code, message),
  };
}

/** The node's answer as it came (status, content type, bytes), on the key's headers. */
export function nodeAnswer(status: number, headers: Record<string, string>, contentType: string, body: Buffer | Readable): GatewayAnswer {
  headers['content-type'] = contentType;
  return { status, headers, body };
}

/** The CORS preflight answer of browsers calling from a dapp's origin. */
const preflightHeaders = Object.assign({}, anyOrigin, {
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '86400',
});

/** What a front answers before (or instead of) the gateway, the same on every front. */
export interface GatewayFront {
  /** The largest request body a front reads: past it, `tooLarge` without reading further. */
  readonly bodyLimit: number;
  /** 204 to a CORS preflight (OPTIONS). */
  readonly preflight: GatewayAnswer;
  readonly tooLarge: GatewayAnswer;
  /** The gateway failed on the call (the front logs why). */
  readonly internal: GatewayAnswer;
  /** A mistake the front itself found in the request (two Host fields, a bad escape...): a JSON-RPC error with id null. */
  refusal(problem: GatewayError): GatewayAnswer;
}

/**
 * The answers of the gateway's fronts, for a server's settings. They carry the origin's security
 * headers, as every answer written through Fastify's reply does (server/http/security-headers.ts):
 * the main process's answer is the one every front gives.
 */
export function gatewayFront(settings: { readonly gatewayBodyLimit: number; readonly publicUrl: string }): GatewayFront {
  const originHeaders = Object.assign({}, securityHeaders(`${apiPrefix}/v1/`), transportSecurityHeaders(settings.publicUrl));
  const refusal = (problem: GatewayError): GatewayAnswer => ({
    status: problem.status,
    headers: Object.assign({}, originHeaders, { 'content-type': jsonContentType }, anyOrigin),
    body: rpcErrorBody(null, problem.code, problem.message),
  });
  return {
    bodyLimit: settings.gatewayBodyLimit,
    preflight: { status: 204, headers: Object.assign({}, originHeaders, preflightHeaders), body: '' },
    tooLarge: refusal(gatewayErrors.tooLarge(settings.gatewayBodyLimit)),
    internal: refusal(gatewayErrors.internal()),
    refusal,
  };
}

/** Statuses whose answers never carry a body (RFC 9110 §6.4.1), so no Content-Length either (§8.6). */
export function isBodiless(status: number): boolean {
  return status < 200 || status === 204 || status === 304;
}

/**
 * Writes an answer straight to Node's response: the gateway's answers are its own (the node's bytes
 * or a JSON-RPC error), so Fastify's onSend hooks (cookies, the SPA's security headers) have
 * nothing to add to them, and skipping them is a measurable share of the hot path (bench/gateway.ts).
 */
export function writeAnswer(response: ServerResponse, answer: GatewayAnswer): void {
  const { body } = answer;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    if (isBodiless(answer.status)) {
      response.writeHead(answer.status, answer.headers);
      response.end();
      return;
    }
    // Sized, as nginx answers: no chunked framing around a small answer.
    response.writeHead(answer.status, Object.assign({}, answer.headers, { 'content-length': String(Buffer.byteLength(body)) }));
    response.end(body);
    return;
  }
  // The client already left: drop the node's answer, as pipeline does (Node 22+ throws when asked to
  // pipe into a destroyed stream).
  if (response.destroyed) {
    body.destroy();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  // A large answer streams; if the node breaks off half-way, so does the answer (headers are gone).
  pipeline(body, response, () => undefined);
}
