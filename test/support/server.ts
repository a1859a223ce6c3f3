import { existsSync } from 'node:fs';
import { join } from 'node:path';
import createClient, { type Client } from 'openapi-fetch';
import type { FastifyInstance } from 'fastify';
import type { paths } from '@/api/schema';
import { buildApp, defaultDistDir } from '@server/app';
import { loadConfig } from '@server/config';
import type { Mail } from '@server/mail/mailer';
import { testDataDir } from './database-template';
import { freePort } from './free-port';

export interface RunningServer {
  /** Where the browser reaches the app, e.g. http://127.0.0.1:41234 (also the server's PUBLIC_URL). */
  readonly url: string;
  /** The real app: `app.outbox` holds the mails sent in local mode, `app.db` the database. */
  readonly app: FastifyInstance;
  /** A typed client of the same contract, for arranging data without clicking (e.g. an account). */
  readonly api: Client<paths>;
  close(): Promise<void>;
}

/**
 * The real server, in-process, on a free loopback port: PGlite on a copy of the run's migrated
 * database (database-template.ts), local mode (development
 * OpenID provider, mail outbox), serving the built SPA from dist/. Only the variables given here
 * reach loadConfig, so a developer's shell (GOOGLE_CLIENT_ID, NODE_ENV...) cannot change a test.
 */
export async function startServer(overrides: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(defaultDistDir, 'index.html'))) {
    throw new Error('dist/index.html is missing: the browser tests serve the built SPA. Run `npx vite build` (npm test does).');
  }
  // The port is chosen before the app is built: PUBLIC_URL must be the real address, because the
  // reset link in mails and the Google redirect URI are made from it.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await testDataDir('e2e-server');
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    ...overrides,
  });
  let app: FastifyInstance | undefined;
  const close = async () => {
    try {
      await app?.close();
    } finally {
      await database.remove();
    }
  };
  try {
    app = await buildApp(config);
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await close();
    throw error;
  }
  const api = createClient<paths>({ baseUrl: `${url}/api` });
  return { url, app, api, close };
}

/** The newest mail sent to `to`; the outbox keeps mails in the order they were sent. */
export function latestMailTo(app: FastifyInstance, to: string): Mail {
  const mail = app.outbox.filter((sent) => sent.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox (${app.outbox.length} mails in all)`);
  return mail;
}
