import {
  ConfigError,
  parseAddressList,
  parseEmail,
  parseHost,
  parseHttpUrl,
  parseInteger,
  parseOneOf,
  parsePort,
  parseUrlWithProtocols,
} from '@server/config-values';

import { upstreamSettings } from '@/domain/networks';
import { readStripe, type StripeConfig } from '@server/config-stripe';
import { type Env, SettingsReader } from '@server/settings-reader';
import { type NetworkSpec, readNetworks } from '@server/gateway/fleet/network-settings';
import { REFUSALS_PER_SECOND } from '@server/gateway/refusal-pace';
import { defaultLegalFiles, legalFileVariables, type LegalDocumentName, readLegalFile } from '@server/legal/legal-file';
import type { LegalDocument } from '@server/legal/legal-text';

export { ConfigError } from '@server/config-values';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** The server's settings, read once from environment variables by loadConfig. */
export interface Config {
  /** 'local' runs the offline stand-ins (outbox, local OpenID provider); 'production' never does. */
  readonly mode: 'local' | 'production';
  readonly port: number;
  readonly host: string;
  /** PGlite data directory, or 'memory://' for an in-memory database. Unused when databaseUrl is set. */
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /**
   * The Redis replicas share (sign-in limits, key-change messages); null = none: each process keeps
   * those in memory, and key changes go through PostgreSQL when DATABASE_URL is set.
   */
  readonly redisUrl: string | null;
  /** Where the browser reaches the app (no trailing slash): links in mails, OAuth redirects. */
  readonly publicUrl: string;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly googleClientId: string | null;
  readonly googleClientSecret: string | null;
  readonly productName: string;
  readonly docsUrl: string;
  readonly discordUrl: string;
  readonly telegramUrl: string;
  readonly supportUrl: string;
  readonly salesEmail: string;
  /**
   * SPEC.md §2's other reading of the routes: /webhooks, /dedicated-nodes, /usage, /settings and
   * /endpoints (and subpaths) lead to /coming-soon/{first segment}, and the sidebar marks them 'Soon'.
   */
  readonly comingSoonScreens: boolean;
  /** The terms of service and the privacy policy (TERMS_FILE, PRIVACY_FILE), read and parsed at start-up. */
  readonly legal: Readonly<Record<LegalDocumentName, LegalDocument>>;
  readonly stripe: StripeConfig | null;
  /** Days a past-due subscription keeps its plan before it drops to Free. */
  readonly billingGraceDays: number;
  /** Seconds between checks of the grace periods (and, in test mode, of the renewals due). */
  readonly billingCheckSeconds: number;
  readonly sessionTtlHours: number;
  readonly logLevel: LogLevel;
  /**
   * The networks served and each one's nodes (NETWORKS_FILE, else the built-in two; UPSTREAM_{NETWORK}_URL,
   * a comma-separated list, replaces a network's nodes). A network without nodes gets a local anvil
   * from npm start; production refuses to start without them.
   */
  readonly networks: readonly NetworkSpec[];
  /** How often the gateway checks each node's head (HEAD_POLL_MS). */
  readonly headPollMs: number;
  /** Bytes of node answers the gateway keeps to answer again (CACHE_BYTES; 0 = none). */
  readonly cacheBytes: number;
  /**
   * Answers that can never change (final blocks, the chain's id) are also kept in REDIS_URL's Redis,
   * where every replica finds them (CACHE_SHARED; server/gateway/fleet/shared-answers.ts).
   */
  readonly cacheShared: boolean;
  /** Bytes of answers kept in Redis for all replicas (CACHE_SHARED_BYTES). */
  readonly cacheSharedBytes: number;
  /** How long the gateway waits for a node (headers, then between body chunks) before a 504. */
  readonly upstreamTimeoutMs: number;
  /** Largest JSON-RPC request body the gateway reads, in bytes; beyond it answers 413. */
  readonly gatewayBodyLimit: number;
  /** HTTP worker processes (server/cluster); 1 = the main process serves everything itself. */
  readonly workers: number;
  /**
   * Plain gateway calls read straight off the socket (server/cluster/fast-path.ts) before Node's
   * HTTP server and Fastify: on by default, as it costs a third less CPU per call
   * (docs/benchmarks.md); off sends every request through them.
   */
  readonly fastPath: boolean;
  /**
   * Local mode on a HOST other than loopback: the stand-ins (a sign-in page that takes any e-mail,
   * the outbox) would then serve everyone who reaches the machine. Refused unless this is set.
   */
  readonly unsafeLocalModeOnNetwork: boolean;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs, as written); empty = none,
   * the client address is the connection's.
   */
  readonly trustProxy: readonly string[];
  /** Time a client has to send a request's head, then its whole request (Node's headersTimeout, requestTimeout). */
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections a process accepts at once; past it new ones are closed at once. */
  readonly maxConnections: number;
  /** Refusals of one key (or address) a gateway process answers at once per second, twice that at once (REFUSALS_PER_SECOND; server/gateway/refusal-pace.ts). */
  readonly refusalsPerSecond: number;
  /**
   * SIGTERM/SIGINT: seconds the server keeps serving after /api/readyz turns 503, so a load balancer
   * stops sending before the listener closes (SHUTDOWN_DELAY_SECONDS; 5 in production, 0 locally,
   * where nothing probes and Ctrl-C should stop at once).
   */
  readonly shutdownDelaySeconds: number;
  /**
   * Seconds start-up keeps trying to reach DATABASE_URL's server while it refuses or cannot be
   * reached (DATABASE_CONNECT_TIMEOUT_SECONDS, default 30; 0 tries once).
   */
  readonly databaseConnectTimeoutSeconds: number;
  /** Where Prometheus scrapes GET /metrics (server/metrics); null = no metrics server. 0 = a free port. */
  readonly metricsPort: number | null;
  readonly metricsHost: string;
}

