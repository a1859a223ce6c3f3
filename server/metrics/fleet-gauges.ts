import { Counter, Gauge, type Registry } from 'prom-client';
import type { Fleet } from '@server/gateway/fleet/fleet';

/** What the gauges read of the fleet (server/gateway/fleet). */
export type FleetGauged = Pick<Fleet, 'networks' | 'cache' | 'shared'>;

/**
 * The nodes' rotation, heads and lag, and the answers kept (the process's cache, and the one the
 * replicas share when CACHE_SHARED is on), in `registry`, read from the fleet at each scrape.
 */
export function registerFleetGauges(registry: Registry, fleet: FleetGauged): void {
  new Gauge({
    name: 'rpc_node_in_rotation',
    help: "Whether each node serves calls (1) or is out of rotation (0: not answering, answering with errors, or too far behind the network's head)",
    labelNames: ['network', 'node'],
    registers: [registry],
    collect() {
      this.reset();
      for (const network of fleet.networks)
        for (const node of network.nodes) this.set({ network: network.name, node: node.label }, node.out === null ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rpc_node_head_lag_blocks',
    help: "Blocks each node's head is behind the head the gateway answers with",
    labelNames: ['network', 'node'],
    registers: [registry],
    collect() {
      this.reset();
      for (const network of fleet.networks) {
        for (const node of network.nodes) {
          if (network.head !== null && node.head !== null) this.set({ network: network.name, node: node.label }, network.head - node.head);
        }
      }
    },
  });
  new Gauge({
    name: 'rpc_network_head_block',
    help: 'The head block the gateway answers with, by network',
    labelNames: ['network'],
    registers: [registry],
    collect() {
      this.reset();
      for (const network of fleet.networks) if (network.head !== null) this.set({ network: network.name }, network.head);
    },
  });
  const counts = () => fleet.cache.counts();
  new Counter({
    name: 'rpc_cache_lookups_total',
    help: 'Lookups of kept answers: hit (answered without a node) or miss',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      const { hits, misses } = counts();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
    },
  });
  const { shared } = fleet;
  if (shared !== null) {
    new Counter({
      name: 'rpc_cache_shared_lookups_total',
      help: "Lookups in the answers every replica shares (CACHE_SHARED) after this process's own missed: hit, miss, or unavailable (Redis away or slow: the call went to a node)",
      labelNames: ['result'],
      registers: [registry],
      collect() {
        this.reset();
        const { hits, misses, unavailable } = shared.counts();
        this.inc({ result: 'hit' }, hits);
        this.inc({ result: 'miss' }, misses);
        this.inc({ result: 'unavailable' }, unavailable);
      },
    });
    new Counter({
      name: 'rpc_cache_shared_writes_total',
      help: 'Final answers written to the shared cache (CACHE_SHARED): written, or failed (Redis away or slow: only this process keeps it)',
      labelNames: ['result'],
      registers: [registry],
      collect() {
        this.reset();
        const { written, failedWrites } = shared.counts();
        this.inc({ result: 'written' }, written);
        this.inc({ result: 'failed' }, failedWrites);
      },
    });
  }
  new Gauge({
    name: 'rpc_cache_bytes',
    help: 'Bytes of answers kept (at most CACHE_BYTES)',
    registers: [registry],
    collect() {
      this.set(counts().bytes);
    },
  });
}
