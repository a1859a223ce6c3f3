import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** Debian installs one directory per major version: /usr/lib/postgresql/15/bin/initdb. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const newest = versions[0];
  return newest === undefined ? undefined : join(root, newest, 'bin');
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres — trust auth, loopback only. */
  readonly url: string;
  stop(): void;
}

function uidGidOf(user: string): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Runs a PostgreSQL binary as the `postgres` user (initdb refuses root); only its errors are shown. */
function asPostgres(bin: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * A fresh PostgreSQL cluster in a temporary directory on a free loopback port, for one test run.
 * Needs root (to become `postgres`) and Debian's server binaries. stop() removes every trace.
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'test-pg-'));
  const { uid, gid } = uidGidOf('postgres');
  chownSync(dir, uid, gid);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        asPostgres(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-s']);
      } catch {
        // Already gone: nothing left to stop, the directory is removed below either way.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPostgres(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    started = true;
    // The socket goes to our own directory: /var/run/postgresql may not exist on a bare machine.
    const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
    asPostgres(join(bin, 'pg_ctl'), ['start', '-D', dataDir, '-w', '-s', '-l', join(dir, 'server.log'), '-o', serverOptions]);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/**
 * The PostgreSQL server of a test file that needs a real one (replicas sharing it): TEST_DATABASE_URL's,
 * else a throw-away one (root and Debian's server binaries). Without either, `canRun` is false and the
 * file says it is skipped; in CI, where one must be, it fails instead.
 */
export function realPostgres(file: string): { readonly canRun: boolean; start(): Promise<ThrowawayPostgres> } {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
  const bin = serverUrl === undefined ? findPostgresBin() : undefined;
  const canRun = serverUrl !== undefined || (bin !== undefined && process.getuid?.() === 0);
  if (!canRun) {
    if (process.env.CI) throw new Error(`${file} needs PostgreSQL: set TEST_DATABASE_URL or run as root with the server binaries`);
    console.warn(`${file} SKIPPED: no TEST_DATABASE_URL and no throw-away PostgreSQL here (root + binaries)`);
  }
  return {
    canRun,
    async start() {
      // TEST_DATABASE_URL's server belongs to whoever set it: never stopped here.
      if (serverUrl !== undefined) return { url: serverUrl, stop: () => undefined };
      if (bin === undefined) throw new Error('no PostgreSQL server');
      return startThrowawayPostgres(bin);
    },
  };
}
