import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { prerenderPages } from './server/spa-prerender/vite-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where `npm run dev` runs the API; Vite proxies /api there. */
const devApiPort = Number(process.env.DEV_API_PORT ?? 8081);

export default defineConfig({
  // prerenderPages: the public entry screens as HTML in dist/ (server/spa-prerender/vite-plugin.ts).
  plugins: [react(), prerenderPages()],
  resolve: {
    alias: {
      '@/': here('./src/'),
      '@machines/': here('./machines/'),
      '@server/': here('./server/'),
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${devApiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
  test: {
    // Files run one at a time by default (vitest's default here: one worker fewer than the 2 cores). `npm test`
    // (test/run.ts) chooses per project from what was measured on this box: run alone, the unit
    // files left the CPU 52 % idle (server files wait on their servers, nodes and timers) and the e2e files
    // 54 %, so unit and dom run two files at a time (the server files: 647 s -> 393 s) and the e2e files one
    // at a time beside the unit project's second run on Node 24. Three workers with the e2e files among
    // them were no faster (1,478 s against 1,413 s): Chromium and its server then fought the others.
    // Each project is one kind of test; `npm test` (test/run.ts) runs them all. Time limits only catch a hung test:
    // they are sized for a box running two suites at once (a server start inside a test took 42 s there), since
    // speed is measured by the benchmarks, never by a test's time.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/domain/**/*.test.ts', 'test/machines/**/*.test.ts', 'test/server/**/*.test.ts', 'test/contract/**/*.test.ts'],
          // The migrated database the servers of a test copy (test/support/database-template.ts).
          globalSetup: ['test/support/database-template-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/views/**/*.test.tsx'],
          setupFiles: ['test/views/setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/database-template-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
