import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { prerenderPages } from './server/spa-prerender/vite-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Test files run side by side, one more than there are cores: most of a server or browser test is
 * waiting on a child process, a socket or a timer, so one worker per core would leave the cores idle
 * (vitest's default is one fewer than the cores: a single worker on a 2-core box). Every file starts
 * its own servers, nodes and browser on free ports, so files never share state.
 */
const testWorkers = availableParallelism() + 1;

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
    maxWorkers: testWorkers,
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
