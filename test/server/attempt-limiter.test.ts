import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from '@server/auth/attempt-limiter';
import { reserveAttempt } from '@server/auth/reserve-attempt';

const window = 15 * 60_000;
const at = (ms: number) => new Date(1_900_000_000_000 + ms);

describe('AttemptLimiter', () => {
  it.each([
    { attempts: 0, wait: 0 },
    { attempts: 4, wait: 0 },
    { attempts: 5, wait: window },
    { attempts: 9, wait: window },
  ])('after $attempts attempts at once, a limit of 5 waits $wait ms', ({ attempts, wait }) => {
    const limiter = new AttemptLimiter(5, window);
    for (let i = 0; i < attempts; i += 1) limiter.record('key', at(0));
    expect(limiter.retryAfterMs('key', at(0))).toBe(wait);
  });

  it('slides: the wait ends when the oldest counted attempt leaves the window', () => {
    const limiter = new AttemptLimiter(2, window);
    limiter.record('key', at(0));
    limiter.record('key', at(1_000));
    expect(limiter.retryAfterMs('key', at(2_000))).toBe(window - 2_000);
    expect(limiter.retryAfterMs('key', at(window))).toBe(0);
  });

  it('forget takes back one attempt; reset all of them', () => {
    const limiter = new AttemptLimiter(2, window);
    limiter.record('key', at(0));
    limiter.record('key', at(5));
    limiter.forget('key', at(5));
    expect(limiter.retryAfterMs('key', at(10))).toBe(0);
    limiter.record('key', at(10));
    limiter.reset('key');
    expect(limiter.size).toBe(0);
  });

  it('drops expired keys as new attempts arrive', () => {
    const limiter = new AttemptLimiter(5, window);
    for (let i = 0; i < 1_000; i += 1) limiter.record(`old-${i}`, at(i));
    limiter.record('new', at(window + 1_000));
    expect(limiter.size).toBe(1);
  });

  it('never holds more than its cap under a spray of keys, and still limits the key under attack', () => {
    const limiter = new AttemptLimiter(5, window, 1_000);
    let largest = 0;
    for (let i = 0; i < 50_000; i += 1) {
      limiter.record(`spray-${i}`, at(i));
      // Guessed at between the sprayed keys: always among the 1,000 most recently tried.
      if (i % 100 === 0) limiter.record('victim', at(i));
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(1_000);
    expect(limiter.retryAfterMs('victim', at(50_000))).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('spray-0', at(50_000))).toBe(0); // the oldest went first
  });
});

describe('reserveAttempt', () => {
  it('counts under every limiter or under none', () => {
    const pair = new AttemptLimiter(1, window);
    const address = new AttemptLimiter(3, window);
    const first = reserveAttempt(
      [
        [pair, 'a'],
        [address, 'ip'],
      ],
      at(0),
    );
    expect(first.ok).toBe(true);
    expect(
      reserveAttempt(
        [
          [pair, 'a'],
          [address, 'ip'],
        ],
        at(1),
      ),
    ).toEqual({ ok: false, retryAfterMs: window - 1 });
    expect(address.retryAfterMs('ip', at(1))).toBe(0);
    expect(address.size).toBe(1);
    if (first.ok) first.reservation.release();
    expect(pair.size + address.size).toBe(0);
  });

  it('lets exactly `limit` of many reservations made at once through', () => {
    const limiter = new AttemptLimiter(5, window);
    const outcomes = Array.from({ length: 60 }, () => reserveAttempt([[limiter, 'key']], at(0)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
  });
});
