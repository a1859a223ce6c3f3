/**
 * `npm start`. Plain JavaScript, so that it runs where tsx is not installed (production, after
 * `npm ci --omit=dev`). With NODE_ENV=production: the compiled server (`npm run build`), run by
 * node alone. Otherwise: the TypeScript sources, which scripts/typescript-outside-production.mjs
 * (given to node with --import, so the HTTP worker processes forked with the same execArgv read
 * TypeScript too) made loadable through tsx. Imported into this process, never started as a child:
 * npm execs node, so the SIGTERM or SIGINT it receives reaches the server itself.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

if (process.env.NODE_ENV === 'production') {
  const compiled = new URL('../build/server/start.js', import.meta.url);
  if (!existsSync(compiled)) {
    console.error(
      `Could not start: NODE_ENV=production runs the compiled server, and ${fileURLToPath(compiled)} is missing. ` +
        'Run `npm run build` (it needs the dev dependencies: `npm ci`), then start again.',
    );
    process.exit(1);
  }
  await import(compiled.href);
} else {
  await import('../server/start.ts');
}
