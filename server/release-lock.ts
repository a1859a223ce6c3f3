/**
 * The release's package-lock.json, cut from the project's: the packages the compiled server imports
 * and everything they need, at exactly the versions the tests ran with, so `npm ci --omit=dev` in
 * the release installs what was tested and nothing of the SPA's or the build's packages.
 */

/** One entry of package-lock.json (lockfileVersion 3) `packages`: what this cut reads and keeps. */
export interface LockedPackage {
  readonly version?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly dev?: boolean;
  readonly devOptional?: boolean;
  readonly optional?: boolean;
  readonly [field: string]: unknown;
}

export interface Lockfile {
  readonly name: string;
  readonly version: string;
  readonly lockfileVersion: number;
  readonly requires?: boolean;
  readonly packages: Readonly<Record<string, LockedPackage>>;
}

/** The folder a package at `path` finds its dependencies from, going up: `a/node_modules/b` → `a`, `node_modules/a` → ''. */
function parentOf(path: string): string | null {
  if (path === '') return null;
  const cut = path.lastIndexOf('/node_modules/');
  return cut === -1 ? '' : path.slice(0, cut);
}

/** Where Node finds `name` from the package at `from`: its own node_modules, then each parent's (npm lays the lock out that way). */
export function resolveLocked(packages: Lockfile['packages'], from: string, name: string): string | null {
  for (let at: string | null = from; at !== null; at = parentOf(at)) {
    const path = at === '' ? `node_modules/${name}` : `${at}/node_modules/${name}`;
    if (packages[path] !== undefined) return path;
  }
  return null;
}

/** A package's edges: [name, required]. Optional dependencies and optional peers may be absent (another platform's binary). */
function edgesOf(entry: LockedPackage): Array<readonly [string, boolean]> {
  const peersOptional = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => [name, true] as const),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, false] as const),
    ...Object.keys(entry.peerDependencies ?? {}).map((name) => [name, peersOptional[name]?.optional !== true] as const),
  ];
}

/**
 * The lockfile of a package named `name`@`version` depending on `dependencies` (each a package the
 * project's lock has at its top level): every package reachable from them, as the project's lock
 * has it (the same paths, versions and integrity). Throws naming a dependency the lock lacks.
 */
export function cutLockfile(
  project: Lockfile,
  root: { readonly name: string; readonly version: string; readonly engines?: Readonly<Record<string, string>> },
  dependencies: readonly string[],
): Lockfile {
  const { packages } = project;
  const kept = new Map<string, LockedPackage>();
  const pending: Array<readonly [from: string, name: string, required: boolean]> = dependencies.map((name) => ['', name, true]);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [from, name, required] = next;
    const path = resolveLocked(packages, from, name);
    if (path === null) {
      if (required) throw new Error(`package-lock.json has no ${name} (needed by ${from === '' ? 'the release' : from}): run npm install`);
      continue;
    }
    if (kept.has(path)) continue;
    const entry = packages[path];
    if (entry === undefined) continue;
    // Reached from production code: whatever the project's lock said about dev tools no longer applies.
    const { dev: _dev, devOptional, ...rest } = entry;
    kept.set(path, devOptional === true ? { ...rest, optional: true } : rest);
    for (const [dependency, needed] of edgesOf(entry)) pending.push([path, dependency, needed]);
  }
  const versions = Object.fromEntries(
    [...dependencies].sort().map((name) => {
      const version = packages[`node_modules/${name}`]?.version;
      if (version === undefined) throw new Error(`package-lock.json has no version of ${name}`);
      return [name, version];
    }),
  );
  const top = {
    name: root.name,
    version: root.version,
    dependencies: versions,
    ...(root.engines === undefined ? {} : { engines: root.engines }),
  };
  const sorted = [...kept.keys()].sort().map((path) => [path, kept.get(path)] as const);
  return {
    name: root.name,
    version: root.version,
    lockfileVersion: project.lockfileVersion,
    requires: true,
    packages: Object.fromEntries([['', top], ...sorted]),
  };
}