const nodeEnvs = ['development', 'test', 'production'] as const;
const booleans = ['true', 'false'] as const;

/** Stands in for a document whose file was refused: start-up stops with that refusal anyway. */
const unreadLegalDocument: LegalDocument = { title: '', sections: [] };

/** Loopback addresses and names: only the person at the machine reaches a server bound there. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The settings from the environment. Throws one ConfigError naming every missing or invalid setting
 * (its `variable` is the first one's, its message has a line for each).
 */
export function loadConfig(env: Env): Config {
  const settings = new SettingsReader(env);
  const integer = (name: string, fallback: number, min: number, max: number): number =>
    settings.read(name, String(fallback), (n, v) => parseInteger(n, v, min, max), fallback);
  const withDefault = (name: string, fallback: string, parse: (name: string, value: string) => string): string =>
    settings.read(name, fallback, parse, fallback);

  const mode =
    settings.read('NODE_ENV', 'development', (n, v) => parseOneOf(n, v, nodeEnvs), 'development') === 'production' ? 'production' : 'local';
  const port = settings.read('PORT', '8080', parsePort, 8080);
  const host = settings.read('HOST', '127.0.0.1', parseHost, '127.0.0.1');
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const publicUrl = settings.read('PUBLIC_URL', `http://${urlHost}:${port}`, parseHttpUrl, `http://${urlHost}:${port}`);

  const googleClientId = settings.value('GOOGLE_CLIENT_ID') ?? null;
  const googleClientSecret = settings.value('GOOGLE_CLIENT_SECRET') ?? null;
  if ((googleClientId === null) !== (googleClientSecret === null)) {
    const missing = googleClientId === null ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET';
    settings.refuse(missing, `${missing} is not set: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together (set both, or neither).`);
  }

  const stripe = readStripe(settings);

  const config: Config = {
    mode,
    port,
    host,
    dataDir: settings.value('DATA_DIR') ?? './.data',
    databaseUrl: settings.optional('DATABASE_URL', (name, value) => parseUrlWithProtocols(name, value, ['postgres:', 'postgresql:'])),
    redisUrl: settings.optional('REDIS_URL', (name, value) => parseUrlWithProtocols(name, value, ['redis:', 'rediss:'])),
    publicUrl,
    smtpUrl: settings.optional('SMTP_URL', (name, value) => parseUrlWithProtocols(name, value, ['smtp:', 'smtps:'])),
    // Production requires MAIL_FROM; locally mails stay in the outbox, so any sender will do.
    mailFrom: withDefault('MAIL_FROM', 'no-reply@localhost.localdomain', parseEmail),
    googleClientId,
    googleClientSecret,
    productName: settings.value('PRODUCT_NAME') ?? 'RPC Dashboard',
    docsUrl: withDefault('DOCS_URL', 'https://docs.example.com', parseHttpUrl),
    discordUrl: withDefault('DISCORD_URL', 'https://discord.com/invite/example', parseHttpUrl),
    telegramUrl: withDefault('TELEGRAM_URL', 'https://t.me/example', parseHttpUrl),
    supportUrl: withDefault('SUPPORT_URL', 'https://example.com/support', parseHttpUrl),
    salesEmail: withDefault('SALES_EMAIL', 'sales@example.com', parseEmail),
    comingSoonScreens: settings.read('COMING_SOON_SCREENS', 'false', (n, v) => parseOneOf(n, v, booleans), 'false') === 'true',
    legal: {
      terms: settings.read(legalFileVariables.terms, defaultLegalFiles.terms, readLegalFile, unreadLegalDocument),
      privacy: settings.read(legalFileVariables.privacy, defaultLegalFiles.privacy, readLegalFile, unreadLegalDocument),
    },
    stripe,
    billingGraceDays: integer('BILLING_GRACE_DAYS', 7, 0, 365),
    billingCheckSeconds: integer('BILLING_CHECK_SECONDS', 60, 1, 3600),
    sessionTtlHours: integer('SESSION_TTL_HOURS', 168, 1, 8760),
    logLevel: settings.read('LOG_LEVEL', 'info', (n, v) => parseOneOf(n, v, logLevels), 'info'),
    networks: settings.read('NETWORKS_FILE', '', () => readNetworks(env), []),
    headPollMs: integer('HEAD_POLL_MS', 1000, 20, 60_000),
    cacheBytes: integer('CACHE_BYTES', 64 * 1024 * 1024, 0, 16 * 1024 * 1024 * 1024),
    cacheShared: settings.read('CACHE_SHARED', 'false', (n, v) => parseOneOf(n, v, booleans), 'false') === 'true',
    cacheSharedBytes: integer('CACHE_SHARED_BYTES', 256 * 1024 * 1024, 0, 16 * 1024 * 1024 * 1024),
    upstreamTimeoutMs: integer('UPSTREAM_TIMEOUT_MS', 10_000, 100, 600_000),
    gatewayBodyLimit: integer('GATEWAY_BODY_LIMIT', 1024 * 1024, 1024, 64 * 1024 * 1024),
    workers: integer('WORKERS', 1, 1, 64),
    fastPath: settings.read('FAST_PATH', 'on', (n, v) => parseOneOf(n, v, ['on', 'off'] as const), 'on') === 'on',
    unsafeLocalModeOnNetwork:
      settings.read('UNSAFE_LOCAL_MODE_ON_NETWORK', 'false', (n, v) => parseOneOf(n, v, booleans), 'false') === 'true',
    trustProxy: settings.read('TRUST_PROXY', undefined, parseAddressList, []),
    headersTimeoutMs: integer('HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    keepAliveTimeoutMs: integer('KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    maxConnections: integer('MAX_CONNECTIONS', 1024, 1, 1_000_000),
    refusalsPerSecond: integer('REFUSALS_PER_SECOND', REFUSALS_PER_SECOND, 1, 1_000_000),
    shutdownDelaySeconds: integer('SHUTDOWN_DELAY_SECONDS', mode === 'production' ? 5 : 0, 0, 300),
    databaseConnectTimeoutSeconds: integer('DATABASE_CONNECT_TIMEOUT_SECONDS', 30, 0, 3600),
    metricsPort: settings.optional('METRICS_PORT', parsePort),
    metricsHost: settings.read('METRICS_HOST', '127.0.0.1', parseHost, '127.0.0.1'),
  };
  // The public port serves everyone who reaches the app; what the metrics tell (traffic, keys'
  // refusals, the nodes' health) is for the operator only.
  if (config.metricsPort !== null && config.metricsPort !== 0 && config.metricsPort === port) {
    settings.refuse('METRICS_PORT', `METRICS_PORT=${port} is the public PORT: metrics are never served there. Choose another port.`);
  }
  if (config.cacheShared && config.redisUrl === null) {
    settings.refuse(
      'CACHE_SHARED',
      'CACHE_SHARED=true needs REDIS_URL: the replicas share the answers they keep through its Redis. Set REDIS_URL, or CACHE_SHARED=false.',
    );
  }
  if (mode === 'production') requireProductionSettings(settings, config.networks);
  else if (!isLoopbackHost(host) && !config.unsafeLocalModeOnNetwork) {
    settings.refuse(
      'HOST',
      `HOST="${host}" is not a loopback address: local mode's stand-ins (a sign-in page that takes any e-mail, the mail outbox) would serve everyone who reaches this machine. ` +
        'Use NODE_ENV=production with real settings, keep HOST on 127.0.0.1, or set UNSAFE_LOCAL_MODE_ON_NETWORK=true if you accept that risk.',
    );
  }
  const [first, ...others] = settings.problems;
  if (first !== undefined) {
    throw others.length === 0 ? first : new ConfigError(first.variable, [first, ...others].map((problem) => problem.message).join('\n'));
  }
  return config;
}

/** Production never falls back to local stand-ins, local nodes or the embedded database, so a missing real setting stops start-up. */
function requireProductionSettings(settings: SettingsReader, networks: readonly NetworkSpec[]): void {
  const required: ReadonlyArray<readonly [string, string]> = [
    ['SMTP_URL', 'mails (password reset links) cannot be sent without it'],
    ['MAIL_FROM', 'mails need a sender address of your domain'],
    ['PUBLIC_URL', 'links in mails and sign-in redirects need the address browsers use'],
    ...networks
      .filter((network) => network.nodes.length === 0)
      .map(
        (network) =>
          [
            upstreamSettings(network.name).url,
            `the gateway needs the ${network.name} nodes it forwards to, there or in NETWORKS_FILE (local nodes are never started in production)`,
          ] as const,
      ),
    ['STRIPE_SECRET_KEY', 'plans are paid through Stripe (the local test-mode checkout is never mounted in production)'],
    ['DATABASE_URL', 'the data needs a PostgreSQL server (the embedded database, PGlite, serves one process on one machine)'],
  ];
  for (const [name, reason] of required) {
    if (settings.value(name) === undefined) settings.refuse(name, `${name} is not set: with NODE_ENV=production ${reason}.`);
  }
}

/** Settings that production runs without, but an operator should hear about at start-up. */
export function productionNotices(config: Config): string[] {
  if (config.mode !== 'production') return [];
  const notices: string[] = [];
  if (config.googleClientId === null) {
    notices.push(
      'Sign-in with Google is not configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set): the Google button answers 503.',
    );
  }
  return notices;
}
