/**
 * A release (server/release-layout.ts) checks itself before it starts: every file it was built with
 * is there with the content it had (a partial or edited copy would serve a mix), and it runs in
 * production, as it has none of local mode's parts (the embedded database, local nodes, the
 * stand-in sign-in page). The manifest is written by server/build-release.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseManifestName } from '@server/release-layout';
import { buildProblem, fileHash } from '@server/server-build';
import { projectRoot } from '@server/spa-build';

export interface ReleaseManifest {
  readonly name: string;
  readonly version: string;
  readonly builtAt: string;
  /** The commit it was built from; null outside a git checkout. */
  readonly commit: string | null;
  /** Every file of the release but the manifest and the installed packages: path (with /) → SHA-256. */
  readonly files: Readonly<Record<string, string>>;
}

export function isRelease(root: string): boolean {
  return existsSync(join(root, releaseManifestName));
}

function readManifest(root: string): ReleaseManifest | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root, releaseManifestName), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('files' in parsed) || !('builtAt' in parsed)) return null;
    const { files, builtAt } = parsed;
    if (typeof builtAt !== 'string' || typeof files !== 'object' || files === null) return null;
    if (!Object.values(files).every((hash) => typeof hash === 'string')) return null;
    const field = (key: string): string | null => {
      const value: unknown = key in parsed ? Reflect.get(parsed, key) : null;
      return typeof value === 'string' ? value : null;
    };
    return { name: field('name') ?? '', version: field('version') ?? '', builtAt, commit: field('commit'), files: { ...files } };
  } catch {
    return null;
  }
}

const rebuild = 'copy the whole release directory again, or build a new one with `npm run build`';

/** Why this release must not start (refused mode, unreadable manifest, a file missing or changed), or null when it may. */
export function releaseProblem(root: string, nodeEnv: string | undefined): string | null {
  if (nodeEnv !== 'production') {
    return (
      `this release runs in production only: set NODE_ENV=production (it is ${nodeEnv === undefined ? 'unset' : `"${nodeEnv}"`}). ` +
      'Local mode, with its embedded database and local nodes, runs from the source tree with `npm start`.'
    );
  }
  const manifest = readManifest(root);
  if (manifest === null) return `${releaseManifestName} is unreadable: ${rebuild}.`;
  for (const [path, hash] of Object.entries(manifest.files)) {
    const full = join(root, path);
    if (!existsSync(full)) return `the release is incomplete (${path} is missing): ${rebuild}.`;
    if (fileHash(full) !== hash)
      return `the release was changed (${path} is not the file it was built with, ${manifest.builtAt}): ${rebuild}.`;
  }
  return null;
}

/**
 * Why the compiled server (or admin command) must not run, or null: a release checks itself
 * (releaseProblem), a build in the source tree is compared with its sources (buildProblem).
 */
export function compiledProblem(root: string = projectRoot, nodeEnv: string | undefined = process.env.NODE_ENV): string | null {
  return isRelease(root) ? releaseProblem(root, nodeEnv) : buildProblem(root);
}
