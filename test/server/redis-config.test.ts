import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('REDIS_URL', () => {
  it('is optional: none means no Redis', () => {
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: ' ' }).redisUrl).toBeNull();
  });

  it('takes redis:// and rediss:// (TLS)', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6380' }).redisUrl).toBe('redis://127.0.0.1:6380');
    expect(loadConfig({ REDIS_URL: 'rediss://u:pw@cache.example.com:6380/2' }).redisUrl).toBe('rediss://u:pw@cache.example.com:6380/2');
  });

  it('refuses anything else, naming it without repeating a password', () => {
    const wrongScheme = refusal({ REDIS_URL: 'http://u:secret@cache:6379' });
    expect(wrongScheme.variable).toBe('REDIS_URL');
    expect(wrongScheme.message).toMatch(/^REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    expect(wrongScheme.message).not.toContain('secret');
    const notAUrl = refusal({ REDIS_URL: '//u:secret@cache:6379' });
    expect(notAUrl.variable).toBe('REDIS_URL');
    expect(notAUrl.message).toMatch(/REDIS_URL is not a valid URL/);
    expect(notAUrl.message).not.toContain('secret');
  });
});
