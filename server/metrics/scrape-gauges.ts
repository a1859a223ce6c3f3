import { Counter, Gauge, type Registry } from 'prom-client';
import type { ReadinessReport } from '@server/health/readiness';
import { LOG_DROPS, type LogDrop } from '@server/metering/request-log';

/** What metering exposes to metrics (server/metering/metering.ts). */
export interface MeteringGauges {
  /** How far behind the database the counts are: ms since everything counted was last stored. */
  flushLagMs(): number;
  /** Metered minutes the database refused for their content, dropped since start. */
  readonly droppedRows: number;
  /** The process's request log (its drops). */
  readonly requestLog: RequestLogDrops;
}

/** What the request log did not keep (server/metering/request-log.ts). */
export interface RequestLogDrops {
  readonly dropped: Readonly<Record<LogDrop, number>>;
}

/** A process's WebSocket endpoint, as its gauges read it (server/gateway/ws). */
export interface WatchedSockets {
  readonly open: number;
  readonly subscriptions: { readonly clients: number; readonly atNodes: number };
}

/** The readiness checks, as their gauges read them (server/health/readiness.ts). */
export interface WatchedReadiness {
  report(): Promise<ReadinessReport>;
  readonly draining: boolean;
}

/* The gauges and counters a process reads from its parts at each scrape (ProcessMetrics' watch…). */

/** The WebSocket endpoint of this process (server/gateway/ws): its open sockets at each scrape. */
export function registerWebSocketGauges(registry: Registry, sockets: WatchedSockets): void {
  new Gauge({
    name: 'rpc_websocket_connections',
    help: "Clients' WebSocket connections open on the gateway",
    registers: [registry],
    collect() {
      this.set(sockets.open);
    },
  });
  new Gauge({
    name: 'rpc_websocket_subscriptions',
    help: "eth_subscribe subscriptions: the clients' (at=clients), and the nodes' they share (at=nodes)",
    labelNames: ['at'],
    registers: [registry],
    collect() {
      this.set({ at: 'clients' }, sockets.subscriptions.clients);
      this.set({ at: 'nodes' }, sockets.subscriptions.atNodes);
    },
  });
}

/**
 * A process's request log: calls not logged, by why (a refused call past its key's budget, by
 * its outcome; the ring full). An HTTP worker's are its own, summed with the others' at a scrape.
 */
export function registerRequestLogDrops(registry: Registry, log: RequestLogDrops): void {
  new Counter({
    name: 'rpc_request_log_dropped_total',
    help: "Calls the request log did not keep, by reason: refused calls past their key's logging budget (by outcome), or the ring full",
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const reason of LOG_DROPS) this.inc({ reason }, log.dropped[reason]);
    },
  });
}

/**
 * The main process's readiness checks (the API, readyz included, is served there): at each scrape
 * whether each dependency answers (the report is shared with /api/readyz, reused for a second),
 * and whether the replica is ready (every required one answers).
 */
export function registerReadinessGauges(registry: Registry, readiness: WatchedReadiness): void {
  new Gauge({
    name: 'rpc_dependency_up',
    help: 'Whether each dependency answers (1) or not (0): database, redis, each node; required="true" ones make the replica unready, the others degrade it',
    labelNames: ['dependency', 'required'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const check of (await readiness.report()).checks) {
        this.set({ dependency: check.name, required: String(check.required) }, check.problem === null ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'rpc_ready',
    help: 'Whether this replica is ready (1: every required dependency answers and it is not shutting down), as /api/readyz says',
    registers: [registry],
    async collect() {
      this.set((await readiness.report()).ready && !readiness.draining ? 1 : 0);
    },
  });
}

/** The main process's metering (workers report their counts to it). */
export function registerMeteringGauges(registry: Registry, metering: MeteringGauges): void {
  new Gauge({
    name: 'rpc_metering_flush_lag_seconds',
    help: 'Seconds since everything the gateway counted was last written to the database (about the write interval when healthy)',
    registers: [registry],
    collect() {
      this.set(metering.flushLagMs() / 1000);
    },
  });
  registerRequestLogDrops(registry, metering.requestLog);
  new Counter({
    name: 'rpc_metering_rows_dropped_total',
    help: 'Metered minutes dropped because the database refused their content',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(metering.droppedRows);
    },
  });
}
