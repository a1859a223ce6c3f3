import { BUILT_IN_NETWORKS } from '@/domain/networks';
import type { NodeRouter } from '@server/gateway/gateway';
import type { Upstream } from '@server/gateway/upstream';

/** No network has a node: every admitted call fails at the node step. */
export const noNodes: NodeRouter = { served: BUILT_IN_NETWORKS, network: () => null };

/**
 * One node per named network, every call sent to it as it came: no fleet (no head followed, nothing
 * kept), for tests of the gateway's own decisions that count what reaches the node.
 */
export function directNodes(byName: Readonly<Record<string, Upstream>>): NodeRouter {
  return {
    served: BUILT_IN_NETWORKS,
    network: (name) => {
      const upstream = byName[name];
      if (upstream === undefined) return null;
      return {
        serve: async (_payload, body) => {
          const started = performance.now();
          const answer = await upstream.forward(body);
          return { answer, ms: performance.now() - started, cached: false, node: null };
        },
      };
    },
  };
}
