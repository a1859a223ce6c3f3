import cluster from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/**
 * prom-client's own cluster messages: a worker that called exposeToPrimary answers this request
 * with its registries as JSON (prom-client's listener in the worker, lib/cluster.js).
 */
const metricsRequest = 'prom-client:getMetricsReq';
const metricsResponse = 'prom-client:getMetricsRes';
/** A worker that does not answer by then (busy, dying) is left out of that scrape rather than failing it. */
const workerAnswerMs = 2000;

type RegistryJson = MetricObjectWithValues<MetricValue<string>>[];

interface MetricsResponse {
  readonly type: typeof metricsResponse;
  readonly requestId: number;
  readonly metrics?: RegistryJson[];
  readonly error?: string;
}

/** The envelope is checked; its content is prom-client's own output in our own worker. */
function isMetricsResponse(message: unknown): message is MetricsResponse {
  return (
    typeof message === 'object' &&
    message !== null &&
    'type' in message &&
    message.type === metricsResponse &&
    'requestId' in message &&
    typeof message.requestId === 'number' &&
    (!('metrics' in message) || Array.isArray(message.metrics))
  );
}

/** In a worker: lets the main process read this registry (installs prom-client's answering listener). */
export function exposeToPrimary(registry: Registry): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/**
 * In the main process with workers: each scrape asks every worker for its metrics and sums them
 * with the main process's own, by prom-client's aggregator (counters and histograms summed; the
 * per-process metrics keep their `process` label). prom-client's clusterMetrics() would do the
 * asking but leaves out the main process, which serves the API and owns the metering.
 */
export function clusterScraper(main: Registry): { scrape(): Promise<string>; close(): void } {
  let nextId = 1;
  const waiting = new Map<number, (metrics: RegistryJson[] | null) => void>();
  const onMessage = (_worker: unknown, message: unknown) => {
    if (!isMetricsResponse(message)) return;
    waiting.get(message.requestId)?.(message.metrics ?? null);
  };
  cluster.on('message', onMessage);

  function ask(worker: { send(message: unknown): boolean }): Promise<RegistryJson[]> {
    const requestId = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(null), workerAnswerMs);
      function settle(metrics: RegistryJson[] | null): void {
        clearTimeout(timer);
        waiting.delete(requestId);
        resolve(metrics ?? []);
      }
      waiting.set(requestId, settle);
      worker.send({ type: metricsRequest, requestId });
    });
  }

  return {
    scrape: async () => {
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected() === true);
      const answers = await Promise.all(workers.map((worker) => (worker === undefined ? [] : ask(worker))));
      const own = await main.getMetricsAsJSON();
      return AggregatorRegistry.aggregate([own, ...answers.flat()]).metrics();
    },
    close: () => {
      cluster.off('message', onMessage);
    },
  };
}
