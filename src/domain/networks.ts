/**
 * The networks the gateway serves, and what is known of each: the one list. The server keys its
 * nodes, settings, metrics and local stand-ins by it, the gateway accepts exactly these names in its
 * URL (`/v1/{network}/{apiKey}`), and the SPA's network switch offers them. The contract spells the
 * same names (openapi.yaml, components.schemas.Network). test/domain/one-place-for-each-fact.test.ts
 * fails when a network is named anywhere else.
 */

/** SPEC.md §9 "Network options: mainnet and devnet". */
export const NETWORKS = ['mainnet', 'devnet'] as const;
export type Network = (typeof NETWORKS)[number];

/** SPEC.md §4 "Network switch: mainnet or devnet, default mainnet". */
export const DEFAULT_NETWORK: Network = 'mainnet';

export interface NetworkFacts {
  /** As the network switch shows it. */
  readonly label: string;
  /** The chain id its nodes answer to eth_chainId; the local stand-ins (anvil) run with it too. */
  readonly chainId: number;
}

/** Berachain mainnet, and its Bepolia test network as devnet. */
export const NETWORK_FACTS: Readonly<Record<Network, NetworkFacts>> = {
  mainnet: { label: 'Mainnet', chainId: 80_094 },
  devnet: { label: 'Devnet', chainId: 80_069 },
};

export function isNetwork(value: string | null | undefined): value is Network {
  return NETWORKS.some((network) => network === value);
}

/** The network a URL or a client names, or null when none is served under that name (names are case-sensitive). */
export function toNetwork(value: string): Network | null {
  return isNetwork(value) ? value : null;
}

/** One value per network, made by `make`: the type fails to compile when a network of the list has none. */
export function byNetwork<T>(make: (network: Network) => T): Readonly<Record<Network, T>> {
  return { mainnet: make('mainnet'), devnet: make('devnet') };
}

/** Names as a sentence: ['a', 'b', 'c'] with 'or' is 'a, b or c'. */
function listed(names: readonly string[], conjunction: 'or' | 'and'): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`;
}

/** The networks' names as a choice: 'mainnet or devnet'. */
export const NETWORK_CHOICE = listed(NETWORKS, 'or');

/** The settings that name a network's node: its HTTP URL, and its WebSocket when not the HTTP URL's (UPSTREAM_MAINNET_URL, UPSTREAM_MAINNET_WS_URL). */
export function upstreamSettings(network: string): { readonly url: string; readonly wsUrl: string } {
  const name = network.toUpperCase();
  return { url: `UPSTREAM_${name}_URL`, wsUrl: `UPSTREAM_${name}_WS_URL` };
}

/** The settings that name every network's node, as a sentence: 'UPSTREAM_MAINNET_URL and UPSTREAM_DEVNET_URL'. */
export const UPSTREAM_URL_SETTINGS = listed(
  NETWORKS.map((network) => upstreamSettings(network).url),
  'and',
);
