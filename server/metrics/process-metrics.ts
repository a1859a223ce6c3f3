import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { CALL_OUTCOMES, type CallOutcome, zeroOutcomes } from '@/domain/call-outcomes';
import type { GatewayObserver } from '@server/gateway/call-records';
import type { FleetObserver } from '@server/gateway/fleet/fleet';
import { type FleetGauged, registerFleetGauges } from '@server/metrics/fleet-gauges';
import {
  registerMeteringGauges,
  registerReadinessGauges,
  registerRequestLogDrops,
  registerWebSocketGauges,
  type MeteringGauges,
  type RequestLogDrops,
  type WatchedReadiness,
  type WatchedSockets,
} from '@server/metrics/scrape-gauges';
import { rpcRoute } from '@server/gateway/routes';
import { NETWORKS, type Network } from '@/domain/networks';
import type { RedisObserver } from '@server/shared/redis';
import type { RpcPayload } from '@server/gateway/json-rpc';
import { isPublicMethod } from '@/domain/rpc-method-registry';

const outcomes = CALL_OUTCOMES;
/** The label of calls whose URL names no served network. */
const unknownNetwork = 'unknown';

const zeroCounts = zeroOutcomes;

/** The method label of a node's answer time: the registry's name, "batch" for a batch, "other" beyond the registry. */
function latencyMethod(call: Pick<RpcPayload, 'batch' | 'methods'>): string {
  if (call.batch) return 'batch';
  const [method] = call.methods;
  return method !== undefined && isPublicMethod(method) ? method : 'other';
}

/** JSON-RPC error codes counted by their own label (EIP-1474's, and 3: execution reverted); the rest are "other". */
const knownErrorCodes: ReadonlySet<number> = new Set([
  3, -32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32006,
]);

/**
 * One process's metrics in its own registry (the main process's, or a worker's: the main process
 * sums them at each scrape, server/metrics/metrics-server.ts). Calls and HTTP answers are plain
 * numbers bumped on the call path and copied into prom-client's counters only when scraped, so
 * the gateway pays an increment per call, not a label lookup.
 */
export class ProcessMetrics implements GatewayObserver, FleetObserver, RedisObserver {
  readonly registry = new Registry();
  /** By network ('unknown' for a URL that names none), then outcome. */
  private readonly calls = new Map<string, Record<CallOutcome, number>>();
  /** HTTP answers by route, then status. */
  private readonly answers = new Map<string, Map<number, number>>();
  private readonly gatewayAnswers = new Map<number, number>();
  private readonly latency: Histogram<'network' | 'method'>;
  /** The histogram's labels by network, then method label: made once, not per call. */
  private readonly latencyLabels = new Map<string, Map<string, { network: string; method: string }>>();
  private readonly nodeErrors: Counter<'network' | 'code'>;
  private readonly apiLatency: Histogram<'route'>;
  private readonly redisRoundTrip: Histogram;
  private readonly redisErrors: Counter<'operation'>;
  /** Refusals answered after their pace's wait (server/gateway/refusal-pace.ts). */
  private slowedRefusals = 0;
  private readonly nodeLatency: Histogram<'network' | 'node'>;
  private readonly nodeCalls: Counter<'network' | 'node' | 'result'>;
  private readonly reroutes: Counter<'network' | 'why'>;

