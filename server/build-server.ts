/**
 * `npm run build`'s second half (after `vite build`): compiles the server to plain JavaScript in
 * build/server/, one bundle per entry point, so production runs it with node alone (no tsx, no
 * TypeScript at run time). esbuild, not tsc: tsc would leave the `@/` and `@server/` path aliases
 * for something else to resolve at run time, and it type-checks (`npm run typecheck` does that);
 * esbuild resolves them from tsconfig.json while bundling, in well under a second. Packages stay
 * imports of node_modules (installed with `npm ci --omit=dev`), not copied into the bundles.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { assembleRelease } from '@server/build-release';
import { releaseDir } from '@server/release-layout';
import { projectRoot } from '@server/spa-build';
import { type BuildInfo, buildInfoPath, fileHash, serverBuildDir, serverEntries, spaBuiltFrom } from '@server/server-build';

const outdir = join(projectRoot, serverBuildDir);

/**
 * The server finds files next to its sources (`new URL('../../openapi.yaml', import.meta.url)`, the
 * migrations, the legal texts, dist/). In a bundle import.meta.url is the bundle's own address, so
 * each module's is replaced by its source file's address, derived from the bundle's at run time:
 * the build keeps working when the project directory is moved or copied.
 */
const sourceImportMetaUrl: Plugin = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      if (path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = relative(outdir, path).split(sep).join('/');
      const contents = (await readFile(path, 'utf8')).replaceAll(
        'import.meta.url',
        `new URL(${JSON.stringify(source)}, import.meta.url).href`,
      );
      return { contents, loader: extname(path) === '.tsx' ? 'tsx' : 'ts' };
    });
  },
};

// entryFile finds a compiled entry point by its name alone: two with one name would overwrite each other.
const names = serverEntries.map((entry) => basename(entry, '.ts'));
if (new Set(names).size !== names.length) throw new Error(`two server entry points share a name: ${names.join(', ')}`);

const started = performance.now();
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const result = await build({
  absWorkingDir: projectRoot,
  entryPoints: serverEntries.map((entry) => join(projectRoot, entry)),
  entryNames: '[name]',
  outdir,
  bundle: true,
  // Modules imported with import() (the local stand-ins: the OpenID provider, test-mode payments)
  // get chunks of their own, loaded only when mounted: bundled in, their packages (oidc-provider)
  // would be imported by every production start.
  splitting: true,
  chunkNames: '[name]-[hash]',
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: join(projectRoot, 'tsconfig.json'),
  define: { COMPILED_SERVER: 'true' },
  plugins: [sourceImportMetaUrl],
  metafile: true,
  logLevel: 'warning',
});

// What the bundles were made from: esbuild's inputs (ours, not packages), by content.
const serverHashes = Object.fromEntries(
  Object.keys(result.metafile.inputs)
    .filter((input) => !input.split('/').includes('node_modules'))
    .sort()
    .map((input) => [input, fileHash(join(projectRoot, input))]),
);
const info: BuildInfo = { builtAt: new Date().toISOString(), server: serverHashes, spa: spaBuiltFrom() };
await writeFile(buildInfoPath(), `${JSON.stringify(info, null, 2)}\n`);
console.log(
  `Compiled the server (${Object.keys(serverHashes).length} files) to ${serverBuildDir}/ in ${Math.round(performance.now() - started)} ms`,
);
const release = assembleRelease(result.metafile);
console.log(
  `Assembled the release in ${releaseDir}/ (${release.packages.length} packages to install: cd ${releaseDir} && npm ci --omit=dev; then NODE_ENV=production npm start)`,
);
