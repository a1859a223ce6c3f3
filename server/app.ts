import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { createLoginLimits, reserveChange, tooManyChanges } from '@server/auth/login-limits';
import { tooManyRequests } from '@server/http/errors';
import { redisAttempts } from '@server/auth/redis-attempts';
import { authenticateBearer } from '@server/auth/session-auth';
import { authorize } from '@server/auth/project-access';
import { systemClock, type Clock } from '@server/clock';
import { productionNotices, type Config } from '@server/config';
import type { Db } from '@server/db/db';
import { openDatabase } from '@server/db/open';
import type { MemoryAdmissionStore } from '@server/gateway/admission-store';
import { createGateway, type GatewayParts } from '@server/gateway/create-gateway';
import type { RpcHandler } from '@server/gateway/gateway';
import type { LocalTicket } from '@server/gateway/admission';
import { gatewayFront } from '@server/gateway/http-answer';
import type { KeyCache, KeyEntry } from '@server/gateway/key-cache';
import { gatewayRoutes } from '@server/gateway/routes';
import { type ConnectionSlots, MemorySlots } from '@server/gateway/ws/connection-slots';
import { serveWebSockets } from '@server/gateway/ws/serve-web-sockets';
import type { WsGateway } from '@server/gateway/ws/ws-gateway';
import { createGoogleSignIn } from '@server/google/index';
import { quietProbes } from '@server/health/quiet-probes';
import { Readiness, readinessChecks } from '@server/health/readiness';
import { createHandlers } from '@server/handlers/index';
import { apiBodyLimitBytes } from '@server/http/body-limit';
import { proxyTrust } from '@server/http/client-address';
import { installErrorHandler } from '@server/http/error-handler';
import { frameworkErrorAnswers } from '@server/http/framework-errors';
import { installFormBodyParser, installJsonBodyParser } from '@server/http/json-body';
import { installSecurityHeaders } from '@server/http/security-headers';
import { fastifyTimeouts, maxHeadBytes } from '@server/http/server-limits';
import { installSingleHost } from '@server/http/single-host';
import { installSpa } from '@server/http/spa';
import { formatValidationErrors } from '@server/http/validation-message';
import { createValidatorCompiler } from '@server/http/validator';
import { loggerOptions } from '@server/log/logger-options';
import { echoRequestId, requestIdOf } from '@server/http/request-id';
import type { Mail } from '@server/mail/mailer';
import { createOutboxMailer } from '@server/mail/outbox';
import { createSmtpMailer } from '@server/mail/smtp';
import type { CreditLedger } from '@server/metering/credit-ledger';
import type { Metering } from '@server/metering/metering';
import { startUsageAlerts } from '@server/metering/usage-alerts';
import { startUsageRetention } from '@server/metering/usage-retention';
import { startAuditRetention } from '@server/audit/audit-retention';
import { countHttpAnswers } from '@server/metrics/http-metrics';
import type { ProcessMetrics } from '@server/metrics/process-metrics';
import type { Billing } from '@server/payments/billing';
import { createPayments } from '@server/payments/create-payments';
import { loadOpenApiDocument } from '@server/openapi/document';
import { listOperations, optionalBodyRoutes } from '@server/openapi/operations';
import { registerOperations } from '@server/openapi/register';
import { inProcessKeyChanges, sharedKeyCache, type KeyChanges } from '@server/shared/key-changes';
import { postgresKeyChanges } from '@server/shared/postgres-key-changes';
import { closeRedisConnection, createRedisConnection, noRedisObserver, timedRedisCall } from '@server/shared/redis';
import { type RedisAdmissionStore, redisAdmissionStore } from '@server/shared/redis-admission-store';
import { redisConnectionSlots } from '@server/shared/redis-connection-slots';
import { redisKeyChanges } from '@server/shared/redis-key-changes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Mails kept by the development outbox (local mode without SMTP_URL); empty otherwise. */
    outbox: Mail[];
    /**
     * This replica's gateway key cache: drop what a change (key deleted, plan, allow-lists) made stale.
     * The dashboard's operations and billing also tell the other replicas (server/shared/key-changes.ts).
     */
    keyCache: KeyCache;
    /** The gateway's metering: `flush()` writes what is counted in memory (GET /usage does first). */
    metering: Metering;
    /** The gateway itself: what serves calls besides the app's route (the fast path, server/start.ts). */
    rpcHandler: RpcHandler;
    /** Billing: the payment provider's events, checkouts, the grace period of failed renewals. */
    billing: Billing;
    /** The WebSocket endpoint's open sockets in this process; null when HTTP workers serve it (WORKERS > 1). */
    webSockets: Pick<WsGateway<KeyEntry, LocalTicket>, 'open' | 'subscriptions' | 'subscriptionBytes'> | null;
    /** /api/readyz's checks; `drain()` at shutdown makes it answer 503 while the server still serves. */
    readiness: Readiness;
  }
}

