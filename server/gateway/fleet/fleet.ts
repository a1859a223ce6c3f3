import { AnswerCache } from '@server/gateway/fleet/answer-cache';
import type { FleetNode } from '@server/gateway/fleet/fleet-node';
import type { NetworkSpec } from '@server/gateway/fleet/network-settings';
import { type FleetEvents, NetworkFleet } from '@server/gateway/fleet/network-fleet';
import type { SharedAnswers } from '@server/gateway/fleet/shared-answers';
import type { Incident, NetworkState, StatusReport, StatusSource } from '@server/gateway/fleet/status-report';
import { nodeSocketUrl } from '@server/gateway/ws/upstream-socket';

/** What the metrics hear of the fleet (server/metrics), beside what they read on a scrape. */
export type FleetObserver = Pick<FleetEvents, 'nodeAnswered' | 'rerouted'>;

export interface FleetSettings {
  readonly networks: readonly NetworkSpec[];
  readonly timeoutMs: number;
  readonly pollMs: number;
  /** Bytes of answers kept (0: none). */
  readonly cacheBytes: number;
  /** Answers kept for every replica in Redis (CACHE_SHARED); closed with the fleet. None when absent. */
  readonly shared?: SharedAnswers | null;
  readonly now: () => number;
  readonly observer?: FleetObserver;
}

/** Minutes of node answers the status page sums up. */
export const statusWindowMinutes = 5;
/** Answers kept per network for the status page (the newest ones within the window). */
const samplesKept = 4096;
/** How long one status report is given again. */
const reportReuseMs = 1000;
/** Incidents the status page lists (the newest). */
const incidentsKept = 50;

interface Sample {
  readonly at: number;
  readonly ms: number;
  readonly failed: boolean;
}

/**
 * Every network's nodes (network-fleet.ts), the answers kept for all of them (answer-cache.ts; and
 * for every replica, shared-answers.ts), and
 * what anyone may know of their health (GET /api/status): each replica follows the nodes itself, so
 * its report is its own view of them.
 */
export class Fleet implements StatusSource {
  readonly cache: AnswerCache;
  /** The level the replicas share (shared-answers.ts); null = none. */
  readonly shared: SharedAnswers | null;
  private readonly byName = new Map<string, NetworkFleet>();
  private readonly samples = new Map<string, Sample[]>();
  private readonly incidents: Incident[] = [];
  private lastReport: { readonly at: number; readonly report: StatusReport } | null = null;

  constructor(private readonly settings: FleetSettings) {
    this.cache = new AnswerCache(settings.cacheBytes);
    this.shared = settings.shared ?? null;
    const events: FleetEvents = {
      nodeAnswered: (network, node, ms, failed) => {
        this.sample(network, ms, failed);
        settings.observer?.nodeAnswered(network, node, ms, failed);
      },
      rerouted: (network, why) => settings.observer?.rerouted(network, why),
      rotation: (network, node, reason, serving) => this.rotation(network, node, reason, serving),
    };
    for (const spec of settings.networks) {
      if (spec.nodes.length === 0) continue;
      this.byName.set(spec.name, new NetworkFleet(spec, { ...settings, cache: this.cache, shared: this.shared, events }));
    }
  }

  /** The networks served, whether they have nodes or not. */
  get served(): readonly NetworkSpec[] {
    return this.settings.networks;
  }

  /** The network's nodes; null when it is not served here or has none. */
  network(name: string): NetworkFleet | null {
    return this.byName.get(name) ?? null;
  }

  get networks(): readonly NetworkFleet[] {
    return [...this.byName.values()];
  }

  /** A WebSocket of the network's nodes for subscriptions: one in rotation other than `failed` when there is one. */
  socketUrl(network: string, failed: string | null): string | null {
    const fleet = this.byName.get(network);
    if (fleet === undefined) return null;
    const urls = (nodes: readonly FleetNode[]) => nodes.map((node) => nodeSocketUrl(node.spec.ws, node.spec.url));
    const serving = urls(fleet.serving());
    return serving.find((url) => url !== failed) ?? serving[0] ?? urls(fleet.nodes).find((url) => url !== failed) ?? null;
  }

  start(): void {
    for (const network of this.byName.values()) network.start();
  }

  async close(): Promise<void> {
    await Promise.all([...this.byName.values()].map((network) => network.close()));
    await this.shared?.close();
  }

  /** The report, made at most once a second: a storm of requests to the public page costs one. */
  status(): StatusReport {
    const now = this.settings.now();
    if (this.lastReport !== null && now - this.lastReport.at < reportReuseMs) return this.lastReport.report;
    const report = this.report(now);
    this.lastReport = { at: now, report };
    return report;
  }

  private report(now: number): StatusReport {
    const since = now - statusWindowMinutes * 60_000;
    const networks = this.settings.networks.map((spec) => {
      const fleet = this.byName.get(spec.name);
      const healthy = fleet?.serving().length ?? 0;
      const configured = spec.nodes.length;
      const recent = (this.samples.get(spec.name) ?? []).filter((sample) => sample.at >= since);
      const answered = recent.filter((sample) => !sample.failed).map((sample) => sample.ms);
      const state: NetworkState = healthy === 0 ? 'down' : healthy < configured ? 'degraded' : 'operational';
      return {
        name: spec.name,
        label: spec.label,
        chainId: spec.chainId,
        state,
        headBlock: fleet?.head ?? null,
        nodesHealthy: healthy,
        nodesConfigured: configured,
        latencyP50Ms: median(answered),
        errorRate: recent.length === 0 ? null : (recent.length - answered.length) / recent.length,
      };
    });
    return { generatedAt: new Date(now).toISOString(), windowMinutes: statusWindowMinutes, networks, incidents: [...this.incidents] };
  }

  private sample(network: string, ms: number, failed: boolean): void {
    let list = this.samples.get(network);
    if (list === undefined) {
      list = [];
      this.samples.set(network, list);
    }
    list.push({ at: this.settings.now(), ms: Math.round(ms), failed });
    if (list.length > samplesKept) list.splice(0, list.length - samplesKept);
  }

  /** A node left rotation or came back: its incident opens or closes, and the network's when none serves. */
  private rotation(network: string, node: string, reason: string | null, serving: number): void {
    const at = new Date(this.settings.now()).toISOString();
    const open = (kind: Incident['kind'], who: string | null) =>
      this.incidents.find(
        (incident) => incident.network === network && incident.kind === kind && incident.node === who && incident.endedAt === null,
      );
    const close = (incident: Incident | undefined) => {
      if (incident === undefined) return;
      this.incidents.splice(this.incidents.indexOf(incident), 1, { ...incident, endedAt: at });
    };
    const add = (incident: Incident) => {
      this.incidents.unshift(incident);
      if (this.incidents.length > incidentsKept) this.incidents.length = incidentsKept;
    };
    const current = open('node_out', node);
    if (reason === null) close(current);
    else if (current === undefined) add({ network, kind: 'node_out', node, reason, startedAt: at, endedAt: null });
    const down = open('network_down', null);
    if (serving > 0) close(down);
    else if (down === undefined)
      add({ network, kind: 'network_down', node: null, reason: 'no node is serving', startedAt: at, endedAt: null });
  }
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}
