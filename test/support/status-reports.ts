import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** GET /api/status's answers for the tests: as the contract spells them (the server's StatusReport accepts them too). */
export const mainnetDegraded: Schemas['NetworkStatus'] = {
  name: 'mainnet',
  label: 'Mainnet',
  chainId: 1,
  state: 'degraded',
  headBlock: 19_000_123,
  nodesHealthy: 2,
  nodesConfigured: 3,
  latencyP50Ms: 38,
  errorRate: 0.012,
};

export const devnetDown: Schemas['NetworkStatus'] = {
  name: 'devnet',
  label: 'Devnet',
  chainId: 31_337,
  state: 'down',
  headBlock: null,
  nodesHealthy: 0,
  nodesConfigured: 1,
  latencyP50Ms: null,
  errorRate: null,
};

export const mainnetOperational: Schemas['NetworkStatus'] = { ...mainnetDegraded, state: 'operational', nodesHealthy: 3, errorRate: 0 };

/** An outage that lasts, then one that ended: newest first. */
export const recentIncidents: Schemas['Incident'][] = [
  {
    network: 'devnet',
    kind: 'network_down',
    node: null,
    reason: 'not answering',
    startedAt: '2026-11-27T11:58:00.000Z',
    endedAt: null,
  },
  {
    network: 'mainnet',
    kind: 'node_out',
    node: 'node 2',
    reason: '12 blocks behind',
    startedAt: '2026-11-27T11:00:00.000Z',
    endedAt: '2026-11-27T11:03:00.000Z',
  },
];

/** A report of the given networks and incidents, made at noon over a 5-minute window. */
export function statusReportOf(
  networks: Schemas['NetworkStatus'][],
  incidents: Schemas['Incident'][] = recentIncidents,
): Schemas['StatusReport'] {
  return { generatedAt: '2026-11-27T12:00:00.000Z', windowMinutes: 5, networks, incidents };
}
