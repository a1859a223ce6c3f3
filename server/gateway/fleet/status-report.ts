/**
 * What GET /api/status and the public /status page tell anyone, signed in or not: each network's
 * state and head, how many of its nodes serve (never which: a node's URL may carry a key), recent
 * answer times and errors, and recent incidents. Built by each replica from what it follows itself.
 */

/** operational: every node in rotation; degraded: some out; down: none serves. */
export type NetworkState = 'operational' | 'degraded' | 'down';

export interface NetworkStatus {
  /** The {network} path segment. */
  readonly name: string;
  readonly label: string;
  readonly chainId: number;
  readonly state: NetworkState;
  /** The head the gateway answers with (never lower than one it answered before); null before any node answered. */
  readonly headBlock: number | null;
  readonly nodesHealthy: number;
  readonly nodesConfigured: number;
  /** Median answer time of the network's nodes over the window; null without answers. */
  readonly latencyP50Ms: number | null;
  /** Failed node calls over all node calls in the window (0 to 1); null without calls. */
  readonly errorRate: number | null;
}

/** network_down: no node of the network served; node_out: one node was out of rotation. */
export type IncidentKind = 'network_down' | 'node_out';

export interface Incident {
  readonly network: string;
  readonly kind: IncidentKind;
  /** The node by its place in the network's list ("node 2"); null for network_down. */
  readonly node: string | null;
  /** Why, in words safe to show anyone: "not answering", "12 blocks behind", "answering with errors". */
  readonly reason: string;
  /** ISO 8601. */
  readonly startedAt: string;
  /** ISO 8601; null while it lasts. */
  readonly endedAt: string | null;
}

export interface StatusReport {
  /** ISO 8601: when this replica made the report. */
  readonly generatedAt: string;
  /** The minutes latency and error rate are taken over. */
  readonly windowMinutes: number;
  /** In the order the networks are configured. */
  readonly networks: readonly NetworkStatus[];
  /** Newest first, at most a bounded number (the latest ones). */
  readonly incidents: readonly Incident[];
}

/** Who can make the report: the gateway's fleet (server/gateway/fleet). */
export interface StatusSource {
  status(): StatusReport;
}
