import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { ManualClock } from './manual-clock';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly clock: ManualClock;
  close(): Promise<void>;
}

/**
 * The real server, in-process, on its own database (see test-database.ts), with a manual clock.
 * `env` adds or overrides environment variables; `database` reuses one across app restarts.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'clock'> & { database?: TestDatabase; clock?: ManualClock } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env, ...env });
  const clock = options.clock ?? new ManualClock();
  const app = await buildApp(config, {
    clock,
    distDir: options.distDir === undefined ? null : options.distDir,
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
  });
  return {
    app,
    config,
    clock,
    close: async () => {
      try {
        await app.close();
      } finally {
        // A database passed in belongs to the caller, who drops it.
        if (options.database === undefined) await database.drop();
      }
    },
  };
}
