import { UPSTREAM_URL_SETTINGS } from '@/domain/networks';
import type { Config } from '@server/config';
import { networkDefaults } from '@server/gateway/fleet/network-settings';
import { startAnvil, type AnvilNode } from '@server/nodes/anvil';

/**
 * The development accounts the local nodes fund: anvil's well-known defaults (the same in Foundry's
 * and Hardhat's docs), pinned by flag so that what start-up prints holds whatever anvil's defaults
 * become. Their keys are public: they hold value only on these local nodes.
 */
export const devAccounts = {
  mnemonic: 'test test test test test test test test test test test junk',
  count: 10,
  balanceEth: 10_000,
  first: {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
} as const;

const devAccountArgs = [
  '--mnemonic',
  devAccounts.mnemonic,
  '--accounts',
  String(devAccounts.count),
  '--balance',
  String(devAccounts.balanceEth),
];

export interface LocalNode {
  readonly network: string;
  readonly node: AnvilNode;
}

export interface LocalNodes {
  /** The config with a local node's URL for each network that had no UPSTREAM_*_URL. */
  readonly config: Config;
  /** The nodes started here, by network (none for a network with an UPSTREAM_*_URL). */
  readonly started: readonly LocalNode[];
  stop(): Promise<void>;
}

/**
 * What `npm start` prints about the local nodes (nothing when none was started): where each is and
 * its chain id, and the funded accounts, so a developer can point a wallet or Foundry at a node
 * and deploy a contract without reading the code.
 */
export function localNodesNotice(started: readonly LocalNode[]): string[] {
  if (started.length === 0) return [];
  const { mnemonic, count, balanceEth, first } = devAccounts;
  return [
    'Local EVM nodes (anvil), started for this run and stopped with it:',
    ...started.map(({ network, node }) => `  ${network.padEnd(8)} ${node.url}  chain id ${node.chainId}`),
    `Each funds anvil's ${count} well-known development accounts with ${balanceEth.toLocaleString('en-US')} ETH apiece (mnemonic "${mnemonic}"), the first:`,
    `  ${first.address}  private key ${first.privateKey}`,
    'These keys are public: use them on these local nodes only. The gateway serves the same chains at /api/v1/{network}/{API key}.',
  ];
}

/**
 * For `npm start`: a local anvil node for each network without nodes (no UPSTREAM_*_URL, none in
 * NETWORKS_FILE), so the gateway answers real EVM calls on one machine. Nothing starts when every
 * network has nodes, nor ever in production.
 */
export async function startLocalNodes(config: Config): Promise<LocalNodes> {
  // loadConfig already refuses production without both URLs; this keeps any other caller honest.
  if (config.mode === 'production' && config.networks.some((network) => network.nodes.length === 0)) {
    throw new Error(`NODE_ENV=production never starts local nodes: set ${UPSTREAM_URL_SETTINGS}.`);
  }
  const started: LocalNode[] = [];
  const stop = async () => {
    await Promise.all(started.map(({ node }) => node.stop()));
  };
  try {
    const networks = [];
    for (const network of config.networks) {
      if (network.nodes.length > 0) {
        networks.push(network);
        continue;
      }
      const node = await startAnvil({ chainId: network.chainId, args: devAccountArgs });
      started.push({ network: network.name, node });
      networks.push({ ...network, nodes: [{ url: node.url, ws: null, archive: true, weight: networkDefaults.weight }] });
    }
    return { config: { ...config, networks }, started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
