/**
 * One run of the RPC playground as the response panel shows it (SPEC.md "/rpc-testing": elapsed
 * time in ms, size in bytes, the JSON) and the error rules of SPEC.md §8 "RPC test".
 */
import { CallFailed, type CallFailure, envelopeMessage, failureIn, httpStatusOf, parsedJson } from './call-failure';

/** SPEC.md §8: the last fallback is French in the original product, kept word for word. */
export const RPC_FALLBACK = 'Une erreur est survenue';
/** JSON-RPC "internal error": the code shown when no HTTP status came back. */
export const RPC_INTERNAL_ERROR = -32603;

/** SPEC.md §3 "RPC request body": jsonrpc '2.0', method, id 1, params. */
export function rpcRequestBody(method: string, params: unknown[]) {
  return { jsonrpc: '2.0' as const, method, id: 1, params };
}

export interface RpcExchange {
  /** What the panel shows: the answer, pretty-printed when it is JSON. */
  json: string;
  /** The HTTP status; null when no response came back. */
  status: number | null;
  elapsedMs: number;
  /** Bytes of the response body as received. */
  sizeBytes: number;
}

/**
 * A failed run (the actor rejects with this): what went wrong, with the time it took, the bytes
 * that came back, and the HTTP client's own words for it (fetch's message when nothing answered).
 */
export class RpcFailed extends CallFailed {
  override readonly name: string = 'RpcFailed';

  constructor(
    failure: CallFailure,
    readonly elapsedMs: number,
    readonly sizeBytes: number,
    readonly detail: string | null = null,
  ) {
    super(failure);
  }

  override toJSON(): unknown {
    return { failure: this.failure, elapsedMs: this.elapsedMs, sizeBytes: this.sizeBytes, detail: this.detail };
  }
}

/** Indented JSON when the text is JSON; the text as it came otherwise (an HTML error page, say). */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The server's message in an error body: a JSON-RPC error's message, else the API envelope's (envelopeMessage). */
export function rpcServerMessage(body: string): string | null {
  const parsed = parsedJson(body);
  if (typeof parsed !== 'object' || parsed === null) return null;
  if ('error' in parsed && typeof parsed.error === 'object' && parsed.error !== null && 'message' in parsed.error) {
    const { message } = parsed.error;
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
  }
  return envelopeMessage(parsed);
}

/** The message an HTTP failure has of its own when the server said nothing (as common HTTP clients word it). */
export const statusErrorMessage = (status: number) => `Request failed with status code ${status}`;

/**
 * SPEC.md §8: the panel shows a JSON-RPC error response whose code is the HTTP status (or -32603
 * without one) and whose message is the server's message, else the error's message (the HTTP
 * client's words: the status, or fetch's `detail` when nothing answered), else the French fallback.
 */
export function rpcErrorJson(failure: CallFailure, detail: string | null = null): string {
  const status = httpStatusOf(failure);
  const errorMessage = status === null ? detail : statusErrorMessage(status);
  const message = (failure.kind === 'refused' ? failure.message : null) || errorMessage?.trim() || RPC_FALLBACK;
  const answer = { jsonrpc: '2.0', id: 1, error: { code: status ?? RPC_INTERNAL_ERROR, message } };
  return JSON.stringify(answer, null, 2);
}

/** What the panel shows for a rejected run: its failure as SPEC.md §8's error response; anything else as -32603 with no bytes. */
export function exchangeOfFailure(error: unknown): RpcExchange {
  const failure = failureIn(error);
  const status = httpStatusOf(failure);
  if (error instanceof RpcFailed) {
    return { json: rpcErrorJson(failure, error.detail), status, elapsedMs: error.elapsedMs, sizeBytes: error.sizeBytes };
  }
  return { json: rpcErrorJson(failure), status, elapsedMs: 0, sizeBytes: 0 };
}

const sizes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '123 ms'. */
export const formatElapsed = (ms: number) => `${sizes.format(Math.round(ms))} ms`;
/** '1,234 bytes'. */
export const formatSize = (bytes: number) => `${sizes.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
