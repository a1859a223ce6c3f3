/**
 * Runs one of the server's entry points as `npm start` and `npm run admin` do. Plain JavaScript, so
 * that it runs where tsx is not installed (production, after `npm ci --omit=dev`). With
 * NODE_ENV=production: the compiled entry point (build/server/<name>.js, from `npm run build`), run
 * by node alone. Otherwise: the TypeScript source, which scripts/typescript-outside-production.mjs
 * (given to node with --import) made loadable through tsx. Imported into this process, never
 * started as a child: npm execs node, so the SIGTERM or SIGINT it receives reaches the server itself.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `name`: the entry point's file name without extension (start, admin); `refusal`: how a missing build is introduced. */
export async function runEntry(name, source, refusal) {
  if (process.env.NODE_ENV === 'production') {
    const compiled = new URL(`../build/server/${name}.js`, import.meta.url);
    if (!existsSync(compiled)) {
      console.error(
        `${refusal}: NODE_ENV=production runs the compiled server, and ${fileURLToPath(compiled)} is missing. ` +
          'Run `npm run build` (it needs the dev dependencies: `npm ci`), then try again.',
      );
      process.exit(1);
    }
    await import(compiled.href);
  } else {
    await import(source);
  }
}
