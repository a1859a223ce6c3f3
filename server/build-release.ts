/**
 * `npm run build`'s last step: the release (server/release-layout.ts), one directory that starts
 * with Node alone. It holds the compiled server, the built SPA, the migrations, the legal texts and
 * openapi.yaml, where the compiled server looks for them; a package.json whose dependencies are the
 * packages the bundles import (production never loads the local-only ones below), and a lockfile
 * cut from the project's at the versions tested; and release.json, which the release checks itself
 * against at start (server/release.ts).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { readLockfile, readProjectPackage } from '@server/package-files';
import { cutLockfile } from '@server/release-lock';
import type { ReleaseManifest } from '@server/release';
import { releaseDir, releaseEntries, releaseManifestName } from '@server/release-layout';
import { fileHash, filesUnder, slashed } from '@server/server-build';
import { projectRoot } from '@server/spa-build';

/**
 * Packages a bundle imports that production never loads, so the release does not install them: the
 * local OpenID provider (oidc-provider, mounted only in local mode) and the embedded database
 * (PGlite: production requires DATABASE_URL). The release test starts the release without them.
 */
const localOnlyPackages: ReadonlySet<string> = new Set(['oidc-provider', '@electric-sql/pglite']);

/** What the compiled server reads besides its bundles, relative to the project root (the same place in the release). */
const runtimeFiles: readonly string[] = [
  'dist',
  'server/db/migrations',
  'server/legal/terms.md',
  'server/legal/privacy.md',
  'openapi.yaml',
];

/** `fastify`, `@fastify/static/x` → `@fastify/static`: the package an import names. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The packages the bundles import (Node's own modules aside), sorted. */
export function importedPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !imported.path.startsWith('node:') && !imported.path.startsWith('.')) names.add(packageOf(imported.path));
    }
  }
  return [...names].sort();
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString('utf8')
      .trim();
  } catch {
    return null;
  }
}

/** Assembles the release from the compiled server (its esbuild metafile) and the built SPA; answers its directory and packages. */
export function assembleRelease(metafile: Metafile): { readonly dir: string; readonly packages: readonly string[] } {
  const project = readProjectPackage(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
  const lock = readLockfile(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8'));
  const packages = importedPackages(metafile).filter((name) => !localOnlyPackages.has(name));
  const undeclared = packages.filter((name) => project.dependencies?.[name] === undefined);
  if (undeclared.length > 0) {
    throw new Error(`The server imports ${undeclared.join(', ')}, not in package.json's dependencies: production installs only those.`);
  }

  const dir = join(projectRoot, releaseDir);
  rmSync(dir, { recursive: true, force: true });
  const bundles = Object.keys(metafile.outputs).map((output) => relative(projectRoot, join(projectRoot, output)));
  for (const path of [...bundles, ...runtimeFiles]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    cpSync(join(projectRoot, path), join(dir, path), { recursive: true });
  }

  const releaseLock = cutLockfile(lock, project, packages);
  const release = {
    name: project.name,
    version: project.version,
    private: true,
    type: 'module',
    ...(project.engines === undefined ? {} : { engines: project.engines }),
    // exec: the signal a process manager sends reaches node itself, not a shell.
    scripts: { start: `exec node ${releaseEntries.start}`, admin: `node ${releaseEntries.admin}` },
    dependencies: releaseLock.packages['']?.dependencies ?? {},
    // The project's pins of packages deep in the tree: the lockfile was resolved under them.
    ...(project.overrides === undefined ? {} : { overrides: project.overrides }),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(release, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(releaseLock, null, 2)}\n`);

  const files = Object.fromEntries(filesUnder(dir, '').map((path) => [slashed(path), fileHash(join(dir, path))] as const));
  const manifest: ReleaseManifest = {
    name: project.name,
    version: project.version,
    builtAt: new Date().toISOString(),
    commit: gitCommit(),
    files,
  };
  writeFileSync(join(dir, releaseManifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, packages };
}
