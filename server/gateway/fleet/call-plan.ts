import { methodFacts } from '@/domain/rpc-method-registry';

/**
 * How the fleet serves one JSON-RPC call, read from its method (src/domain/rpc-method-registry.ts)
 * and the block its params name: which nodes may answer it, whether `latest` is written as the
 * fleet's head, and whether (and until when) its answer may be kept.
 */

/** The block a param names. */
export type BlockRef =
  /** 'latest', or no block given: the fleet's head. */
  | { readonly kind: 'head' }
  /** The node's own pending state: only a node at the head may answer. */
  | { readonly kind: 'pending' }
  | { readonly kind: 'number'; readonly number: number }
  /** A block hash, 'safe' or 'finalized': any node may answer; nothing is kept. */
  | { readonly kind: 'other' };

const quantity = /^0x(0|[1-9a-f][0-9a-f]{0,13})$/i;

/** The block a param names (undefined: the method's default, 'latest'). */
export function readBlockRef(value: unknown): BlockRef {
  if (value === undefined || value === 'latest') return { kind: 'head' };
  if (value === 'pending') return { kind: 'pending' };
  if (value === 'earliest') return { kind: 'number', number: 0 };
  if (typeof value === 'string' && quantity.test(value)) return { kind: 'number', number: Number.parseInt(value, 16) };
  if (typeof value === 'object' && value !== null && 'blockNumber' in value && !('blockHash' in value)) {
    const inner = readBlockRef(value.blockNumber);
    return inner.kind === 'number' ? inner : { kind: 'other' };
  }
  return { kind: 'other' };
}

/** A block number as JSON-RPC writes quantities. */
export function toQuantity(number: number): string {
  return `0x${number.toString(16)}`;
}

/** Which nodes a call goes to: one chosen for it, every node (a transaction), or the first in rotation (a node's own filters). */
export type Route = 'any' | 'all' | 'first';

/** How long a kept answer holds: for good, until a reorganisation at or below a block, or below the block its answer names. */
export type Keep = { readonly kind: 'always' } | { readonly kind: 'block'; readonly number: number } | { readonly kind: 'answer' };

export interface CallPlan {
  readonly route: Route;
  /** Answered from the head the gateway follows (eth_blockNumber), no node asked. */
  readonly head: boolean;
  /** The params as sent to the node: `latest` written as the head's number; null = as the client sent them. */
  readonly params: unknown[] | null;
  /** A node answers only once its head reaches this block; null = any node. */
  readonly minBlock: number | null;
  /** The call names the pending state: a node at the head answers. */
  readonly pending: boolean;
  /** The oldest block the call reads (archive nodes serve old ones); null = none named. */
  readonly oldestBlock: number | null;
  /** The cache's key for the answer; null = never kept. */
  readonly cacheKey: string | null;
  readonly keep: Keep | null;
}

function routeOf(method: string): Route {
  const facts = methodFacts(method);
  if (facts?.route === 'all') return 'all';
  // A filter lives on the node that made it; a sync send waits there for its receipt.
  return facts?.mutates === true ? 'first' : 'any';
}

interface Resolved {
  readonly value: unknown;
  readonly ref: BlockRef;
  /** The block as a number, when known (head: the fleet's, when there is one). */
  readonly number: number | null;
}

function resolve(value: unknown, head: number | null): Resolved {
  const ref = readBlockRef(value);
  if (ref.kind === 'number') return { value, ref, number: ref.number };
  if (ref.kind === 'head' && head !== null) return { value: toQuantity(head), ref, number: head };
  return { value, ref, number: null };
}

/** The blocks a call names, each resolved against the fleet's head, and its params with `latest` written as that head. */
function blocksOf(method: string, params: unknown, head: number | null): { blocks: Resolved[]; params: unknown[] | null } | null {
  const where = methodFacts(method)?.block ?? null;
  if (where === null) return null;
  const list = Array.isArray(params) ? params : params === undefined ? [] : null;
  if (list === null) return null;
  if (where === 'filter') {
    const filter: unknown = list[0];
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return null;
    if ('blockHash' in filter) return { blocks: [{ value: filter.blockHash, ref: { kind: 'other' }, number: null }], params: null };
    const fromValue = 'fromBlock' in filter ? filter.fromBlock : undefined;
    const toValue = 'toBlock' in filter ? filter.toBlock : undefined;
    const from = resolve(fromValue, head);
    const to = resolve(toValue, head);
    const rewritten = from.value !== fromValue || to.value !== toValue;
    return {
      blocks: [from, to],
      params: rewritten ? [Object.assign({}, filter, { fromBlock: from.value, toBlock: to.value }), ...list.slice(1)] : null,
    };
  }
  const block = resolve(list[where], head);
  // Params missing before the block's place: the node answers the malformed call as it came.
  if (block.value === list[where] || list.length < where) return { blocks: [block], params: null };
  const written = [...list];
  written[where] = block.value;
  return { blocks: [block], params: written };
}

/**
 * How to serve `method` with `params` while the fleet's head is `head` (null: not known yet, when
 * `latest` goes to the node as it is and nothing tied to it is kept).
 */
export function planCall(method: string, params: unknown, head: number | null): CallPlan {
  const route = routeOf(method);
  const cache = methodFacts(method)?.cache ?? 'never';
  const read = blocksOf(method, params, head);
  const blocks = read?.blocks ?? [];
  const sent = read?.params ?? null;
  const numbers = blocks.map((block) => block.number);
  const known = numbers.filter((number) => number !== null);
  const pending = blocks.some((block) => block.ref.kind === 'pending');
  const unresolved = numbers.some((number) => number === null);
  const minBlock = known.length > 0 ? Math.max(...known) : null;
  const oldestBlock = known.length > 0 ? Math.min(...known) : null;
  const keyOf = () => `${method}${JSON.stringify(sent ?? params ?? [])}`;
  let keep: Keep | null = null;
  if (cache === 'byChain' || cache === 'byParams') keep = { kind: 'always' };
  else if (cache === 'byHash') keep = { kind: 'answer' };
  // A block past the head may not exist yet: its answer (null, or an error) is not kept.
  else if (cache === 'byBlock' && blocks.length > 0 && !unresolved && minBlock !== null && head !== null && minBlock <= head) {
    keep = { kind: 'block', number: minBlock };
  }
  const answeredByHead = methodFacts(method)?.route === 'head';
  return { route, head: answeredByHead, params: sent, minBlock, pending, oldestBlock, cacheKey: keep === null ? null : keyOf(), keep };
}
