import cluster, { type Worker } from 'node:cluster';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { nodeSettings } from '@server/gateway/fleet/network-settings';
import type { Config } from '@server/config';
import type { GatewayParts } from '@server/gateway/create-gateway';
import type { ConnectionSlots } from '@server/gateway/ws/connection-slots';
import type { ProcessMetrics } from '@server/metrics/process-metrics';
import { LeaseAuthority } from '@server/cluster/lease-authority';
import { isWorkerMessage, type PrimaryMessage, type WorkerMessage } from '@server/cluster/protocol';
import { workerEnv } from '@server/cluster/worker-env';
import { createSocketDir } from '@server/cluster/socket-dir';
import { entryFile } from '@server/server-build';

export interface RunningCluster {
  readonly app: FastifyInstance;
  /** Shutdown is coming: the workers make each answer their connection's last (server/http/connection-drain.ts). */
  drain(): void;
  /** Stops the workers (each finishes its calls and sends its last counts), then the app. */
  stop(): Promise<void>;
}

/** How long a worker gets to finish its calls and report at shutdown before it is killed. */
const workerStopMs = 10_000;
/** A dead worker is replaced after this pause. */
const replaceAfterMs = 500;
const workerFile = entryFile(new URL('./worker.ts', import.meta.url));

function probePort(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * A message to a worker that is still there. Its channel can break between the check and the
 * write (the worker exiting): that write fails with EPIPE, reported to the callback. Without one,
 * Node emits it as an 'error' on the Worker, which would stop the main process. The worker's
 * 'exit' is handled on its own (a replacement, or the end of the shutdown).
 */
function send(worker: Worker, message: PrimaryMessage): void {
  if (worker.isConnected()) worker.send(message, undefined, undefined, () => undefined);
}

/**
 * WORKERS > 1: this process keeps the app (API, database, metering, and the authority on tokens
 * and credits) on a private Unix socket; WORKERS HTTP processes share the public port, serve the
 * gateway from leases and hand everything else to the app. A worker that dies is replaced.
 */
export async function startCluster(config: Config, metrics: ProcessMetrics | null = null): Promise<RunningCluster> {
  const socketDir = await createSocketDir();
  const socketPath = join(socketDir, 'api.sock');
  let parts: { gateway: GatewayParts; slots: ConnectionSlots } | null = null;
  const app = await buildApp(config, { behindWorkers: (gateway, slots) => (parts = { gateway, slots }), metrics });
  if (parts === null) throw new Error('the app did not hand over its gateway');
  const { gateway, slots }: { gateway: GatewayParts; slots: ConnectionSlots } = parts;
  await app.listen({ path: socketPath, listenTextResolver: () => `API listening for the ${config.workers} HTTP workers on ${socketPath}` });

  const authority = new LeaseAuthority({
    keys: gateway.keyCache,
    store: gateway.store,
    ledger: gateway.metering.ledger,
    meter: gateway.metering.meter,
  });
  const workers = new Set<Worker>();
  /** The WebSocket connection slots each worker holds: freed when it dies. */
  const workerSlots = new Map<Worker, Set<string>>();
  /** Reports still being taken in (a charge waiting for its key): the last metering write waits for them. */
  const reports = new Set<Promise<void>>();
  let stopping = false;
  /** Shutdown is coming: a worker started meanwhile (a replacement) is told so once it listens. */
  let draining = false;

  // Users whose connections grew behind the workers' backs (Redis back): each worker checks its own.
  slots.onRecount?.((userIds) => {
    for (const worker of workers) send(worker, { type: 'recount', userIds });
  });
  gateway.keyCache.onInvalidate((apiKey, userId) => {
    for (const worker of workers) send(worker, { type: 'invalidate', apiKey, userId });
  });

  function failed(what: string) {
    return (error: unknown) => app.log.error({ err: error }, what);
  }

  /** Logged here; the worker's call fails (500, as in one process) instead of waiting for ever. */
  function answerFailure(worker: Worker, id: number, what: string) {
    return (error: unknown) => {
      app.log.error({ err: error }, what);
      send(worker, { type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
    };
  }

  function handle(worker: Worker, message: WorkerMessage): void {
    switch (message.type) {
      case 'key':
        authority
          .key(message.apiKey)
          .then(
            (key) => send(worker, { type: 'key', id: message.id, key }),
            answerFailure(worker, message.id, "a worker's key load failed"),
          );
        return;
      case 'lease':
        authority
          .lease(worker.id, message.request, Date.now())
          .then(
            (answer) => send(worker, { type: 'lease', id: message.id, answer }),
            answerFailure(worker, message.id, "a worker's lease failed"),
          );
        return;
      case 'slot':
        Promise.resolve(slots.take(message.userId, message.limit)).then(
          (slot) => {
            // A worker that died meanwhile holds nothing: its slot is free again at once.
            const held = workerSlots.get(worker);
            if (slot !== null && held === undefined) slots.release(slot);
            else if (slot !== null) held?.add(slot);
            send(worker, { type: 'slot', id: message.id, slot });
          },
          answerFailure(worker, message.id, "a worker's WebSocket slot failed"),
        );
        return;
      case 'beyond':
        Promise.resolve(slots.beyond(message.userId, message.limit)).then(
          (beyond) => {
            const held = workerSlots.get(worker);
            send(worker, { type: 'beyond', id: message.id, slots: beyond.filter((slot) => held?.has(slot) === true) });
          },
          answerFailure(worker, message.id, "a worker's WebSocket slots could not be counted"),
        );
        return;
      case 'unslot':
        if (workerSlots.get(worker)?.delete(message.slot)) slots.release(message.slot);
        return;
      case 'report': {
        gateway.metering.requestLog.recordAll(message.calls);
        const reported = authority
          .report(worker.id, message.minutes, message.settlements, Date.now())
          .catch(failed("a worker's report failed"));
        reports.add(reported);
        void reported.then(() => reports.delete(reported));
        return;
      }
      case 'stopped':
        return;
    }
  }

  const env = {
    ...process.env,
    [workerEnv.apiSocket]: socketPath,
    // The nodes this process started (npm start without UPSTREAM_*) are the workers' too.
    ...nodeSettings(config.networks),
  };

  function fork(): Promise<void> {
    const worker = cluster.fork(env);
    workers.add(worker);
    workerSlots.set(worker, new Set());
    worker.on('message', (message: unknown) => {
      if (isWorkerMessage(message)) handle(worker, message);
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      authority.forget(worker.id);
      for (const slot of workerSlots.get(worker) ?? []) slots.release(slot);
      workerSlots.delete(worker);
      if (stopping) return;
      app.log.error(`HTTP worker ${worker.process.pid ?? '?'} exited (${signal ?? code}); starting another`);
      // After a pause: a worker that cannot start must not be forked again in a tight loop.
      setTimeout(() => {
        if (!stopping) fork().catch(failed('a replacement worker did not start'));
      }, replaceAfterMs).unref();
    });
    return new Promise((resolve, reject) => {
      worker.once('listening', () => {
        if (draining) send(worker, { type: 'drain' });
        resolve();
      });
      worker.once('exit', (code) => reject(new Error(`an HTTP worker exited (${code}) before listening on port ${config.port}`)));
    });
  }

  /**
   * Resolves once the worker has exited and everything it sent has been read: its channel closed
   * ('disconnect'), or its 'stopped' read, which it sends after its last report (the channel keeps
   * the order). Node does not always emit 'disconnect' for a worker that has already exited, so
   * either will do. A worker that does not stop in workerStopMs is killed, and no longer waited for.
   */
  function stopWorker(worker: Worker): Promise<void> {
    return new Promise((resolve) => {
      let exited = worker.isDead();
      let allRead = !worker.isConnected();
      if (exited && allRead) {
        resolve();
        return;
      }
      const settle = () => {
        if (!exited || !allRead) return;
        clearTimeout(kill);
        resolve();
      };
      const kill = setTimeout(() => {
        worker.kill('SIGKILL');
        allRead = true;
        settle();
      }, workerStopMs);
      worker.once('exit', () => {
        exited = true;
        settle();
      });
      worker.once('disconnect', () => {
        allRead = true;
        settle();
      });
      worker.on('message', (message: unknown) => {
        if (!isWorkerMessage(message) || message.type !== 'stopped') return;
        allRead = true;
        settle();
      });
      if (!exited) send(worker, { type: 'stop' });
    });
  }

  async function stop(): Promise<void> {
    stopping = true;
    await Promise.all([...workers].map(stopWorker));
    await Promise.all([...reports]);
    try {
      await app.close();
    } finally {
      await rm(socketDir, { recursive: true, force: true });
    }
  }

  cluster.setupPrimary({ exec: workerFile });
  try {
    // A taken port is said once, in words (start.ts explains EADDRINUSE), before any worker trips on it.
    await probePort(config.port, config.host);
    await Promise.all(Array.from({ length: config.workers }, () => fork()));
  } catch (error) {
    await stop();
    throw error;
  }
  const drain = () => {
    draining = true;
    for (const worker of workers) send(worker, { type: 'drain' });
  };
  return { app, drain, stop };
}
