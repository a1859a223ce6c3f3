import type { CallPlan } from '@server/gateway/fleet/call-plan';
import type { FleetNode } from '@server/gateway/fleet/fleet-node';

// How the fleet chooses among nodes, and what a batch needs of the one it goes to.

/** The node with the highest known head (the first one when none is known). */
export function highest(nodes: readonly FleetNode[]): FleetNode | null {
  let best: FleetNode | null = null;
  for (const node of nodes) if (best === null || (node.head ?? -1) > (best.head ?? -1)) best = node;
  return best;
}

/**
 * The head `nodes` agree on: the highest block at least half of them have reached (a node whose
 * head is not known yet has reached none); null while fewer than half have reported. With one or
 * two nodes that is the highest; with three or more, one node alone far ahead (a bogus report) does
 * not move it, even when it reports first.
 */
export function agreedHead(nodes: readonly Pick<FleetNode, 'head'>[]): number | null {
  const heads: number[] = [];
  for (const node of nodes) if (node.head !== null) heads.push(node.head);
  heads.sort((a, b) => b - a);
  return heads[Math.ceil(nodes.length / 2) - 1] ?? null;
}

/** One of `nodes`, each as likely as its score. */
export function weighted(nodes: readonly FleetNode[]): FleetNode | null {
  if (nodes.length <= 1) return nodes[0] ?? null;
  const scores = nodes.map((node) => node.score());
  let draw = Math.random() * scores.reduce((sum, score) => sum + score, 0);
  for (const [index, node] of nodes.entries()) {
    draw -= scores[index] ?? 0;
    if (draw <= 0) return node;
  }
  return nodes.at(-1) ?? null;
}

/** A batch's needs: every call's (the strictest block, pending, the oldest block), on one node. */
export function combined(plans: readonly CallPlan[]): CallPlan {
  const numbers = (pick: (plan: CallPlan) => number | null) => plans.map(pick).filter((number) => number !== null);
  const mins = numbers((plan) => plan.minBlock);
  const olds = numbers((plan) => plan.oldestBlock);
  return {
    route: plans.some((plan) => plan.route !== 'any') ? 'first' : 'any',
    head: false,
    params: null,
    minBlock: mins.length > 0 ? Math.max(...mins) : null,
    pending: plans.some((plan) => plan.pending),
    oldestBlock: olds.length > 0 ? Math.min(...olds) : null,
    cacheKey: null,
    keep: null,
  };
}
