import { STATUS_CODES } from 'node:http';
import { isBodiless } from '@server/gateway/http-answer';
import { fieldName } from '@server/cluster/rpc-request-bytes';

/** How an answer's body is framed: sized, chunked (streamed), or none (1xx, 204, 304). */
export type BodyFraming = { readonly kind: 'sized'; readonly length: number } | { readonly kind: 'chunked' } | { readonly kind: 'none' };

/** As Node's HTTP server checks them before it sends a header: no control characters (so no CR, LF). */
const invalidValue = /[^\t\x20-\x7e\x80-\xff]/;

export class InvalidHeaderError extends Error {
  override name = 'InvalidHeaderError';
}

/** Statuses whose answers never carry a body (http-answer.ts's isBodiless, RFC 9110 §6.4.1) are framed by none. */
export function framingFor(status: number, bodyLength: number | null): BodyFraming {
  if (isBodiless(status)) return { kind: 'none' };
  return bodyLength === null ? { kind: 'chunked' } : { kind: 'sized', length: bodyLength };
}

let dateSecond = -1;
let dateText = '';

/** The Date field's value, worked out once a second (as Node's HTTP server does). */
function httpDate(nowMs: number): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * The status line and fields of an answer, as Node's HTTP server would write them (Date,
 * Connection, Keep-Alive, then the framing), ending with the blank line. Throws InvalidHeaderError
 * for a name or value Node would refuse to send: a node's header must never split the answer.
 */
export function answerHead(
  status: number,
  headers: Readonly<Record<string, string>>,
  framing: BodyFraming,
  keepAliveSeconds: number | null,
  nowMs: number,
): string {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}\r\n`;
  for (const name in headers) {
    const value = headers[name] ?? '';
    if (!fieldName.test(name) || invalidValue.test(value))
      throw new InvalidHeaderError(`the header ${JSON.stringify(name)} cannot be sent`);
    head += `${name}: ${value}\r\n`;
  }
  head += `date: ${httpDate(nowMs)}\r\n`;
  head += keepAliveSeconds === null ? 'connection: close\r\n' : `connection: keep-alive\r\nkeep-alive: timeout=${keepAliveSeconds}\r\n`;
  if (framing.kind === 'sized') head += `content-length: ${framing.length}\r\n`;
  else if (framing.kind === 'chunked') head += 'transfer-encoding: chunked\r\n';
  return `${head}\r\n`;
}
