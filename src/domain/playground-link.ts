/**
 * The RPC playground's address with a call filled in ("Open in playground" from the
 * request log): /rpc-testing?key=…&network=…&method=…&params=…. The query string is untrusted
 * input (anyone can send a link), so reading it keeps only what checks out and drops the rest.
 */
import { formatParams } from './rpc-params';
import { findRpcMethod } from './rpc-methods';
import { BUILT_IN_NETWORKS, DEFAULT_NETWORK, defaultNetwork, type Network, type NetworkInfo, toNetwork } from './networks';

/** The longest params text a link may carry (a logged request is at most 2 KB; room for escaping). */
export const MAX_LINK_PARAMS = 4096;

/** What a link fills in: the key (its server id), network, method and params. */
export interface PlaygroundPrefill {
  /** The key's server id as the key list spells it; null for the playground's default (the first key). */
  keyId: string | null;
  network: Network;
  /** A method of the playground's list; null for none chosen. */
  method: string | null;
  /** Null for the method's example params (or none). */
  params: unknown[] | null;
}

export const NO_PREFILL: PlaygroundPrefill = { keyId: null, network: DEFAULT_NETWORK, method: null, params: null };

/** The query string of a link to the playground with this call filled in (leading '?'). */
export function playgroundSearch(call: { keyId: number | string; network: Network; method: string; params: readonly unknown[] }): string {
  const query = new URLSearchParams({
    key: String(call.keyId),
    network: call.network,
    method: call.method,
    params: JSON.stringify(call.params),
  });
  return `?${query.toString()}`;
}

function paramsOf(text: string | null): unknown[] | null {
  if (text === null || text.length > MAX_LINK_PARAMS) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * What a query string fills in, each part checked on its own: a key id of digits, a known network,
 * a method the playground lists, params that are a JSON array of reasonable length. Anything else
 * is ignored (the playground's default); params without a valid method are ignored too.
 */
export function readPlaygroundSearch(search: string, served: readonly NetworkInfo[] = BUILT_IN_NETWORKS): PlaygroundPrefill {
  const query = new URLSearchParams(search);
  const key = query.get('key');
  const network = query.get('network');
  const methodName = query.get('method');
  const method = methodName !== null && findRpcMethod(methodName) !== undefined ? methodName : null;
  return {
    keyId: key !== null && /^[1-9]\d{0,9}$/.test(key) ? key : null,
    network: toNetwork(network, served) ?? defaultNetwork(served),
    method,
    params: method === null ? null : paramsOf(query.get('params')),
  };
}

/** The params editor's text for a prefilled call: its params, the method's example, or none. */
export function prefilledParamsText(method: string | null, params: readonly unknown[] | null): string {
  if (params !== null) return formatParams(params);
  return formatParams((method === null ? undefined : findRpcMethod(method)?.params) ?? []);
}
