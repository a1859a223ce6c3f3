/**
 * `npm start` (through scripts/start.mjs): from the sources, builds the SPA if needed; compiled
 * (NODE_ENV=production), refuses a build older than its sources and builds nothing. Then starts
 * a local anvil node for each network without an UPSTREAM_*_URL (local mode), and serves the SPA,
 * the API and the gateway on one port. SIGTERM/SIGINT close
 * the app (the last metering batch is written) and then stop the nodes.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { withFastPath } from '@server/cluster/one-process';
import { startCluster } from '@server/cluster/primary';
import { mainProcessMetrics, serveMetrics, type MetricsServer } from '@server/metrics/metrics-server';
import { localNodesNotice, startLocalNodes, type LocalNodes } from '@server/nodes/local-nodes';
import { say } from '@server/log/process-line';
import { configOrExit, explainStartupError, onShutdownSignal } from '@server/startup-shutdown';
import { buildSpa, isSpaStale } from '@server/spa-build';
import { compiledProblem } from '@server/release';
import { compiledServer } from '@server/server-build';

// Before the settings: a stale build would be checking them with yesterday's rules.
const problem = compiledServer ? compiledProblem() : null;
if (problem !== null) {
  say('production', 'error', `Could not start: ${problem}`);
  process.exit(1);
}

const config = configOrExit();

let app: { drain(): void; close(): Promise<unknown> } | null = null;
/** The app that answers /api/readyz (the main process's, with workers), once it runs. */
let served: FastifyInstance | null = null;
let nodes: LocalNodes | null = null;
/** METRICS_PORT's server; its metrics are counted from the start, null when unset. */
let metricsServer: MetricsServer | null = null;
const metrics = mainProcessMetrics(config);
/** Stops a dashboard build still running when a signal comes. */
const building = new AbortController();

/**
 * SHUTDOWN_DELAY_SECONDS: /api/readyz answers 503 at once, and everything else is served as before
 * for the delay, so a load balancer probing readiness stops sending here before the listener closes
 * (a request it sent meanwhile is answered, not refused with a 502). Then the close: idle keep-alive
 * connections are closed at once, busy ones after their answer.
 */
async function drain(): Promise<void> {
  if (served === null || config.shutdownDelaySeconds === 0) return;
  served.readiness.drain();
  app?.drain();
  served.log.info(
    `draining: /api/readyz answers 503; serving on for ${config.shutdownDelaySeconds} s (SHUTDOWN_DELAY_SECONDS), then closing`,
  );
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDelaySeconds * 1000));
}

/** Whatever has started so far, stopped in reverse order: the app before the nodes it calls. */
async function stopAll(): Promise<void> {
  building.abort();
  try {
    await drain();
    await metricsServer?.close();
    await app?.close();
  } finally {
    await nodes?.stop();
  }
}

// Before anything starts: a signal during start-up still stops the nodes already running.
onShutdownSignal(stopAll, config.mode);

try {
  // SKIP_SPA_BUILD=1: tests that start this file for the API alone do not rebuild the dashboard.
  // The compiled server never builds (no Vite in production): buildProblem checked dist/ above.
  if (!compiledServer && process.env.SKIP_SPA_BUILD !== '1' && isSpaStale()) {
    say(config.mode, 'info', 'Building the dashboard (dist/ is missing or older than src/)...');
    await buildSpa(undefined, building.signal);
  }
  nodes = await startLocalNodes(config);
  if (config.workers > 1) {
    const cluster = await startCluster(nodes.config, metrics);
    app = { drain: () => cluster.drain(), close: () => cluster.stop() };
    served = cluster.app;
    cluster.app.log.info(`${config.productName} is running at ${config.publicUrl} (${config.workers} HTTP workers)`);
  } else {
    const running = await buildApp(nodes.config, { metrics });
    // Plain calls on the fast path, as in a worker; the rest to the app.
    app = withFastPath(running, running.rpcHandler, nodes.config);
    served = running;
    await running.listen({
      port: config.port,
      host: config.host,
      // Fastify logs this once per address: with the default host, one line carrying the URL to open.
      listenTextResolver: (address) => `${config.productName} is running at ${config.port === 0 ? address : config.publicUrl}`,
    });
  }
  if (metrics !== null) {
    metricsServer = await serveMetrics(config, metrics);
    say(config.mode, 'info', `Metrics for Prometheus at ${metricsServer.url}`);
  }
  for (const line of localNodesNotice(nodes.started)) say(config.mode, 'info', line);
} catch (error) {
  // Stopped by a signal while starting: the shutdown in progress exits; this is no failure to report.
  if (!building.signal.aborted) {
    say(config.mode, 'error', `Could not start: ${explainStartupError(error)}`);
    await stopAll().catch(() => undefined);
    process.exit(1);
  }
}
