import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { GatewayAnswer } from '@server/gateway/gateway';

/** The CORS preflight answer of browsers calling from a dapp's origin. */
export const preflightHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '86400',
};

/**
 * Writes an answer straight to Node's response: the gateway's answers are its own (the node's
 * bytes or a JSON-RPC error), so Fastify's onSend hooks (cookies, the SPA's security headers) have
 * nothing to add to them, and skipping them is a measurable share of the hot path (bench/gateway.ts).
 */
export function writeAnswer(response: ServerResponse, answer: GatewayAnswer): void {
  const { body } = answer;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    // Sized, as nginx answers: no chunked framing around a small answer.
    response.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) });
    response.end(body);
    return;
  }
  response.writeHead(answer.status, answer.headers);
  // A large answer streams; if the node breaks off half-way, so does the answer (headers are gone).
  pipeline(body, response, () => undefined);
}
