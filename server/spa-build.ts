import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** What the SPA bundle (and its prerendered pages) is built from: a change to any of them calls for a new build. */
export const spaSources = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json', 'server/spa-prerender'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

/** True when dist/ is missing or older than what it is built from. */
export function isSpaStale(root: string = projectRoot): boolean {
  const builtIndex = join(root, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return spaSources.some((source) => newestChange(join(root, source)) > builtAt);
}

/**
 * Builds the SPA as `npm run build` does, with `vite build` in a child process. Never in the
 * server's own process: Vite sets NODE_ENV=production in the process it builds in (which the HTTP
 * workers then inherited, and refused to start in local mode), and it keeps its memory there.
 * `signal` stops the build (the child gets SIGTERM) when the server is stopped while it runs.
 */
export async function buildSpa(root: string = projectRoot, signal?: AbortSignal): Promise<void> {
  const vitePackage = createRequire(join(root, 'package.json')).resolve('vite/package.json');
  const viteCli = join(dirname(vitePackage), 'bin', 'vite.js');
  const child = spawn(process.execPath, [viteCli, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    ...(signal === undefined ? {} : { signal }),
  });
  const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, killedBy) => resolve({ code, signal: killedBy }));
  });
  if (outcome.code !== 0) {
    throw new Error(`Building the dashboard failed: vite build exited with ${outcome.code ?? outcome.signal} (its messages are above)`);
  }
}
