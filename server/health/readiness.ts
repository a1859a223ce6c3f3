import type { Fleet } from '@server/gateway/fleet/fleet';
import type { NetworkFleet } from '@server/gateway/fleet/network-fleet';
import type { Queryable } from '@server/db/db';
import type { RedisPing } from '@server/shared/redis';

/** One thing the server uses: a probe that resolves when it is usable, and rejects saying why not. */
export interface ReadinessCheck {
  /** Named in the answers and the metric (e.g. 'database', 'mainnet node'). */
  readonly name: string;
  /**
   * true: this replica cannot serve without it, so it is not ready (a load balancer sends its
   * traffic elsewhere). false: it serves without it, degraded (reported, still ready): another
   * replica would not do better, and taking every replica out would turn a partial outage whole.
   */
  readonly required: boolean;
  probe(signal: AbortSignal): Promise<void>;
}

export interface CheckResult {
  readonly name: string;
  readonly required: boolean;
  /** null: usable; else what is wrong, in words safe to show anyone (never a node's URL: it may carry a key). */
  readonly problem: string | null;
}

export interface ReadinessReport {
  /** Every required check passed. */
  readonly ready: boolean;
  readonly checks: readonly CheckResult[];
}

/** The checks that failed, one line each (`devnet node: could not be reached`), the required ones first. */
export function problemLines(report: ReadinessReport): string[] {
  const failed = report.checks.filter((check) => check.problem !== null);
  return [...failed.filter((check) => check.required), ...failed.filter((check) => !check.required)].map(
    (check) => `${check.name}: ${check.problem}`,
  );
}

export interface ReadinessOptions {
  /** Each probe gets this long (then it is not ready). */
  readonly timeoutMs?: number;
  /** A report is reused this long: a storm of probes reaches the database and the nodes once a second. */
  readonly cacheMs?: number;
  readonly now?: () => number;
}

/** A failure a probe explains in words; anything else is reported as "failed" without its details. */
export class NotReady extends Error {
  override name = 'NotReady';
}

class TimedOut extends Error {}

/**
 * GET /api/readyz and the dependency gauges: a list of named checks (the database, each upstream
 * node, Redis when REDIS_URL is set), run together with a short time-out, the report cached briefly.
 */
export class Readiness {
  private drainingNow = false;
  private cached: { readonly at: number; readonly report: ReadinessReport } | null = null;
  private running: Promise<ReadinessReport> | null = null;
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly now: () => number;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    options: ReadinessOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.cacheMs = options.cacheMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** The server is shutting down: not ready from now on, whatever the checks say (it still serves meanwhile). */
  drain(): void {
    this.drainingNow = true;
  }

  get draining(): boolean {
    return this.drainingNow;
  }

  report(): Promise<ReadinessReport> {
    if (this.cached !== null && this.now() - this.cached.at < this.cacheMs) return Promise.resolve(this.cached.report);
    // Probes arriving while one runs share it.
    this.running ??= this.runAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runAll(): Promise<ReadinessReport> {
    const checks = await Promise.all(
      this.checks.map(async (check) => ({ name: check.name, required: check.required, problem: await this.run(check) })),
    );
    const report = { ready: checks.every((check) => !check.required || check.problem === null), checks };
    this.cached = { at: this.now(), report };
    return report;
  }

  private async run(check: ReadinessCheck): Promise<string | null> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new TimedOut());
      }, this.timeoutMs);
    });
    try {
      await Promise.race([check.probe(controller.signal), expired]);
      return null;
    } catch (error) {
      if (error instanceof TimedOut || controller.signal.aborted) return `did not answer within ${this.timeoutMs} ms`;
      return error instanceof NotReady ? error.message : 'failed';
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The database answers a query (PGlite's thread or the PostgreSQL pool is alive). Required: the
 * dashboard's every operation (sessions, keys, billing) and the gateway's first call with each key
 * read it; a replica that lost its own connection should get no traffic while the others have one.
 */
export function databaseCheck(db: Queryable): ReadinessCheck {
  return {
    name: 'database',
    required: true,
    probe: async () => {
      try {
        await db.query('select 1');
      } catch {
        // The driver's words may name the host or the user; these stay the same whatever went wrong.
        throw new NotReady('could not be queried');
      }
    },
  };
}

/**
 * A network's nodes: usable while one of them is in rotation (the fleet checks their heads itself,
 * server/gateway/fleet). Never required: a network without a node is reported, and the replica
 * still serves the others.
 */
export function networkCheck(network: Pick<NetworkFleet, 'name' | 'nodes' | 'serving'>): ReadinessCheck {
  return {
    name: `${network.name} nodes`,
    required: false,
    probe: async () => {
      if (network.serving().length > 0) return;
      const reasons = network.nodes.map((node) => `${node.label}: ${node.out ?? 'not checked yet'}`);
      throw new NotReady(`no node is serving (${reasons.join('; ')})`);
    },
  };
}

/**
 * Redis (REDIS_URL) answers PING. Not required: every replica falls back to its local share of the
 * limits and serves on (degraded, reported so an operator sees the replicas no longer share them).
 */
export function redisCheck(redis: RedisPing): ReadinessCheck {
  return {
    name: 'redis',
    required: false,
    probe: async () => {
      try {
        await redis.ping();
      } catch {
        // Its error names host and port at most; the words stay the same whatever went wrong.
        throw new NotReady('could not be reached');
      }
    },
  };
}

/** What this server uses: its database (required), Redis when set, and each network's nodes (a network without any has nothing to wait for). */
export function readinessChecks(fleet: Pick<Fleet, 'networks'>, db: Queryable, redis: RedisPing | null = null): ReadinessCheck[] {
  const checks = [databaseCheck(db)];
  if (redis !== null) checks.push(redisCheck(redis));
  for (const network of fleet.networks) checks.push(networkCheck(network));
  return checks;
}
