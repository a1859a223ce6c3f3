import { readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '@server/db/postgres';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@server/spa-build';
import { type RunningProxy, startNginxWith } from '../../bench/nginx';
import { setUpTestAnvil } from '../support/anvil';
import { freePort } from '../support/free-port';
import { uniqueEmail } from './helpers/accounts';
import { setUpPostgresServer } from './helpers/postgres-server';
import { signUp, start, type StartedServer, stopAllStarted, stopChild } from './helpers/started-server';
import type { TestDatabase } from './helpers/test-database';

/**
 * An operator's rolling restart, as compose or an orchestrator does it: deploy/nginx/default.conf
 * (its replicas' addresses swapped for these) in front of two replicas on one PostgreSQL, under a
 * steady load of gateway calls and API reads; each replica in turn gets SIGTERM, drains, exits 0
 * and starts again on its port before the next one stops. No request may fail: not one 502 from
 * nginx, not one connection error, not one answer other than 200.
 */
const anvil = setUpTestAnvil();
const postgres = setUpPostgresServer();

interface Replica {
  readonly name: string;
  readonly port: number;
  readonly dataDir: string;
  readonly settings: Record<string, string>;
  server: StartedServer | null;
}

let database: TestDatabase;
let nginx: RunningProxy;
let nginxUrl: string;
let dir: string;
const replicas: Replica[] = [];

/** deploy/nginx/default.conf with its upstream servers replaced by `ports` on loopback and its listener by `listen`. */
async function deployedNginxConfig(listen: number, ports: readonly number[]): Promise<string> {
  const config = await readFile(join(projectRoot, 'deploy', 'nginx', 'default.conf'), 'utf8');
  const servers = [...config.matchAll(/^(\s*)server app-\d+:8080( [^;]*)?;$/gm)];
  expect(servers.length, 'deploy/nginx/default.conf names app-1:8080 and app-2:8080').toBe(ports.length);
  let replaced = config;
  servers.forEach((server, index) => {
    replaced = replaced.replace(server[0], `${server[1] ?? ''}server 127.0.0.1:${ports[index] ?? 0}${server[2] ?? ''};`);
  });
  expect(replaced).toMatch(/^\s*listen 80;$/m);
  return replaced.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listen};`);
}

/**
 * The replicas' delay: past nginx's idle time-out for its upstream connections, which it closes
 * itself, as docs/operations.md asks (server/http/connection-drain.ts says why).
 */
async function delayPastIdleTimeout(): Promise<number> {
  const config = await readFile(join(projectRoot, 'deploy', 'nginx', 'default.conf'), 'utf8');
  const idle = /^\s*keepalive_timeout (\d+)s;$/m.exec(config)?.[1];
  expect(idle, 'deploy/nginx/default.conf sets keepalive_timeout in its upstream').toBeDefined();
  return Number(idle) + 1;
}

beforeAll(async () => {
  database = await postgres.database();
  dir = await mkdtemp(join(tmpdir(), 'rolling-restart-'));
  const shared = {
    ...anvil.upstream(),
    ...database.env,
    SHUTDOWN_DELAY_SECONDS: String(await delayPastIdleTimeout()),
    TRUST_PROXY: '127.0.0.1',
  };
  // One replica with HTTP workers, one without: both ways of closing are crossed.
  for (const [name, workers] of [
    ['app-1', '2'],
    ['app-2', '1'],
  ] as const) {
    const replica: Replica = {
      name,
      port: await freePort(),
      dataDir: join(dir, name),
      settings: { ...shared, WORKERS: workers },
      server: null,
    };
    replica.server = await start(replica.dataDir, replica.port, replica.settings);
    replicas.push(replica);
  }
  const port = await freePort();
  nginx = await startNginxWith(
    port,
    await deployedNginxConfig(
      port,
      replicas.map((replica) => replica.port),
    ),
  );
  nginxUrl = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  await stopAllStarted();
  await database?.drop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

/** Keeps `clients` loops sending through nginx (each waits for its answer) until stopped; counts answers, keeps every failure. */
function steadyLoad(apiKey: string, clients: number) {
  const agent = new Agent({ connections: clients, keepAliveTimeout: 30_000 });
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
  const failures: string[] = [];
  let answered = 0;
  let stopped = false;
  const loop = async (client: number) => {
    for (let turn = 0; !stopped; turn += 1) {
      const rpc = (turn + client) % 2 === 0;
      const what = rpc ? 'POST /api/v1/mainnet/{key}' : 'GET /api/plans';
      try {
        const answer = rpc
          ? await request(`${nginxUrl}/api/v1/mainnet/${apiKey}`, {
              method: 'POST',
              body,
              headers: { 'content-type': 'application/json' },
              dispatcher: agent,
            })
          : await request(`${nginxUrl}/api/plans`, { dispatcher: agent });
        const text = await answer.body.text();
        if (answer.statusCode === 200 && (!rpc || text.includes('"result"'))) answered += 1;
        else failures.push(`${what}: ${answer.statusCode} ${text.slice(0, 200)}`);
      } catch (error) {
        failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const loops = Array.from({ length: clients }, (_, client) => loop(client));
  return {
    failures,
    answered: () => answered,
    /** Resolves once `count` more answers have come than when called: the load has gone on. */
    async moreAnswers(count: number): Promise<void> {
      const target = answered + count;
      while (answered < target && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(loops);
      await agent.close();
    },
  };
}

describe('a rolling restart behind deploy/nginx/default.conf', () => {
  it('under load: each replica drains, exits 0 and starts again, and not one request fails', async () => {
    const email = uniqueEmail('rolling');
    const { apiKey } = await signUp(`http://127.0.0.1:${replicas[0]?.port ?? 0}`, email);
    // Enterprise: no rate or quota, so every call is answered by its node whatever the pace.
    const db = await openPostgres(database.env.DATABASE_URL ?? '');
    try {
      const user = await findUserByEmail(db, email);
      const plan = await findPlanByName(db, 'Enterprise');
      if (user === null || plan === null) throw new Error('the account or the Enterprise plan is missing');
      await setUserPlan(db, user.id, { planId: plan.id, frequency: 'MONTHLY', now: new Date() });
    } finally {
      await db.close();
    }

    const load = steadyLoad(apiKey, 6);
    try {
      await load.moreAnswers(200);
      for (const replica of replicas) {
        const server = replica.server;
        if (server === null) throw new Error(`${replica.name} is not running`);
        expect(await stopChild(server.child), `${replica.name} exits 0 after its drain:\n${server.output()}`).toBe(0);
        replica.server = null;
        await load.moreAnswers(100);
        replica.server = await start(replica.dataDir, replica.port, replica.settings);
        await load.moreAnswers(200);
      }
    } finally {
      await load.stop();
    }
    expect(load.failures, `nginx's error log:\n${await nginx.errors()}`).toEqual([]);
    expect(load.answered()).toBeGreaterThan(1000);
  }, 240_000);
});
