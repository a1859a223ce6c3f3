/** Just enough of JSON-RPC 2.0 to meter a call and address an error to it; the node sees the original bytes. */

export type RpcId = string | number | null;

export interface RpcPayload {
  /** A batch (a JSON array), whatever its length. */
  readonly batch: boolean;
  /** The method of each call, in order. */
  readonly methods: readonly string[];
  /** The id of a single call (null when absent or for a batch): the gateway's own errors carry it. */
  readonly id: RpcId;
  /** The id of each call, in order (null where absent). */
  readonly ids: readonly RpcId[];
  /** The params of each call, in order (undefined where absent): the fleet reads the blocks they name. */
  readonly params: readonly unknown[];
}

export type PayloadProblem = { readonly kind: 'parse' } | { readonly kind: 'invalid'; readonly detail: string };

export type ParsedPayload = { readonly ok: true; readonly payload: RpcPayload } | { readonly ok: false; readonly problem: PayloadProblem };

/** A batch above this many calls is refused whatever the plan (each call is metered one by one). */
export const maxBatchLength = 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is RpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

interface RpcRequest {
  readonly method: string;
  readonly id: RpcId;
  readonly params: unknown;
}

/** One request object as a JSON-RPC 2.0 request, or what is wrong with it. */
function readRequest(value: unknown): RpcRequest | string {
  if (!isRecord(value)) return 'a request must be a JSON object';
  if (value.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if (typeof value.method !== 'string' || value.method === '') return 'method must be a non-empty string';
  const id = value.id ?? null;
  if (!isId(id)) return 'id must be a string, a number or null';
  if ('params' in value && (typeof value.params !== 'object' || value.params === null)) return 'params must be an array or an object';
  return { method: value.method, id, params: value.params };
}

function invalid(detail: string): ParsedPayload {
  return { ok: false, problem: { kind: 'invalid', detail } };
}

/** Reads a request body: a JSON-RPC request, or a non-empty batch of them. */
export function parsePayload(body: Buffer | undefined): ParsedPayload {
  let value: unknown;
  try {
    value = JSON.parse(body === undefined ? '' : body.toString('utf8'));
  } catch {
    return { ok: false, problem: { kind: 'parse' } };
  }
  if (!Array.isArray(value)) {
    const request = readRequest(value);
    if (typeof request === 'string') return invalid(request);
    return { ok: true, payload: { batch: false, methods: [request.method], id: request.id, ids: [request.id], params: [request.params] } };
  }
  if (value.length === 0) return invalid('a batch must hold at least one request');
  if (value.length > maxBatchLength) return invalid(`a batch holds at most ${maxBatchLength} requests`);
  const methods: string[] = [];
  const ids: RpcId[] = [];
  const params: unknown[] = [];
  for (const [index, entry] of value.entries()) {
    const request = readRequest(entry);
    if (typeof request === 'string') return invalid(`batch entry ${index}: ${request}`);
    methods.push(request.method);
    ids.push(request.id);
    params.push(request.params);
  }
  return { ok: true, payload: { batch: true, methods, id: null, ids, params } };
}

/** The same error for each call of a batch, each with its id, in order (JSON-RPC 2.0 §6: a batch is answered by an array). */
export function rpcBatchErrorBody(ids: readonly RpcId[], code: number, message: string): string {
  return JSON.stringify(ids.map((id) => ({ jsonrpc: '2.0', id, error: { code, message } })));
}

/** The gateway's own answer: `{ jsonrpc: '2.0', id, error: { code, message, data? } }`, as the bytes sent. */
export function rpcErrorBody(id: RpcId, code: number, message: string, data?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } });
}
