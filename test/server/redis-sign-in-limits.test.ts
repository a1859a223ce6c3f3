import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { tooManyLoginAttempts } from '@server/auth/login-limits';
import { loadConfig } from '@server/config';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';
import { ManualClock } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Two replicas (two apps, each on its own PGlite: sign-in limits need no shared database) on one real
 * Redis (REDIS_URL): they count each other's sign-in attempts, and without Redis each counts its own.
 */
describe('sign-in limits shared through Redis', () => {
  let redis: ThrowawayRedis;
  let a: TestApp;
  let b: TestApp;
  const metrics = new ProcessMetrics('main');
  const clock = new ManualClock();

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    // A counts its metrics (startTestApp builds without): the app as the server builds it.
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', REDIS_URL: redis.url });
    const app = await buildApp(config, { clock, distDir: null, metrics });
    a = { app, config, clock, close: () => app.close() };
    b = await startTestApp({ REDIS_URL: redis.url }, { clock });
  }, 60_000);
  afterAll(async () => {
    try {
      await a?.close();
      await b?.close();
    } finally {
      await redis?.stop();
    }
  });

  const attempt = (server: TestApp, email: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress: '203.0.113.7',
    });

  it('5 wrong passwords for one e-mail from one address, split across both, and the 6th is refused on either', async () => {
    const email = 'shared-limit@example.com';
    const answers = [];
    for (let index = 0; index < 5; index += 1) answers.push((await attempt(index % 2 === 0 ? a : b, email)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    for (const server of [a, b]) {
      const refused = await attempt(server, email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: tooManyLoginAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The window is the same 15 minutes as in memory.
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(b, email)).statusCode).toBe(401);
  });

  it('redis-server stopped: sign-in still answers, limited by each replica alone, never a 5xx; counted in metrics', async () => {
    await redis.kill();
    try {
      const email = 'redis-away@example.com';
      const onA = [];
      for (let index = 0; index < 6; index += 1) onA.push((await attempt(a, email)).statusCode);
      expect(onA).toEqual([401, 401, 401, 401, 401, 429]);
      // B counts its own attempts meanwhile: A's are not shared while Redis is away.
      expect((await attempt(b, email)).statusCode).toBe(401);
      const scrape = await metrics.registry.metrics();
      expect(scrape).toMatch(/rpc_redis_errors_total\{operation="attempt_limit"\} [1-9]/);
    } finally {
      await redis.start();
    }
  }, 30_000);
});
