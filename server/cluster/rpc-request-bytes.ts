import { maxHeadBytes } from '@server/http/server-limits';
/**
 * The workers' fast path reads plain gateway calls straight off the socket (server/cluster/
 * rpc-connection.ts) instead of through Node's HTTP server: the same answers for a fraction of the
 * CPU. It only takes what it can frame beyond doubt — `POST /api/v1/{network}/{key} HTTP/1.1`, a
 * Host, at most one Content-Length of plain digits within the body limit, no Transfer-Encoding,
 * Expect, Upgrade or Connection other than keep-alive, strict header syntax — and hands anything
 * else, with every byte it has read, to Node's HTTP server, which answers it as it always did
 * (413, 431, 400, chunked bodies, 100-continue, the API behind the worker...).
 */
import { matchRpcPath } from '@server/cluster/rpc-http';

/** A whole gateway call read from the connection's raw bytes: where its body lies in the bytes read so far. */
export interface RawCall {
  readonly kind: 'call';
  readonly network: string;
  readonly apiKey: string;
  readonly origin: string | undefined;
  /** The X-Forwarded-For fields, joined as Node's HTTP server joins them (read only through trusted proxies). */
  readonly forwardedFor: string | undefined;
  /** Offsets in the buffer: the body is [bodyStart, end); the next request starts at `end`. */
  readonly bodyStart: number;
  readonly end: number;
}

export type RawCallRead =
  | RawCall
  /** More bytes are needed: the head's end, or (`needed`) the body's, the whole call being that long. */
  | { readonly kind: 'incomplete'; readonly headComplete: false }
  | { readonly kind: 'incomplete'; readonly headComplete: true; readonly needed: number }
  /** Not for the fast path: Node's HTTP server takes the connection from here. */
  | { readonly kind: 'handOff' };

/** More header lines than any API client sends: such a request goes the ordinary way. */
const maxHeaderLines = 64;

const headEnd = Buffer.from('\r\n\r\n');
const requestLine = /^POST (\/[!-~]*) HTTP\/1\.1$/;
/** RFC 9110 token characters: a field name. */
export const fieldName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A field value (read as latin1): visible characters, spaces and tabs, obs-text; no controls. */
const fieldValue = /^[\t\x20-\x7e\x80-\xff]*$/;
const digits = /^\d{1,10}$/;
const keepAlive = /^keep-alive$/i;

const handOff: RawCallRead = { kind: 'handOff' };
const headMissing: RawCallRead = { kind: 'incomplete', headComplete: false };

/** Fields that change how the message is framed or answered: any of them sends it to Node's parser. */
const framingFields = new Set(['transfer-encoding', 'expect', 'upgrade', 'te', 'trailer']);

interface Head {
  readonly network: string;
  readonly apiKey: string;
  readonly origin: string | undefined;
  readonly forwardedFor: string | undefined;
  readonly contentLength: number;
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** The head's text (request line and fields, without the blank line) as a fast-path call, or null. */
export function readHead(text: string, bodyLimit: number): Head | null {
  let lineEnd = text.indexOf('\r\n');
  if (lineEnd < 0) lineEnd = text.length;
  const target = requestLine.exec(text.slice(0, lineEnd));
  const rpc = target === null ? null : matchRpcPath(target[1]);
  if (rpc === null) return null;
  let host = 0;
  let origin: string | undefined;
  let forwardedFor: string | undefined;
  let contentLength: number | undefined;
  let lines = 0;
  // One field line at a time, [start, lineEnd): no array of lines, no copies but name and value.
  for (let start = lineEnd + 2; start <= text.length; start = lineEnd + 2) {
    lines += 1;
    if (lines > maxHeaderLines) return null;
    lineEnd = text.indexOf('\r\n', start);
    if (lineEnd < 0) lineEnd = text.length;
    const colon = text.indexOf(':', start);
    if (colon <= start || colon > lineEnd) return null;
    let valueStart = colon + 1;
    let valueEnd = lineEnd;
    while (valueStart < valueEnd && isWhitespace(text.charCodeAt(valueStart))) valueStart += 1;
    while (valueEnd > valueStart && isWhitespace(text.charCodeAt(valueEnd - 1))) valueEnd -= 1;
    const name = text.slice(start, colon);
    const value = text.slice(valueStart, valueEnd);
    // A bare CR or LF, a folded line, a space before the colon: all for Node's parser to judge.
    if (!fieldName.test(name) || !fieldValue.test(value)) return null;
    switch (name.toLowerCase()) {
      case 'host':
        host += 1;
        break;
      case 'content-length':
        // Node's parser takes spaces after the digits but refuses a tab there (HPE_INVALID_CONTENT_LENGTH).
        if (contentLength !== undefined || !digits.test(value) || text.slice(valueEnd, lineEnd).includes('\t')) return null;
        contentLength = Number(value);
        if (contentLength > bodyLimit) return null;
        break;
      case 'origin':
        if (origin !== undefined) return null;
        origin = value;
        break;
      case 'connection':
        if (!keepAlive.test(value)) return null;
        break;
      case 'x-forwarded-for':
        forwardedFor = forwardedFor === undefined ? value : `${forwardedFor}, ${value}`;
        break;
      default:
        if (framingFields.has(name.toLowerCase())) return null;
    }
  }
  if (host !== 1) return null;
  return { network: rpc.network, apiKey: rpc.apiKey, origin, forwardedFor, contentLength: contentLength ?? 0 };
}

/**
 * A line feed without its carriage return: the fast path takes no such head, and Node's parser may
 * see the head end at it (`GET / HTTP/1.0\n\n`) while no CRLFCRLF ever comes: it must not wait for one.
 */
function hasBareLineFeed(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) if (at === 0 || bytes[at - 1] !== 0x0d) return true;
  return false;
}

/** Reads the request at the start of `bytes`: a whole call, a need for more bytes, or a hand-off. */
export function readRawCall(bytes: Buffer, bodyLimit: number): RawCallRead {
  const end = bytes.indexOf(headEnd);
  if (end < 0) return bytes.length > maxHeadBytes || hasBareLineFeed(bytes) ? handOff : headMissing;
  if (end > maxHeadBytes) return handOff;
  const head = readHead(bytes.toString('latin1', 0, end), bodyLimit);
  if (head === null) return handOff;
  const bodyStart = end + headEnd.length;
  const callEnd = bodyStart + head.contentLength;
  if (bytes.length < callEnd) return { kind: 'incomplete', headComplete: true, needed: callEnd };
  return {
    kind: 'call',
    network: head.network,
    apiKey: head.apiKey,
    origin: head.origin,
    forwardedFor: head.forwardedFor,
    bodyStart,
    end: callEnd,
  };
}
