import { describe, expect, it } from 'vitest';
import { fastifyTimeouts, serverTimeouts } from '@server/http/server-limits';

const settings = [
  { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 60_000 },
  { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5000 },
  { headersTimeoutMs: 100, requestTimeoutMs: 100, keepAliveTimeoutMs: 100 },
  { headersTimeoutMs: 50_000, requestTimeoutMs: 20_000, keepAliveTimeoutMs: 5000 },
];

describe('server time-outs', () => {
  it.each(settings)('alone, the API cuts at the configured times (%o)', (config) => {
    const worker = serverTimeouts(config);
    const alone = fastifyTimeouts(config, false);
    expect(alone.requestTimeout).toBe(worker.requestTimeout);
    expect(alone.keepAliveTimeout).toBe(worker.keepAliveTimeout);
    expect(alone.http.headersTimeout).toBe(worker.headersTimeout);
  });

  // The HTTP worker checks its clients every connectionsCheckingInterval, and so does the main
  // process: unless the main process's deadline is later by more than two rounds, it may cut a
  // proxied request first and the client reads a 502 where its own 408 was due.
  it.each(settings)('behind the workers, the main process cuts only two checking rounds after a worker would (%o)', (config) => {
    const worker = serverTimeouts(config);
    const behind = fastifyTimeouts(config, true);
    const rounds = 2 * worker.connectionsCheckingInterval;
    expect(behind.requestTimeout).toBeGreaterThan(worker.requestTimeout + rounds);
    expect(behind.http.headersTimeout ?? 0).toBeGreaterThan(worker.headersTimeout + rounds);
    expect(behind.http.headersTimeout ?? 0).toBeLessThanOrEqual(behind.requestTimeout);
    expect(behind.keepAliveTimeout).toBeUndefined();
  });
});
