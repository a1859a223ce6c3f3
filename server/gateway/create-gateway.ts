import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Db } from '@server/db/db';
import { LocalAdmission, type LocalTicket } from '@server/gateway/admission';
import { type AdmissionStore, MemoryAdmissionStore } from '@server/gateway/admission-store';
import type { GatewayObserver } from '@server/gateway/call-records';
import { Gateway } from '@server/gateway/gateway';
import { GatewayKeyCache, type KeyEntry } from '@server/gateway/key-cache';
import { createKeyLoader } from '@server/gateway/key-loader';
import { RateLimiter } from '@server/gateway/rate-limiter';
import { refusalPaceOf } from '@server/gateway/refusal-pace';
import { Fleet, type FleetObserver } from '@server/gateway/fleet/fleet';
import { connectSharedAnswers } from '@server/gateway/fleet/shared-answers';
import { noRedisObserver, type RedisLog, type RedisObserver } from '@server/shared/redis';
import type { CreditLedger } from '@server/metering/credit-ledger';
import { Metering } from '@server/metering/metering';

export interface GatewayParts {
  readonly gateway: Gateway<KeyEntry, LocalTicket>;
  /** The gateway's admission, also the WebSocket endpoint's (server/gateway/ws). */
  readonly admission: LocalAdmission;
  /** Where admission takes tokens and credits: this process's memory, or Redis shared by the replicas. */
  readonly store: AdmissionStore;
  readonly keyCache: GatewayKeyCache;
  readonly metering: Metering;
  /** Every network's nodes: health, routing, the head, the answers kept, the status report. */
  readonly fleet: Fleet;
  /** Writes the last metering batch and closes the node connections (app close). */
  close(): Promise<void>;
}

export interface GatewaySettings {
  readonly config: FleetConfig & Pick<Config, 'refusalsPerSecond'>;
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** How often metering writes (default 1 s). */
  readonly meteringIntervalMs?: number;
  /** Metrics of the calls and the nodes (METRICS_PORT). */
  readonly observer?: GatewayObserver & FleetObserver;
  /** The store every replica shares (REDIS_URL), built over this process's own, its fallback. */
  readonly sharedStore?: (memory: MemoryAdmissionStore, ledger: CreditLedger) => AdmissionStore;
  /** Where the shared answer cache's Redis round trips are counted (CACHE_SHARED). */
  readonly redisObserver?: RedisObserver;
}

const bucketSweepMs = 60_000;

/** The gateway and what it keeps in memory: key cache, rate buckets, metering, node pools. */
export function createGateway({
  config,
  db,
  clock,
  log,
  meteringIntervalMs,
  observer,
  sharedStore,
  redisObserver,
}: GatewaySettings): GatewayParts {
  // Date.now when the clock is the system's: one call per request instead of a Date object.
  const now = clock === systemClock ? Date.now : () => clock.now().getTime();
  const metering = new Metering({
    db,
    clock,
    log,
    intervalMs: meteringIntervalMs,
    onStaleUsers: (userIds) => {
      for (const userId of userIds) keyCache.invalidateUser(userId);
    },
  });
  const keyCache = new GatewayKeyCache(createKeyLoader(db, metering.ledger, clock), now);
  const limiter = new RateLimiter();
  const fleet = fleetOf(config, now, observer, { log, observer: redisObserver ?? noRedisObserver });
  const memory = new MemoryAdmissionStore(limiter, metering.ledger);
  const store = sharedStore?.(memory, metering.ledger) ?? memory;
  const admission = new LocalAdmission(store, metering.ledger);
  const gateway = new Gateway<KeyEntry, LocalTicket>({
    keys: keyCache,
    admission,
    meter: metering.meter,
    nodes: fleet,
    timeoutMs: config.upstreamTimeoutMs,
    now,
    observer,
    requestLog: metering.requestLog,
    refusalPace: refusalPaceOf(config.refusalsPerSecond),
    onFailure: (error) => log.error({ err: error }, 'gateway call failed'),
  });
  metering.start();
  const sweeper = setInterval(() => limiter.sweep(now()), bucketSweepMs);
  sweeper.unref();
  return {
    gateway,
    admission,
    store,
    keyCache,
    metering,
    fleet,
    close: async () => {
      clearInterval(sweeper);
      try {
        await metering.stop();
      } catch (error) {
        log.error({ err: error }, 'the last metering write failed: usage since the previous write is lost');
      }
      await fleet.close();
    },
  };
}

/** What the fleet reads of the settings. */
export type FleetConfig = Pick<
  Config,
  'networks' | 'upstreamTimeoutMs' | 'headPollMs' | 'cacheBytes' | 'cacheShared' | 'cacheSharedBytes' | 'redisUrl'
>;

/** The networks' nodes of `config`, their heads followed from now on; with CACHE_SHARED, the answers shared in Redis (`redis` reports on it). */
export function fleetOf(
  config: FleetConfig,
  now: () => number,
  observer: FleetObserver | undefined,
  redis: { readonly log: RedisLog; readonly observer: RedisObserver },
): Fleet {
  const fleet = new Fleet({
    networks: config.networks,
    timeoutMs: config.upstreamTimeoutMs,
    pollMs: config.headPollMs,
    cacheBytes: config.cacheBytes,
    shared: connectSharedAnswers(config, redis.log, redis.observer),
    now,
    observer,
  });
  fleet.start();
  return fleet;
}
