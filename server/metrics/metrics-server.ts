import { createServer } from 'node:http';
import { Registry } from 'prom-client';
import type { Config } from '@server/config';
import { clusterScraper } from '@server/metrics/cluster-scrape';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { explainStartupError } from '@server/startup-shutdown';

export interface MetricsServer {
  /** Where Prometheus scrapes: http://METRICS_HOST:port/metrics. */
  readonly url: string;
  close(): Promise<void>;
}

/** The main process's metrics when METRICS_PORT is set; null otherwise (nothing is counted). */
export function mainProcessMetrics(config: Pick<Config, 'metricsPort' | 'networks'>): ProcessMetrics | null {
  return config.metricsPort === null
    ? null
    : new ProcessMetrics(
        'main',
        config.networks.map((network) => network.name),
      );
}

/**
 * GET /metrics on METRICS_HOST:METRICS_PORT, a server of its own: never on the public port, where
 * anyone who reaches the app would read its traffic. With workers, one scrape sums every process.
 */
export async function serveMetrics(
  config: Pick<Config, 'metricsPort' | 'metricsHost' | 'workers'>,
  metrics: ProcessMetrics,
): Promise<MetricsServer> {
  const cluster = config.workers > 1 ? clusterScraper(metrics.registry) : null;
  const scrape = cluster === null ? () => metrics.registry.metrics() : cluster.scrape;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    scrape().then(
      (text) =>
        response.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    // A taken port is said in words, naming METRICS_PORT (start-up stops with it).
    server.once('error', (error) => reject(new Error(explainStartupError(error, 'METRICS_PORT'))));
    server.listen({ port: config.metricsPort ?? 0, host: config.metricsHost }, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.metricsPort;
  const host = config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise((resolve) => {
        cluster?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
