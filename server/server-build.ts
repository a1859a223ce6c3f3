/**
 * The compiled server: `npm run build` bundles server/start.ts and the entry points it starts
 * (the HTTP worker process, the PGlite thread), and the admin command, into build/server/*.js with esbuild
 * (server/build-server.ts), and records what the build was made from. With NODE_ENV=production
 * `npm start` runs that output with node alone, and refuses a build older than its sources.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRoot, spaSources } from '@server/spa-build';

/** Set to true by the build (esbuild `define`); undeclared when the sources run under tsx. */
declare const COMPILED_SERVER: boolean | undefined;

/** True in the compiled server, false when server/*.ts runs under tsx. */
export const compiledServer: boolean = typeof COMPILED_SERVER !== 'undefined' && COMPILED_SERVER;

/** Where the compiled entry points go, relative to the project root (one flat directory: see entryFile). */
export const serverBuildDir = join('build', 'server');
const buildInfoName = 'build-info.json';

/** The entry points compiled: the server, what it starts in processes and threads of their own, and the operators' command. */
export const serverEntries = ['server/start.ts', 'server/cluster/worker.ts', 'server/db/pglite-thread.ts', 'server/admin.ts'] as const;

/** The command that makes a fresh build, named by every refusal below. */
const buildCommand = 'npm run build';

/**
 * The file to start an entry point from, given its TypeScript source: that source under tsx, its
 * compiled file (build/server/<name>.js) in the compiled server.
 */
export function entryFile(source: URL): string {
  const path = fileURLToPath(source);
  return compiledServer ? join(projectRoot, serverBuildDir, `${basename(path, '.ts')}.js`) : path;
}

/** What a build was made from: each file's path (from the project root, with /) and SHA-256. */
export type BuiltFrom = Record<string, string>;

export function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Every file at or under `path` (relative to `root`), as paths relative to `root`, in name order; none when it does not exist. */
export function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((entry) => filesUnder(root, join(path, entry)));
}

/** A relative path with `/` between its parts, whatever the platform. */
export const slashed = (path: string): string => path.split(sep).join('/');

/** The SPA's sources as they are now: every file under spa-build's list (a new or deleted file counts). */
export function spaBuiltFrom(root: string = projectRoot): BuiltFrom {
  return Object.fromEntries(
    spaSources.flatMap((source) => filesUnder(root, source)).map((path) => [slashed(path), fileHash(join(root, path))]),
  );
}

/** Written by the build: `files` are the server's bundled sources (from esbuild) and the SPA's. */
export interface BuildInfo {
  readonly builtAt: string;
  readonly server: BuiltFrom;
  readonly spa: BuiltFrom;
}

export function buildInfoPath(root: string = projectRoot): string {
  return join(root, serverBuildDir, buildInfoName);
}

function isBuiltFrom(value: unknown): value is BuiltFrom {
  return typeof value === 'object' && value !== null && Object.values(value).every((hash) => typeof hash === 'string');
}

function readBuildInfo(root: string): BuildInfo | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(buildInfoPath(root), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('server' in parsed) || !('spa' in parsed) || !('builtAt' in parsed)) return null;
    const { server, spa, builtAt } = parsed;
    return isBuiltFrom(server) && isBuiltFrom(spa) && typeof builtAt === 'string' ? { server, spa, builtAt } : null;
  } catch {
    return null;
  }
}

/** The first file whose content is not what the build was made from, or null. */
function firstChanged(root: string, builtFrom: BuiltFrom, now: BuiltFrom | null): string | null {
  for (const [path, hash] of Object.entries(builtFrom)) {
    const current = now === null ? (existsSync(join(root, path)) ? fileHash(join(root, path)) : null) : (now[path] ?? null);
    if (current !== hash) return current === null ? `${path} was removed` : `${path} changed`;
  }
  if (now !== null) {
    const added = Object.keys(now).find((path) => !(path in builtFrom));
    if (added !== undefined) return `${added} was added`;
  }
  return null;
}

/**
 * Why the compiled server must not start (missing, or built from other sources than these: the
 * contents are compared, so a copy that changes file times does not matter), or null when it may.
 * The server's sources are the files esbuild bundled; the SPA's, every file it is built from.
 */
export function buildProblem(root: string = projectRoot): string | null {
  const info = readBuildInfo(root);
  if (info === null || !existsSync(join(root, 'dist', 'index.html'))) {
    return `The build is missing (${relative(root, buildInfoPath(root))} or dist/index.html): run \`${buildCommand}\` (it needs the dev dependencies), then start again.`;
  }
  const changed = firstChanged(root, info.server, null) ?? firstChanged(root, info.spa, spaBuiltFrom(root));
  if (changed === null) return null;
  return `The build is older than the sources (${changed} since it was built, ${info.builtAt}): run \`${buildCommand}\`, then start again.`;
}
