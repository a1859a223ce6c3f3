/**
 * `npm run bench:usage-series` (not part of `npm test`; the goal: GET /usage/series answers in
 * ≤ 50 ms for 3 months of one busy key). The server is built in-process on a fresh database, PGlite
 * by default, or a throw-away PostgreSQL with --postgres (Debian's binaries, as root). It seeds what
 * the retention rules keep of one Developer user's busy key after 3 months of calls: 30 methods
 * called every minute, as minutes for 7 days, hours for 90 days and days for 92 (about 370,000
 * rows), beside 10 other users' keys by the hour and the day. Then each query is sent `--runs`
 * times (200) after 20 warm-ups through Fastify's inject (the handler, its database reads and the
 * JSON, without a socket): the series of each range, all keys and the busy key alone, and the usage
 * report for comparison. Prints p50, p95, p99 and the slowest, in ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '@server/auth/password-hash';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { systemClock } from '@server/clock';
import { lowestWith } from '@/domain/plan-catalog';
import { insertUser, setUserPlan } from '@server/repos/users';
import { findPostgresBin, startThrowawayPostgres } from '../test/support/throwaway-postgres';
import { printTable } from './print-table';

const { values } = parseArgs({ options: { postgres: { type: 'boolean', default: false }, runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);
const methods = 30;
const busyKey = 1;

/** A histogram of answers mostly within 20 ms (src/domain/latency-histogram.ts's buckets). */
const latency = '{0,2,10,10,5,2,1,0,0,0,0,0,0,0}';

const email = 'busy@example.com';
const password = 'Bench-Usage-Series-1';

/** The busy user's session, as the dashboard gets one. */
async function signIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null || !('access_token' in body) || typeof body.access_token !== 'string') {
    throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  }
  return body.access_token;
}

async function main(): Promise<void> {
  let stopPostgres: () => void = () => undefined;
  let dir: string | null = null;
  let env: Record<string, string>;
  if (values.postgres) {
    const bin = findPostgresBin();
    if (bin === undefined) throw new Error('--postgres needs Debian PostgreSQL server binaries (apt-get install -y postgresql), as root');
    const cluster = await startThrowawayPostgres(bin);
    stopPostgres = () => cluster.stop();
    env = { DATABASE_URL: cluster.url };
  } else {
    dir = await mkdtemp(join(tmpdir(), 'bench-usage-series-'));
    env = { DATA_DIR: join(dir, 'data') };
  }
  try {
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ...env }), { clock: systemClock, distDir: null });
    try {
      const now = new Date();
      const db = app.db;
      // The lowest plan with RPC metrics (Developer).
      const developer = lowestWith('metrics');
      const user = await insertUser(db, {
        email,
        passwordHash: await hashPassword(password),
        origin: 'password',
        now,
        emailVerified: true,
      });
      await setUserPlan(db, user.id, { planId: developer.id, frequency: 'MONTHLY', now });
      const seeded = performance.now();
      const seed = async (table: string, column: string, userId: number, keyId: number, names: number, step: string, from: string) =>
        db.query(
          `INSERT INTO ${table} (api_key_id, user_id, network, method, ${column}, requests, credits, rate_limited, refused, upstream_errors, latency)
           SELECT $1, $2, 'mainnet', 'method_' || m, date_bin($3::interval, t, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
             30, 600, 1, 0, 1, $4::bigint[]
           FROM generate_series($5::timestamptz, $6::timestamptz, $3::interval) AS t, generate_series(1, $7) AS m`,
          [keyId, userId, step, latency, new Date(now.getTime() - Number(from) * 86_400_000), now, names],
        );
      await seed('usage_minutes', 'minute', user.id, busyKey, methods, '1 minute', '7');
      await seed('usage_hours', 'hour', user.id, busyKey, methods, '1 hour', '90');
      await seed('usage_days', 'day', user.id, busyKey, methods, '1 day', '92');
      for (let other = 0; other < 10; other += 1) {
        const neighbour = await insertUser(db, {
          email: `neighbour${other}@example.com`,
          passwordHash: 'x',
          origin: 'password',
          now,
          emailVerified: true,
        });
        await seed('usage_hours', 'hour', neighbour.id, 100 + other, 10, '1 hour', '90');
        await seed('usage_days', 'day', neighbour.id, 100 + other, 10, '1 day', '92');
      }
      await db.query('ANALYZE');
      const counts = await db.query<{ minutes: string; hours: string; days: string }>(
        `SELECT (SELECT count(*) FROM usage_minutes) AS minutes, (SELECT count(*) FROM usage_hours) AS hours, (SELECT count(*) FROM usage_days) AS days`,
      );
      const count = counts.rows[0];
      console.log(
        `${values.postgres ? 'PostgreSQL' : 'PGlite'}: seeded ${count?.minutes} minutes, ${count?.hours} hours, ${count?.days} days in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
      );
      const token = await signIn(app);

      const rows: string[][] = [];
      for (const url of [
        '/api/usage/series?range=1d',
        '/api/usage/series?range=1m',
        '/api/usage/series?range=3m',
        `/api/usage/series?range=3m&keyId=${busyKey}`,
        '/api/usage/series?range=3m&method=method_7',
        '/api/usage?range=1d',
        '/api/usage?range=3m',
      ]) {
        const times: number[] = [];
        for (let index = 0; index < 20 + runs; index += 1) {
          const started = performance.now();
          const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          const took = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
          if (index >= 20) times.push(took);
        }
        times.sort((a, b) => a - b);
        const at = (q: number) => (times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? Number.NaN).toFixed(1);
        rows.push([url.replace('/api', ''), at(0.5), at(0.95), at(0.99), (times.at(-1) ?? Number.NaN).toFixed(1)]);
      }
      printTable(['GET', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], rows);
      const goal = rows.find((row) => row[0] === `/usage/series?range=3m&keyId=${busyKey}`);
      console.log(`goal (3 months of one busy key, p95 <= 50 ms): ${goal?.[2]} ms, ${Number(goal?.[2]) <= 50 ? 'met' : 'NOT met'}`);
    } finally {
      await app.close();
    }
  } finally {
    stopPostgres();
    if (dir !== null) await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
