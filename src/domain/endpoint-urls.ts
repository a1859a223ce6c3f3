/**
 * The addresses /endpoints shows beside the RPC URL (SPEC.md §7: "{network}.{host}/?api-key=
 * {apiKey}, with staked, websocket and geyser variants, and enhanced API paths").
 *
 * - The standard websocket works: the gateway serves WebSockets on the RPC URL's own path, so its
 *   address is the RPC URL with the ws/wss scheme (`websocketUrl`), shown with a Copy button.
 * - The others are addresses a deployment with a host per network will use; this server does not
 *   answer them yet, so /endpoints shows them as not available yet, never with a Copy button. Each
 *   is built on a subdomain of the API's own host, so none exists when that host is an IP address
 *   (`https://staked.mainnet.127.0.0.1:8080/` is no address at all): null.
 */
import { API_KEY_PLACEHOLDER, rpcUrl } from './rpc-urls';
import type { Network } from './networks';

/** Stands in for the address in the transaction-history path (SPEC.md: /v0/addresses/{address}/transactions/). */
export const ADDRESS_PLACEHOLDER = '{address}';

/**
 * The gateway's WebSocket URL of a key on a network: `wss://{api host}/api/v1/{network}/{apiKey}`,
 * `ws://` when the API base is plain http (a local server). The placeholder key when there is none.
 */
export function websocketUrl(apiBase: string, network: Network, apiKey: string | null): string {
  return rpcUrl(apiBase, network, apiKey).replace(/^http(s?):\/\//i, (_, secure: string) => (secure ? 'wss://' : 'ws://'));
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** An IP literal (IPv4, or IPv6 in brackets as URLs write it): no subdomain can be made of it. */
export function isIpAddressHost(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith('[');
}

/** `{prefix}.{host}` of the API's host (its port kept), or null when that host is an IP address. */
function subdomainOf(apiBase: string, prefix: string): string | null {
  const { hostname, host } = new URL(apiBase);
  return isIpAddressHost(hostname) ? null : `${prefix}.${host}`;
}

function withKey(url: string, apiKey: string | null): string {
  return `${url}?api-key=${apiKey ? encodeURIComponent(apiKey) : API_KEY_PLACEHOLDER}`;
}

function shaped(scheme: 'https' | 'wss', apiBase: string, prefix: string, path: string, apiKey: string | null): string | null {
  const host = subdomainOf(apiBase, prefix);
  return host === null ? null : withKey(`${scheme}://${host}${path}`, apiKey);
}

/** The dedicated staked connection (paid plans): `https://staked.{network}.{host}/?api-key={key}`. */
export const stakedUrl = (apiBase: string, network: Network, apiKey: string | null) =>
  shaped('https', apiBase, `staked.${network}`, '/', apiKey);

/** The Geyser enhanced websocket (Business and above): `wss://geyser.{network}.{host}/?api-key={key}`. */
export const geyserUrl = (apiBase: string, network: Network, apiKey: string | null) =>
  shaped('wss', apiBase, `geyser.${network}`, '/', apiKey);

/** Parse Transaction(s): GET /v0/transactions/ on `api.{network}.{host}` (SPEC.md §7). */
export const parseTransactionsUrl = (apiBase: string, network: Network, apiKey: string | null) =>
  shaped('https', apiBase, `api.${network}`, '/v0/transactions/', apiKey);

/** Parse Transaction History: GET /v0/addresses/{address}/transactions/ (the address left as a placeholder). */
export const transactionHistoryUrl = (apiBase: string, network: Network, apiKey: string | null) =>
  shaped('https', apiBase, `api.${network}`, `/v0/addresses/${ADDRESS_PLACEHOLDER}/transactions/`, apiKey);
