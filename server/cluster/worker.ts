/**
 * An HTTP worker (WORKERS > 1; forked by server/cluster/primary.ts): serves the gateway itself,
 * with keys, tokens and credits from the main process (cached and leased: server/cluster/), and
 * hands everything else to the main process. Counts are reported every 200 ms and when it stops.
 */
import { compileAccessRules } from '@server/gateway/access-rules';
import { Gateway } from '@server/gateway/gateway';
import { GatewayKeyCache } from '@server/gateway/key-cache';
import { refusalPaceOf } from '@server/gateway/refusal-pace';
import { fleetOf } from '@server/gateway/create-gateway';
import { noRedisObserver } from '@server/shared/redis';
import { serveWebSockets } from '@server/gateway/ws/serve-web-sockets';
import { RequestLogRing } from '@server/metering/request-log';
import { UsageMeter } from '@server/metering/usage-meter';
import { createApiProxy } from '@server/cluster/api-proxy';
import { LeasedAdmission, type WorkerKey, type WorkerTicket } from '@server/cluster/leased-admission';
import { PrimaryChannel } from '@server/cluster/primary-channel';
import { drainMs } from '@server/cluster/fast-path';
import { createWorkerServer } from '@server/cluster/worker-http';
import { drainConnections } from '@server/http/connection-drain';
import { workerEnv } from '@server/cluster/worker-env';
import { configOrExit, explainStartupError } from '@server/startup-shutdown';
import { logLine } from '@server/log/logger-options';
import { say } from '@server/log/process-line';
import { exposeToPrimary } from '@server/metrics/cluster-scrape';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import cluster from 'node:cluster';

const reportEveryMs = 200;

const config = configOrExit();
const socketPath = process.env[workerEnv.apiSocket];
if (socketPath === undefined) {
  say(config.mode, 'error', `${workerEnv.apiSocket} is not set: workers are started by the main process (WORKERS > 1), not by hand.`);
  process.exit(1);
}

function logError(message: string, error: unknown): void {
  const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { message: String(error) };
  const line = JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, msg: message, err });
  process.stderr.write(logLine(config.mode, `${line}\n`));
}

const now = Date.now;
const channel = new PrimaryChannel();
const keys = new GatewayKeyCache<WorkerKey>(async (apiKey) => {
  const sent = await channel.key(apiKey);
  return sent === null
    ? null
    : {
        apiKey,
        keyId: sent.keyId,
        userId: sent.userId,
        rate: sent.rate,
        creditLimit: sent.creditLimit,
        capped: sent.capped,
        access: compileAccessRules(sent.lists),
        planId: sent.planId,
        logRequests: sent.logRequests,
        expiresAt: sent.expiresAt,
        graceUntil: sent.graceUntil,
      };
}, now);
const admission = new LeasedAdmission(
  (request) => channel.lease(request),
  (apiKey) => keys.invalidateKey(apiKey),
);
const meter = new UsageMeter();
const requestLog = new RequestLogRing();
// METRICS_PORT: the main process reads this worker's calls at each scrape (server/metrics/cluster-scrape.ts).
const metrics =
  config.metricsPort === null
    ? undefined
    : new ProcessMetrics(
        `worker-${cluster.worker?.id ?? process.pid}`,
        config.networks.map((network) => network.name),
      );
if (metrics !== undefined) exposeToPrimary(metrics.registry);
metrics?.watchRequestLog(requestLog);
// Each worker follows the nodes' heads itself, as a replica does: its head, rotation and kept answers are its own.
// With CACHE_SHARED its misses are asked of the answers every replica keeps in Redis, on its own connection.
const redisLog = {
  error: (details: object, message: string) => logError(message, 'err' in details ? details.err : null),
  warn: (_details: object, message: string) => say(config.mode, 'warn', message),
};
const fleet = fleetOf(config, now, metrics, { log: redisLog, observer: metrics ?? noRedisObserver });
metrics?.watchFleet(fleet);
const gateway = new Gateway<WorkerKey, WorkerTicket>({
  keys,
  admission,
  meter,
  nodes: fleet,
  timeoutMs: config.upstreamTimeoutMs,
  now,
  observer: metrics,
  requestLog,
  refusalPace: refusalPaceOf(config.refusalsPerSecond),
  onFailure: (error) => logError('gateway call failed', error),
});
const proxy = createApiProxy(socketPath);

const { server, fastPath } = createWorkerServer({
  config,
  gateway,
  proxy,
  now,
  onFailure: (error) => logError('gateway call failed', error),
});

// The WebSocket endpoint on this worker's server: its sockets, subscriptions and notifications are this worker's.
// Its connections are counted by the main process, for every worker (and every replica, with Redis).
const slots = {
  take: (userId: number, limit: number) => channel.slot(userId, limit),
  release: (slot: string) => channel.send({ type: 'unslot', slot }),
  beyond: (userId: number, limit: number) => channel.beyond(userId, limit),
  onRecount: (recount: (userIds: readonly number[]) => void) => channel.onRecount(recount),
};
const webSockets = serveWebSockets(
  server,
  { handler: gateway, keys, admission, records: gateway.records, nodes: fleet },
  config,
  now,
  slots,
);
metrics?.watchWebSockets(webSockets);

function report(): void {
  const minutes = meter.take();
  const settlements = admission.takeSettlements(now());
  const calls = requestLog.take();
  if (minutes.length > 0 || settlements.length > 0 || calls.length > 0) channel.send({ type: 'report', minutes, settlements, calls });
}
const reporter = setInterval(report, reportEveryMs);

async function stop(): Promise<void> {
  clearInterval(reporter);
  // Sockets first (1001): Node's close waits for every connection, upgraded ones included, and
  // their notifications in flight settle before the last report.
  await webSockets.close();
  // No new connections; idle keep-alive ones close now, busy ones once their answer is written.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  fastPath?.close();
  const cut = setTimeout(() => {
    server.closeAllConnections();
    fastPath?.destroy();
  }, drainMs);
  await closed;
  clearTimeout(cut);
  report();
  // A call whose client left may still be answered by its node: one more report counts it.
  await admission.settled();
  report();
  // Written before the disconnect: a plain send still queued when the channel closes is dropped.
  await channel.sendAndWait({ type: 'stopped' });
  proxy.close();
  await fleet.close();
}

channel.onInvalidate((apiKey, userId) => {
  if (apiKey !== null) keys.invalidateKey(apiKey);
  if (userId !== null) keys.invalidateUser(userId);
  admission.forgetRefusals(userId);
});
channel.onDrain(() => drainConnections(server, fastPath));
channel.onStop(() => {
  stop().then(
    () => channel.disconnect(),
    (error: unknown) => {
      logError('the worker did not stop cleanly', error);
      process.exit(1);
    },
  );
});

// Ctrl-C reaches the whole process group: the main process decides when workers stop (after their last report).
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
server.once('error', (error) => {
  // E.g. the port is taken: said once, in words, and the main process stops.
  say(config.mode, 'error', `Could not start: ${explainStartupError(error)}`);
  process.exit(1);
});
server.listen({ port: config.port, host: config.host });
