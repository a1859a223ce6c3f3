import type { ServerOptions } from 'node:http';
import type { Config } from '@server/config';

/** Node's HTTP server time-outs from the config, for Fastify (WORKERS=1) and the HTTP workers alike. */
export interface ServerTimeouts {
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
  /** How often Node looks for requests past their time-out (its default, 30 s, would let them run that much longer). */
  readonly connectionsCheckingInterval: number;
}

/** Node's own limit on a request head (--max-http-header-size): past it, its HTTP server answers 431. */
export const maxHeadBytes = 16 * 1024;

type TimeoutSettings = Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'>;

export function serverTimeouts(config: TimeoutSettings): ServerTimeouts {
  // Node refuses a head time-out longer than the whole request's: the head is part of the request.
  const headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  return {
    headersTimeout,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
}

/** The same, as options of node:http's createServer. */
export function serverOptions(config: TimeoutSettings): ServerOptions {
  return { ...serverTimeouts(config) };
}

/**
 * The same, as Fastify's options (it sets keepAliveTimeout and requestTimeout on its server itself).
 * Behind the HTTP workers only they reach the main process, over keep-alive connections they reuse:
 * Fastify's long default keep-alive spares them connections closed under a request being sent.
 * The workers face the client and cut it when its time is up (408); the main process's own
 * time-outs are only a backstop, later by two checking rounds and a second, so that it never cuts a
 * proxied request first and turns the client's 408 into the workers' 502.
 */
export function fastifyTimeouts(
  config: TimeoutSettings,
  behindWorkers: boolean,
): { keepAliveTimeout?: number; requestTimeout: number; http: ServerOptions } {
  const { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval } = serverTimeouts(config);
  if (!behindWorkers) return { keepAliveTimeout, requestTimeout, http: { headersTimeout, connectionsCheckingInterval } };
  const backstop = 2 * connectionsCheckingInterval + 1000;
  return {
    requestTimeout: requestTimeout + backstop,
    http: { headersTimeout: headersTimeout + backstop, connectionsCheckingInterval },
  };
}
