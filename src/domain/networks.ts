/**
 * The networks the gateway serves without NETWORKS_FILE, and what is known of each: the one list of
 * them. The server's configuration starts from it (server/gateway/fleet/network-settings.ts), and
 * the SPA learns the networks actually served from GET /config. test/domain/one-place-for-each-fact.test.ts
 * fails when a built-in network is named anywhere else.
 */

/** SPEC.md §9 "Network options: mainnet and devnet": the networks served when NETWORKS_FILE names none. */
export const NETWORKS = ['mainnet', 'devnet'] as const;
export type BuiltInNetwork = (typeof NETWORKS)[number];

/**
 * A network's name: the {network} path segment. The server serves the networks of its
 * configuration (NETWORKS_FILE, else the built-in two) and tells the SPA which (GET /config).
 */
export type Network = string;

/** SPEC.md §4 "Network switch: mainnet or devnet, default mainnet". */
export const DEFAULT_NETWORK: BuiltInNetwork = 'mainnet';

export interface NetworkFacts {
  /** As the network switch shows it. */
  readonly label: string;
  /** The chain id its nodes answer to eth_chainId; the local stand-ins (anvil) run with it too. */
  readonly chainId: number;
}

/** A served network as the server tells it (GET /config's networks). */
export interface NetworkInfo extends NetworkFacts {
  readonly name: Network;
}

/** Berachain mainnet, and its Bepolia test network as devnet. */
export const NETWORK_FACTS: Readonly<Record<BuiltInNetwork, NetworkFacts>> = {
  mainnet: { label: 'Mainnet', chainId: 80_094 },
  devnet: { label: 'Devnet', chainId: 80_069 },
};

/** The built-in networks, in the switches' order. */
export const BUILT_IN_NETWORKS: readonly NetworkInfo[] = NETWORKS.map((name) => ({ name, ...NETWORK_FACTS[name] }));

/** A network's name as NETWORKS_FILE allows one: lower-case letters, digits and hyphens, from a letter. */
export const NETWORK_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** Whether `value` could name a network (whether it is served is the server's to say). */
export function isNetworkName(value: string | null | undefined): value is Network {
  return typeof value === 'string' && NETWORK_NAME.test(value);
}

/** The network a URL or a client names, among those served, or null (names are case-sensitive). */
export function toNetwork(value: string | null | undefined, served: readonly NetworkInfo[]): Network | null {
  return served.find((network) => network.name === value)?.name ?? null;
}

/** The network a switch starts on: mainnet when it is served, else the first served. */
export function defaultNetwork(served: readonly NetworkInfo[]): Network {
  return toNetwork(DEFAULT_NETWORK, served) ?? served[0]?.name ?? DEFAULT_NETWORK;
}

/** A network's label among those served; its name when it is not one of them (a deleted network's old calls). */
export function networkLabel(served: readonly NetworkInfo[], name: Network): string {
  return served.find((network) => network.name === name)?.label ?? name;
}

/** One value per built-in network, made by `make`: the type fails to compile when a network of the list has none. */
export function byNetwork<T>(make: (network: BuiltInNetwork) => T): Readonly<Record<BuiltInNetwork, T>> {
  return { mainnet: make('mainnet'), devnet: make('devnet') };
}

/** Names as a sentence: ['a', 'b', 'c'] with 'or' is 'a, b or c'. */
function listed(names: readonly string[], conjunction: 'or' | 'and'): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`;
}

/** The served networks' names as a choice: 'mainnet or devnet'. */
export function networkChoice(served: readonly NetworkInfo[]): string {
  return listed(
    served.map((network) => network.name),
    'or',
  );
}

/** The settings that name a network's nodes: its HTTP URLs, and their WebSockets when not the HTTP URLs' (UPSTREAM_MAINNET_URL, UPSTREAM_MAINNET_WS_URL). */
export function upstreamSettings(network: Network): { readonly url: string; readonly wsUrl: string } {
  const name = network.toUpperCase().replaceAll('-', '_');
  return { url: `UPSTREAM_${name}_URL`, wsUrl: `UPSTREAM_${name}_WS_URL` };
}

/** The settings that name every built-in network's nodes, as a sentence: 'UPSTREAM_MAINNET_URL and UPSTREAM_DEVNET_URL'. */
export const UPSTREAM_URL_SETTINGS = listed(
  NETWORKS.map((network) => upstreamSettings(network).url),
  'and',
);
