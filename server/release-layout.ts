/**
 * The release `npm run build` assembles (server/build-release.ts): one directory that starts with
 * Node alone. Its layout mirrors the project's, so the compiled server finds the files it reads
 * (the SPA, the migrations, the legal texts, openapi.yaml) where it finds them in the tree.
 * The Dockerfile copies exactly this directory; deploy/ names these paths.
 */

/** The release directory, relative to the project root. */
export const releaseDir = 'release';

/** Run from the release directory with `node`: the server, and the operators' command. */
export const releaseEntries = { start: 'build/server/start.js', admin: 'build/server/admin.js' } as const;

/** What the release says about itself (its files and their SHA-256, when it was built, from which commit). */
export const releaseManifestName = 'release.json';
