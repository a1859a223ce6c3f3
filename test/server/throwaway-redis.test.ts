import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { startThrowawayRedis } from '../support/throwaway-redis';

describe('a throw-away redis-server', () => {
  it('answers on its own loopback port, saves nothing, comes back empty on the same port and leaves no trace', async () => {
    const redis = await startThrowawayRedis();
    const client = () =>
      // A refused connection is what the test expects after kill(): it is the command's error, not an event to report.
      new Redis(redis.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 }).on('error', () => undefined);
    try {
      expect(redis.port).not.toBe(6379);
      expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
      const first = client();
      try {
        expect(await first.config('GET', 'save')).toEqual(['save', '']);
        expect(await first.config('GET', 'appendonly')).toEqual(['appendonly', 'no']);
        await first.set('left', 'behind');
      } finally {
        first.disconnect();
      }
      await redis.kill();
      await expect(client().ping()).rejects.toThrow();
      await redis.start();
      const second = client();
      try {
        expect(await second.get('left')).toBeNull();
      } finally {
        second.disconnect();
      }
    } finally {
      await redis.stop();
    }
    expect(existsSync(redis.dir)).toBe(false);
  });
});
