import {
  ConfigError,
  parseEmail,
  parseHost,
  parseHttpUrl,
  parseInteger,
  parseOneOf,
  parsePort,
  parseUrlWithProtocols,
  readVar,
} from '@server/config-values';

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
  readonly sessionTtlHours: number;
  readonly logLevel: LogLevel;
  /** The mainnet EVM node the gateway forwards to; null = none (npm start then runs a local anvil). */
  readonly upstreamMainnetUrl: string | null;
  /** The devnet EVM node; null as for mainnet. */
  readonly upstreamDevnetUrl: string | null;
  /** How long the gateway waits for a node (headers, then between body chunks) before a 504. */
  readonly upstreamTimeoutMs: number;
  /** Largest JSON-RPC request body the gateway reads, in bytes; beyond it answers 413. */
  readonly gatewayBodyLimit: number;
  /** HTTP worker processes (server/cluster); 1 = the main process serves everything itself. */
  readonly workers: number;
}

type Env = Record<string, string | undefined>;

const nodeEnvs = ['development', 'test', 'production'] as const;

export function loadConfig(env: Env): Config {
  const mode = parseOneOf('NODE_ENV', readVar(env, 'NODE_ENV') ?? 'development', nodeEnvs) === 'production' ? 'production' : 'local';
  const port = parsePort('PORT', readVar(env, 'PORT') ?? '8080');
  const host = parseHost('HOST', readVar(env, 'HOST') ?? '127.0.0.1');
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const publicUrlVar = readVar(env, 'PUBLIC_URL');
  const publicUrl = parseHttpUrl('PUBLIC_URL', publicUrlVar ?? `http://${urlHost}:${port}`);
  const optional = <T>(name: string, parse: (name: string, value: string) => T): T | null => {
    const value = readVar(env, name);
    return value === undefined ? null : parse(name, value);
  };
  const withDefault = (name: string, fallback: string, parse: (name: string, value: string) => string): string =>
    parse(name, readVar(env, name) ?? fallback);

  const googleClientId = readVar(env, 'GOOGLE_CLIENT_ID') ?? null;
  const googleClientSecret = readVar(env, 'GOOGLE_CLIENT_SECRET') ?? null;
  if ((googleClientId === null) !== (googleClientSecret === null)) {
    const missing = googleClientId === null ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET';
    throw new ConfigError(missing, `${missing} is not set: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together (set both, or neither).`);
  }

  const config: Config = {
    mode,
    port,
    host,
    dataDir: readVar(env, 'DATA_DIR') ?? './.data',
    databaseUrl: optional('DATABASE_URL', (name, value) => parseUrlWithProtocols(name, value, ['postgres:', 'postgresql:'])),
    publicUrl,
    smtpUrl: optional('SMTP_URL', (name, value) => parseUrlWithProtocols(name, value, ['smtp:', 'smtps:'])),
    // Production requires MAIL_FROM; locally mails stay in the outbox, so any sender will do.
    mailFrom: withDefault('MAIL_FROM', 'no-reply@localhost.localdomain', parseEmail),
    googleClientId,
    googleClientSecret,
    productName: readVar(env, 'PRODUCT_NAME') ?? 'RPC Dashboard',
    docsUrl: withDefault('DOCS_URL', 'https://docs.example.com', parseHttpUrl),
    discordUrl: withDefault('DISCORD_URL', 'https://discord.com/invite/example', parseHttpUrl),
    telegramUrl: withDefault('TELEGRAM_URL', 'https://t.me/example', parseHttpUrl),
    supportUrl: withDefault('SUPPORT_URL', 'https://example.com/support', parseHttpUrl),
    salesEmail: withDefault('SALES_EMAIL', 'sales@example.com', parseEmail),
    sessionTtlHours: parseInteger('SESSION_TTL_HOURS', readVar(env, 'SESSION_TTL_HOURS') ?? '168', 1, 8760),
    logLevel: parseOneOf('LOG_LEVEL', readVar(env, 'LOG_LEVEL') ?? 'info', logLevels),
    upstreamMainnetUrl: optional('UPSTREAM_MAINNET_URL', parseHttpUrl),
    upstreamDevnetUrl: optional('UPSTREAM_DEVNET_URL', parseHttpUrl),
    upstreamTimeoutMs: parseInteger('UPSTREAM_TIMEOUT_MS', readVar(env, 'UPSTREAM_TIMEOUT_MS') ?? '10000', 100, 600_000),
    gatewayBodyLimit: parseInteger('GATEWAY_BODY_LIMIT', readVar(env, 'GATEWAY_BODY_LIMIT') ?? String(1024 * 1024), 1024, 64 * 1024 * 1024),
    workers: parseInteger('WORKERS', readVar(env, 'WORKERS') ?? '1', 1, 64),
  };
  if (mode === 'production') requireProductionSettings(env);
  return config;
}

/** Production never falls back to local stand-ins, so a missing real setting stops start-up. */
function requireProductionSettings(env: Env): void {
  const required: ReadonlyArray<readonly [string, string]> = [
    ['SMTP_URL', 'mails (password reset links) cannot be sent without it'],
    ['MAIL_FROM', 'mails need a sender address of your domain'],
    ['PUBLIC_URL', 'links in mails and sign-in redirects need the address browsers use'],
  ];
  for (const [name, reason] of required) {
    if (readVar(env, name) === undefined) {
      throw new ConfigError(name, `${name} is not set: with NODE_ENV=production ${reason}.`);
    }
  }
}

/** Settings that production runs without, but an operator should hear about at start-up. */
export function productionNotices(config: Config): string[] {
  if (config.mode !== 'production') return [];
  const notices: string[] = [];
  if (config.googleClientId === null) {
    notices.push('Sign-in with Google is not configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set): the Google button answers 503.');
  }
  if (config.databaseUrl === null) {
    notices.push(`DATABASE_URL is not set: using the embedded database in ${config.dataDir}.`);
  }
  return notices;
}
