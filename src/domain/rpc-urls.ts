import type { Network } from './networks';

/**
 * The RPC URL a user calls: `{API base}/v1/{network}/{apiKey}` (SPEC.md §7, "displayed RPC URL
 * shape"), where the API base is absolute so the URL works pasted into curl. The gateway serves it.
 */

/** Stands in for the key when the user has none (SPEC.md §7: "using the first key or a placeholder"). */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/**
 * The API base as an absolute URL without a trailing slash: `apiBaseUrl` may be a path ('/api', same
 * origin) or a full URL (VITE_API_URL pointing at another host).
 */
export function absoluteApiBase(apiBaseUrl: string, origin: string): string {
  return new URL(apiBaseUrl, origin).href.replace(/\/+$/, '');
}

/** The working RPC URL of a key on a network, or the placeholder shape when there is no key. */
export function rpcUrl(apiBase: string, network: Network, apiKey: string | null): string {
  const key = apiKey ? encodeURIComponent(apiKey) : API_KEY_PLACEHOLDER;
  return `${apiBase.replace(/\/+$/, '')}/v1/${network}/${key}`;
}
