import { describe, expect, it } from 'vitest';
import { RECONNECT_ATTEMPTS, RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS, gaveUpMessage, reconnectDelay } from '@/domain/reconnect';

describe('reconnecting with exponential back-off', () => {
  it.each([
    [0, 1_000],
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 16_000],
    [6, 30_000],
    [20, 30_000],
    [1_000, 30_000],
  ])('try %i waits %i ms', (attempt, delay) => {
    expect(reconnectDelay(attempt)).toBe(delay);
  });

  it('starts at 1 s, never waits more than 30 s, and gives up after 5 tries', () => {
    expect([RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS, RECONNECT_ATTEMPTS]).toEqual([1_000, 30_000, 5]);
  });

  it.each([
    [1, 'Stopped after 1 try to connect again. Why.'],
    [5, 'Stopped after 5 tries to connect again. Why.'],
  ])('says it stopped after %i', (attempts, message) => {
    expect(gaveUpMessage(attempts, 'Why.')).toBe(message);
  });
});
