import type { Config } from '@server/config';
import { startAnvil, type AnvilNode } from '@server/nodes/anvil';

/** Chain ids of the local stand-ins (Berachain's: mainnet 80094, the Bepolia test network 80069). */
export const localChainIds = { mainnet: 80094, devnet: 80069 } as const;

export interface LocalNodes {
  /** The config with a local node's URL for each network that had no UPSTREAM_*_URL. */
  readonly config: Config;
  readonly started: readonly AnvilNode[];
  stop(): Promise<void>;
}

/**
 * For `npm start`: a local anvil node for each network whose UPSTREAM_*_URL is not set, so the
 * gateway answers real EVM calls on one machine. Nothing starts when both are set, nor ever in production.
 */
export async function startLocalNodes(config: Config): Promise<LocalNodes> {
  // loadConfig already refuses production without both URLs; this keeps any other caller honest.
  if (config.mode === 'production' && (config.upstreamMainnetUrl === null || config.upstreamDevnetUrl === null)) {
    throw new Error('NODE_ENV=production never starts local nodes: set UPSTREAM_MAINNET_URL and UPSTREAM_DEVNET_URL.');
  }
  const started: AnvilNode[] = [];
  const stop = async () => {
    await Promise.all(started.map((node) => node.stop()));
  };
  try {
    let { upstreamMainnetUrl, upstreamDevnetUrl } = config;
    if (upstreamMainnetUrl === null) {
      const node = await startAnvil({ chainId: localChainIds.mainnet });
      started.push(node);
      upstreamMainnetUrl = node.url;
    }
    if (upstreamDevnetUrl === null) {
      const node = await startAnvil({ chainId: localChainIds.devnet });
      started.push(node);
      upstreamDevnetUrl = node.url;
    }
    return { config: { ...config, upstreamMainnetUrl, upstreamDevnetUrl }, started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