export interface BuildOptions {
  /** Where the server reads the time (tests move it instead of sleeping). */
  clock?: Clock;
  /** The built SPA to serve at `/`; null serves none (the dev server's Vite does). Default: ./dist. */
  distDir?: string | null;
  /**
   * Behind the HTTP workers (WORKERS > 1): the app listens on a private socket only they reach, so
   * it takes the client address from their X-Forwarded-For, and hands them the gateway's parts.
   */
  behindWorkers?: (gateway: GatewayParts, webSocketSlots: ConnectionSlots) => void;
  /** The main process's metrics (METRICS_PORT): HTTP answers, gateway calls, metering. None counted without. */
  metrics?: ProcessMetrics | null;
}

/** The API requests are small JSON documents; anything bigger is refused with 413. */
export const bodyLimitBytes = apiBodyLimitBytes;

export const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url));

/** The whole server (API under /api, the SPA at /), ready for inject or listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  // What the gateway's paths answer before (or instead of) the gateway: the same on every front.
  const front = gatewayFront(config);
  const app = Fastify({
    logger: loggerOptions(config),
    // X-Request-Id in, on every log line of the request (reqId) and back in the answer.
    genReqId: requestIdOf,
    // Locally a line per request drowns the lines people look for (outbox links, errors).
    logController: new LogController({ disableRequestLogging: config.mode === 'local' }),
    bodyLimit: bodyLimitBytes,
    schemaErrorFormatter: formatValidationErrors,
    // Behind the workers the socket is private and they computed the client address (TRUST_PROXY included).
    trustProxy: options.behindWorkers !== undefined || (config.trustProxy.length > 0 && proxyTrust(config.trustProxy)),
    ...fastifyTimeouts(config, options.behindWorkers !== undefined),
    // A bad percent-escape in the path: the gateway's or the API's own 400, not the framework's.
    frameworkErrors: frameworkErrorAnswers(front),
    // The router's default (100 characters a path parameter) finds no route for a longer API key or
    // network name: the gateway answers those itself (401, 400), as the workers' fast path does for
    // any length a request head allows.
    routerOptions: { maxParamLength: maxHeadBytes },
  });
  // Behind the workers, they cap their clients' connections (each may open several to the main process).
  if (options.behindWorkers === undefined) app.server.maxConnections = config.maxConnections;
  const operations = listOperations(loadOpenApiDocument());
  app.setValidatorCompiler(createValidatorCompiler(optionalBodyRoutes(operations)));
  installJsonBodyParser(app);
  installFormBodyParser(app);
  installErrorHandler(app);
  installSecurityHeaders(app, config.publicUrl);
  echoRequestId(app);
  installSingleHost(app);
  quietProbes(app);
  if (options.metrics) countHttpAnswers(app, options.metrics);
  await app.register(fastifyCookie);

  const db = await openDatabase(
    config,
    (error) => app.log.warn({ err: error }, 'PostgreSQL ended an idle connection of the pool; the pool opens another when needed'),
    (message, waitMs) => app.log.warn(`Could not connect to the database of DATABASE_URL (${message}): trying again in ${waitMs} ms`),
  );
  app.addHook('onClose', async () => db.close());
  try {
    const outbox: Mail[] = [];
    app.decorate('db', db);
    app.decorate('outbox', outbox);
    app.decorateRequest('auth', null);
    for (const notice of productionNotices(config)) app.log.warn(notice);

    const mailer = config.smtpUrl !== null ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(outbox, app.log);
    const google = await createGoogleSignIn(app, config);
    // What the replicas share through REDIS_URL's Redis: one command connection for everything.
    const redisUrl = config.redisUrl;
    const redis = redisUrl === null ? null : createRedisConnection({ url: redisUrl, log: app.log, purpose: 'commands' });
    if (redis !== null) app.addHook('onClose', async () => closeRedisConnection(redis));
    const redisObserver = options.metrics ?? noRedisObserver;
    // With Redis the replicas share the gateway's rate buckets and credit reservations.
    let redisStore: RedisAdmissionStore | null = null;
    const sharedStore =
      redis === null
        ? undefined
        : (memory: MemoryAdmissionStore, ledger: CreditLedger) => {
            const store = redisAdmissionStore({ redis, memory, ledger, log: app.log, observer: redisObserver });
            redisStore = store;
            app.addHook('onClose', async () => store.close());
            return store;
          };
    const gateway = createGateway({
      config,
      db,
      clock,
      log: app.log,
      observer: options.metrics ?? undefined,
      sharedStore,
      redisObserver,
    });
    options.metrics?.watchMetering(gateway.metering);
    options.metrics?.watchFleet(gateway.fleet);
    // Registered after the database's and Redis's hooks, so it runs before them (onClose hooks run
    // last-in first-out): the last metering batch is written while the database is still open.
    app.addHook('onClose', async () => gateway.close());
    const stopUsageRetention = startUsageRetention({ db, clock, log: app.log });
    app.addHook('onClose', async () => stopUsageRetention());
    const stopAuditRetention = startAuditRetention({ db, clock, log: app.log });
    app.addHook('onClose', async () => stopAuditRetention());
    const stopUsageAlerts = startUsageAlerts({
      db,
      clock,
      log: app.log,
      mailer,
      publicUrl: config.publicUrl,
      productName: config.productName,
    });
    app.addHook('onClose', async () => stopUsageAlerts());
    // Replicas hear each other's key changes through Redis when there is one, else through their
    // PostgreSQL server; PGlite is one process.
    const keyChanges: KeyChanges =
      redisUrl !== null && redis !== null
        ? redisKeyChanges({ url: redisUrl, commands: redis, log: app.log, observer: redisObserver })
        : db.kind === 'postgres' && config.databaseUrl !== null
          ? await postgresKeyChanges({ databaseUrl: config.databaseUrl, db, log: app.log })
          : inProcessKeyChanges();
    app.addHook('onClose', async () => keyChanges.close());
    const keyCache = sharedKeyCache(gateway.keyCache, keyChanges);
    app.decorate('keyCache', gateway.keyCache);
    app.decorate('metering', gateway.metering);
    app.decorate('rpcHandler', gateway.gateway);
    // WebSocket connections per user: counted in Redis when the replicas share one, else here.
    const redisSlots =
      redis === null
        ? null
        : redisConnectionSlots({ redis, log: app.log, observer: redisObserver, replicas: () => redisStore?.replicas ?? 1 });
    if (redisSlots !== null) app.addHook('onClose', async () => redisSlots.close());
    const webSocketSlots: ConnectionSlots = redisSlots ?? new MemorySlots();
    options.behindWorkers?.(gateway, webSocketSlots);
    if (options.behindWorkers === undefined) {
      // The WebSocket endpoint where clients connect to this process (WORKERS=1). Its sockets close
      // before the server does: Node's close waits for every connection, upgraded ones included.
      const webSockets = serveWebSockets<KeyEntry, LocalTicket>(
        app.server,
        {
          handler: gateway.gateway,
          keys: gateway.keyCache,
          admission: gateway.admission,
          records: gateway.gateway.records,
          nodes: gateway.fleet,
        },
        config,
        () => clock.now().getTime(),
        webSocketSlots,
      );
      app.addHook('preClose', async () => webSockets.close());
      options.metrics?.watchWebSockets(webSockets);
      app.decorate('webSockets', webSockets);
    } else {
      app.decorate('webSockets', null);
    }
    const payments = await createPayments(config, { db, clock, log: app.log, keyCache });
    app.addHook('onClose', async () => payments.close());
    app.decorate('billing', payments.billing);
    // Readiness's pings are round trips too: timed and counted with the rest.
    const redisPing = redis === null ? null : { ping: () => timedRedisCall(redisObserver, 'readiness', () => redis.ping()) };
    // With Redis every replica counts every replica's sign-in attempts; each process alone without.
    const limits = createLoginLimits(
      redis === null ? undefined : (_limiters, names) => redisAttempts({ redis, names, log: app.log, observer: redisObserver }),
    );
    const readiness = new Readiness(readinessChecks(gateway.fleet, db, redisPing));
    options.metrics?.watchReadiness(readiness);
    app.decorate('readiness', readiness);
    const services = { config, db, clock, mailer, google, limits, log: app.log, keyCache, payments, readiness, status: gateway.fleet };
    registerOperations(
      app,
      operations,
      createHandlers(services),
      async (request, operationId) => {
        const auth = await authorize(db, request, await authenticateBearer(request, db, clock), operationId);
        request.auth = auth;
        if (auth.project === null || request.method === 'GET') return;
        const change = await reserveChange(limits, auth.project.projectId, auth.userId, clock.now());
        if (!change.ok) throw tooManyRequests(tooManyChanges, change.retryAfterMs);
      },
      config.mode === 'local',
    );
    await app.register(gatewayRoutes(gateway.gateway, front));
    await installSpa(app, options.distDir === undefined ? defaultDistDir : options.distDir, config.productName);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