  /**
   * `process`: 'main', or 'worker-N'; it labels the per-process metrics (event-loop delay, memory, CPU).
   * `networks`: the networks served, whose counts show from the start (0).
   */
  constructor(process: string, networks: readonly Network[] = NETWORKS) {
    for (const network of [...networks, unknownNetwork]) this.calls.set(network, zeroCounts());
    // Fastify's name of the route, whichever path (fast path, worker, Fastify) served the call.
    this.answers.set(rpcRoute, this.gatewayAnswers);
    // Node's own: event-loop delay (nodejs_eventloop_lag_*), heap, GC, CPU, handles. Labelled per
    // process, so a cluster's scrape shows each process's event loop instead of their average.
    collectDefaultMetrics({ register: this.registry, labels: { process } });
    const calls = this.calls;
    new Counter({
      name: 'rpc_gateway_calls_total',
      help: 'Gateway calls by network and outcome (answered, refused and why, failed at the node)',
      labelNames: ['network', 'outcome'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [network, counts] of calls) {
          for (const outcome of outcomes) {
            const count = counts[outcome];
            // The served networks show every outcome from the start (0), so rate() sees the first one.
            if (count > 0 || network !== unknownNetwork) this.inc({ network, outcome }, count);
          }
        }
      },
    });
    const slowed = () => this.slowedRefusals;
    new Counter({
      name: 'rpc_gateway_refusals_slowed_total',
      help: "Refused calls answered only after a wait, their key's (or address's) refusals past REFUSALS_PER_SECOND",
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(slowed());
      },
    });
    const answers = this.answers;
    new Counter({
      name: 'http_requests_total',
      help: 'HTTP answers by route (as registered; "unmatched" for none) and status',
      labelNames: ['route', 'status'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [route, byStatus] of answers) {
          for (const [status, count] of byStatus) this.inc({ route, status: String(status) }, count);
        }
      },
    });
    this.latency = new Histogram({
      name: 'rpc_upstream_latency_seconds',
      help: 'Time from sending a call to a node to its answer (headers, or the whole answer when small), by network and method (the registry\'s name; "batch" for a batch, "other" beyond the registry)',
      labelNames: ['network', 'method'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.nodeErrors = new Counter({
      name: 'rpc_node_errors_total',
      help: 'JSON-RPC errors in the nodes\' answers, by network and code (EIP-1474\'s codes and 3, execution reverted; "other" beyond them)',
      labelNames: ['network', 'code'],
      registers: [this.registry],
    });
    this.apiLatency = new Histogram({
      name: 'http_request_duration_seconds',
      help: "Time to answer the app's HTTP requests (the dashboard's API, the pages), by route as registered; gateway calls are in rpc_upstream_latency_seconds",
      labelNames: ['route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.nodeLatency = new Histogram({
      name: 'rpc_node_latency_seconds',
      help: "Time from sending a call to one node to its answer, by network and node (its place in the network's list)",
      labelNames: ['network', 'node'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.nodeCalls = new Counter({
      name: 'rpc_node_requests_total',
      help: 'Calls sent to each node, by network, node and result (ok, or error: no answer, or a 5xx)',
      labelNames: ['network', 'node', 'result'],
      registers: [this.registry],
    });
    this.reroutes = new Counter({
      name: 'rpc_node_reroutes_total',
      help: 'Reads sent to a second node: failover (the first failed) or hedge (the first was slow)',
      labelNames: ['network', 'why'],
      registers: [this.registry],
    });
    // Observed as they happen (a sign-in or a key change is rare next to gateway calls).
    this.redisRoundTrip = new Histogram({
      name: 'rpc_redis_round_trip_seconds',
      help: 'Time from sending a command to Redis (REDIS_URL) to its answer',
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [this.registry],
    });
    this.redisErrors = new Counter({
      name: 'rpc_redis_errors_total',
      help: "Redis commands that failed or timed out, by operation; each attempt_limit one was answered by the local limiter instead, each admission one decided on the replica's local share",
      labelNames: ['operation'],
      registers: [this.registry],
    });
  }

  /** A Redis command answered (REDIS_URL): its round trip. */
  roundTrip(seconds: number): void {
    this.redisRoundTrip.observe(seconds);
  }

  /** A Redis command failed or timed out: what was tried ('publish', 'attempt_limit', 'readiness'). */
  failed(operation: string): void {
    this.redisErrors.inc({ operation });
  }

  called(network: Network | null, outcome: CallOutcome, status: number): void {
    const label = network ?? unknownNetwork;
    let counts = this.calls.get(label);
    if (counts === undefined) {
      counts = zeroCounts();
      this.calls.set(label, counts);
    }
    counts[outcome] += 1;
    this.gatewayAnswers.set(status, (this.gatewayAnswers.get(status) ?? 0) + 1);
  }

  upstreamAnswered(network: Network, call: Pick<RpcPayload, 'batch' | 'methods'>, ms: number): void {
    const method = latencyMethod(call);
    let byMethod = this.latencyLabels.get(network);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.latencyLabels.set(network, byMethod);
    }
    let labels = byMethod.get(method);
    if (labels === undefined) {
      labels = { network, method };
      byMethod.set(method, labels);
    }
    this.latency.observe(labels, ms / 1000);
  }

  nodeErrored(network: Network, code: number): void {
    this.nodeErrors.inc({ network, code: knownErrorCodes.has(code) ? String(code) : 'other' });
  }

  nodeAnswered(network: string, node: string, ms: number, failed: boolean): void {
    this.nodeCalls.inc({ network, node, result: failed ? 'error' : 'ok' });
    if (!failed) this.nodeLatency.observe({ network, node }, ms / 1000);
  }

  rerouted(network: string, why: 'failover' | 'hedge'): void {
    this.reroutes.inc({ network, why });
  }

  refusalSlowed(): void {
    this.slowedRefusals += 1;
  }

  /** An HTTP answer of the app (Fastify's onResponse); the gateway's are counted by `called`. */
  answered(route: string, status: number, seconds: number): void {
    this.apiLatency.observe({ route }, seconds);
    let byStatus = this.answers.get(route);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.answers.set(route, byStatus);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  /** The WebSocket endpoint of this process (server/gateway/ws): its open sockets at each scrape. */
  watchWebSockets(sockets: WatchedSockets): void {
    registerWebSocketGauges(this.registry, sockets);
  }

  /** A process's request log: calls not logged, by why (an HTTP worker's are its own, summed at a scrape). */
  watchRequestLog(log: RequestLogDrops): void {
    registerRequestLogDrops(this.registry, log);
  }

  /** The main process's readiness checks: each dependency, and the replica's readiness, at each scrape. */
  watchReadiness(readiness: WatchedReadiness): void {
    registerReadinessGauges(this.registry, readiness);
  }

  /** The nodes' rotation, heads and lag, and the answers kept (see fleet-gauges.ts), read at each scrape. */
  watchFleet(fleet: FleetGauged): void {
    registerFleetGauges(this.registry, fleet);
  }

  /** The main process's metering (workers report their counts to it), its request log included. */
  watchMetering(metering: MeteringGauges): void {
    registerMeteringGauges(this.registry, metering);
  }
}
