import { afterAll, beforeAll } from 'vitest';
import { startAnvil, type AnvilNode } from '@server/nodes/anvil';
import { NETWORK_FACTS } from '@/domain/networks';

export type { AnvilNode } from '@server/nodes/anvil';

/** A real anvil on a free loopback port, as `npm start` runs it (the mainnet chain id by default). */
export function startTestAnvil(chainId: number = NETWORK_FACTS.mainnet.chainId): Promise<AnvilNode> {
  return startAnvil({ chainId });
}

/** POSTs a body straight to the node: what the gateway must pass on byte for byte. */
export async function callNode(node: AnvilNode, body: string): Promise<{ status: number; contentType: string | null; bytes: Buffer }> {
  const response = await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A test file's own anvil, started in beforeAll and stopped in afterAll (register it before the servers that use it). */
export interface TestAnvil {
  readonly node: AnvilNode;
  /** Settings that point a server's mainnet and devnet at this node. */
  upstream(): { UPSTREAM_MAINNET_URL: string; UPSTREAM_DEVNET_URL: string };
}

export function setUpTestAnvil(): TestAnvil {
  let node: AnvilNode | undefined;
  beforeAll(async () => {
    node = await startTestAnvil();
  });
  afterAll(async () => {
    await node?.stop();
  });
  const started = (): AnvilNode => {
    if (node === undefined) throw new Error('anvil is not running');
    return node;
  };
  return {
    get node() {
      return started();
    },
    upstream: () => ({ UPSTREAM_MAINNET_URL: started().url, UPSTREAM_DEVNET_URL: started().url }),
  };
}
