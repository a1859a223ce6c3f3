import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@server/config';
import { workerEnv } from '@server/cluster/worker-env';
import { projectRoot } from '@server/spa-build';
import { sourceFiles } from '../../support/source-tree';
import { field } from './started-server';
import { productionSettings } from './production-settings';

/** Readers of the deployment files (Dockerfile, .env, systemd units) and of the settings the server reads. */

export const readProjectFile = (path: string): string => readFileSync(join(projectRoot, path), 'utf8');

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A YAML mapping's entries (an empty list for anything else). */
export function entries(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
}

/** A path of fields into parsed YAML: `at(doc, 'spec', 'template', 'spec')`. */
export function at(value: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((found, name) => field(found, name), value);
}

/**
 * Names the server reads that are no operator's setting, each with who sets it: they stay out of
 * .env.example and out of the deployment files.
 */
export const notOperatorSettings: Readonly<Record<string, string>> = {
  PATH: "the system's (server/nodes/anvil.ts looks for anvil on it, in local mode)",
  SKIP_SPA_BUILD: 'tests that start the sources for the API alone (the compiled server never builds)',
  DEV_API_PORT: 'npm run dev (server/dev.ts), never a deployment',
  [workerEnv.apiSocket]: 'the main process, for its HTTP workers',
};

/** The names loadConfig looks up in `values` (whether set or not). */
export function namesLookedUp(values: Readonly<Record<string, string>>): { names: Set<string>; error: unknown } {
  const names = new Set<string>();
  const env = new Proxy<Record<string, string | undefined>>(
    { ...values },
    {
      get(target, name) {
        if (typeof name !== 'string') return undefined;
        names.add(name);
        return target[name];
      },
    },
  );
  try {
    loadConfig(env);
    return { names, error: null };
  } catch (error) {
    return { names, error };
  }
}

/**
 * Production-like settings under which every optional branch of loadConfig reads its names too:
 * Stripe's prices, PostgreSQL and Redis, the shared cache, metrics, Google, each network's nodes.
 */
export const everyBranchSettings: Readonly<Record<string, string>> = {
  ...productionSettings,
  DATABASE_URL: 'postgres://rpc@127.0.0.1:5432/rpc',
  REDIS_URL: 'redis://127.0.0.1:6379',
  CACHE_SHARED: 'true',
  METRICS_PORT: '9464',
  GOOGLE_CLIENT_ID: 'client-id',
  GOOGLE_CLIENT_SECRET: 'client-secret',
};

const readPatterns = [
  /process\.env\.([A-Z][A-Z0-9_]*)/g,
  /\benv\.([A-Z][A-Z0-9_]*)/g,
  /process\.env\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g,
  /readVar\(\s*[\w.]+\s*,\s*'([A-Z][A-Z0-9_]*)'/g,
];

/** Names the server's sources (server/) read from the environment by name, besides loadConfig's. */
export function namesReadInSources(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(['server'])) {
    const source = readProjectFile(file);
    for (const pattern of readPatterns) for (const match of source.matchAll(pattern)) if (match[1]) found.set(match[1], file);
  }
  found.set(workerEnv.apiSocket, 'server/cluster/worker-env.ts');
  return found;
}

/** One variable line of an env file: `NAME=value`, or `# NAME=value` for an optional one shown with its default. */
export interface EnvLine {
  readonly name: string;
  readonly value: string;
  readonly commented: boolean;
  readonly line: number;
  /** The line before it, when that is a comment and no variable. */
  readonly comment: string | null;
}

const variableLine = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/;

export function envLines(source: string): EnvLine[] {
  const lines = source.split('\n');
  return lines.flatMap((line, index) => {
    const match = variableLine.exec(line);
    if (match === null || match[2] === undefined) return [];
    const before = lines[index - 1] ?? '';
    const comment = before.startsWith('# ') && !variableLine.test(before) ? before : null;
    return [{ name: match[2], value: match[3] ?? '', commented: match[1] !== undefined, line: index + 1, comment }];
  });
}

/** The values an env file sets (its uncommented lines). */
export const envValues = (lines: readonly EnvLine[]): Record<string, string> =>
  Object.fromEntries(lines.filter((line) => !line.commented).map((line) => [line.name, line.value]));

/** Compose's `${NAME}`, `${NAME:-default}`, `${NAME:?message}`: the names a file interpolates. */
export const interpolatedNames = (source: string): string[] => [...source.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].flatMap((m) => m[1] ?? []);

/** `value` with compose's interpolations replaced from `env`. */
export function interpolate(value: string, env: Readonly<Record<string, string>>): string {
  return value.replace(/\$\{([A-Z][A-Z0-9_]*)(?::?[-?][^}]*)?\}/g, (_, name: string) => env[name] ?? '');
}

/** Seconds of a compose duration: `30s`, `1m30s`, `1h`. */
export function durationSeconds(value: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  return [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)].reduce(
    (sum, [, amount, unit]) => sum + Number(amount) * (units[unit ?? ''] ?? 0),
    0,
  );
}

/** A Dockerfile's instructions, continuation lines joined, comments dropped, grouped by stage. */
export interface DockerStage {
  readonly from: string;
  readonly name: string | null;
  readonly instructions: readonly { readonly keyword: string; readonly args: string }[];
}

export function dockerStages(source: string): DockerStage[] {
  const logical = source
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: { from: string; name: string | null; instructions: { keyword: string; args: string }[] }[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [image = '', as, name] = rest;
      stages.push({ from: image, name: as?.toUpperCase() === 'AS' && name !== undefined ? name : null, instructions: [] });
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** An ENV instruction's names and values (`ENV A=1 B=2`). */
export const dockerEnv = (args: string): [string, string][] =>
  [...args.matchAll(/([A-Z][A-Z0-9_]*)=("[^"]*"|\S*)/g)].map(([, name = '', value = '']) => [name, value.replace(/^"|"$/g, '')]);

/** A systemd unit's settings by section: `{ Service: [['User', 'x'], …] }`, in order. */
export function unitSettings(source: string): Record<string, [string, string][]> {
  const sections: Record<string, [string, string][]> = {};
  let section = '';
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header?.[1] !== undefined) {
      section = header[1];
      continue;
    }
    const equals = line.indexOf('=');
    if (equals <= 0) continue;
    const settings = sections[section] ?? [];
    settings.push([line.slice(0, equals), line.slice(equals + 1)]);
    sections[section] = settings;
  }
  return sections;
}
