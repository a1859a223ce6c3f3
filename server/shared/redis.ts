import { Redis } from 'ioredis';

/** What Redis use is counted as (server/metrics): each round trip's time, and each failure by what was tried. */
export interface RedisObserver {
  roundTrip(seconds: number): void;
  failed(operation: string): void;
}

export const noRedisObserver: RedisObserver = { roundTrip: () => undefined, failed: () => undefined };

/** Where a connection reports an outage and its end: a Fastify logger, or a worker's lines. */
export interface RedisLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RedisConnectionSettings {
  readonly url: string;
  readonly log: RedisLog;
  /** Names the connection in the log ('commands', 'key-change subscriber'). */
  readonly purpose: string;
  /** A command waits this long for its answer, then fails (Redis stalled, or a network cut nobody announced). */
  readonly commandTimeoutMs?: number;
}

/** What readiness asks of Redis (server/health/readiness.ts). */
export interface RedisPing {
  ping(): Promise<unknown>;
}

/** The first wait before reconnecting, doubled after each failed attempt up to the cap. */
const firstRetryMs = 100;
const maxRetryMs = 2000;

/**
 * One connection to REDIS_URL, as every Redis user of the server wants it: Redis is shared help, never
 * a reason to stop. Connecting starts here without being awaited (start-up does not wait for Redis,
 * nor fail without it); a lost connection is retried for ever with a wait capped at 2 s (Redis comes
 * back on its own time). Commands never queue while it is away (`enableOfflineQueue: false`,
 * `maxRetriesPerRequest: 0`): they fail at once, so the caller falls back to its local rule instead of
 * making a sign-in wait for a Redis that may not come back. Connection errors are logged, once per
 * outage (each retry fails the same way), never thrown.
 */
export function createRedisConnection(settings: RedisConnectionSettings): Redis {
  const { log, purpose } = settings;
  const redis = new Redis(settings.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: settings.commandTimeoutMs ?? 1000,
    retryStrategy: (times) => Math.min(firstRetryMs * 2 ** (times - 1), maxRetryMs),
    // The subscriber subscribes again itself once the connection is ready (server/shared/redis-key-changes.ts).
    autoResubscribe: false,
  });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    // The URL may hold a password: only its host and port are named.
    log.error({ err: error, redis: redis.options.host, port: redis.options.port, purpose }, `Redis (${purpose}) is unreachable: retrying`);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.warn({ purpose }, `Redis (${purpose}) is back`);
  });
  // Its failure has already been reported by the 'error' event above; retries follow.
  redis.connect().catch(() => undefined);
  return redis;
}

/** Runs one Redis round trip and counts it (time, or the failure under `operation`); rethrows the failure. */
export async function timedRedisCall<T>(observer: RedisObserver, operation: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    observer.roundTrip((performance.now() - started) / 1000);
    return result;
  } catch (error) {
    observer.failed(operation);
    throw error;
  }
}

/** Closes a connection made by createRedisConnection: politely when it is up, at once when not. */
export async function closeRedisConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Lost while quitting: disconnected below.
    }
  }
  redis.disconnect();
}
