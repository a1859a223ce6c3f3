import { describe, expect, it } from 'vitest';
import { msUntilToken, overQuota, remainingTokens, retryAfterValue, takeTokens } from '@/domain/admission-rule';

describe('the quota', () => {
  it.each([
    [0, 500_000, 20, false],
    [499_980, 500_000, 20, false],
    [499_981, 500_000, 20, true],
    [499_950, 500_000, 60, true],
    [500_000, 500_000, 0, false],
    [10_000_000, null, 60, false],
  ])('used %i of %j, a call of %i credits: over = %j', (used, limit, credits, over) => {
    expect(overQuota(used, limit, credits)).toBe(over);
  });
});

describe('the token bucket (Free: 10 a second)', () => {
  it.each([
    ['a call on a full bucket', 10, 1, { allowed: true, tokens: 9 }],
    ['the last whole token', 1, 1, { allowed: true, tokens: 0 }],
    ['a batch that fits', 10, 10, { allowed: true, tokens: 0 }],
    // ethers sends a Promise.all of up to 100 calls as one batch.
    ['a batch of 12 on a full bucket, into debt', 10, 12, { allowed: true, tokens: -2 }],
    ['a batch of 50 with 3 tokens left, into debt', 3, 50, { allowed: true, tokens: -47 }],
    ['a batch of 1000 (the largest) on one token', 1, 1000, { allowed: true, tokens: -999 }],
    ['a call with less than a whole token', 0.9, 1, { allowed: false, retryAfterMs: 10 }],
    ['a call on an empty bucket', 0, 1, { allowed: false, retryAfterMs: 100 }],
    ['a batch on an empty bucket', 0, 4, { allowed: false, retryAfterMs: 100 }],
    // The debt is paid back at the rate before anything else goes: 41 tokens at 10 a second.
    ['a call while 40 tokens in debt', -40, 1, { allowed: false, retryAfterMs: 4100 }],
  ])('%s', (_case, tokens, calls, take) => {
    expect(takeTokens(tokens, 10, calls)).toEqual(take);
  });

  it.each([
    [10, 0],
    [1, 0],
    [0.5, 50],
    [0, 100],
    [-2, 300],
    [-999, 100_000],
  ])('with %d tokens a call is admitted again in %i ms', (tokens, ms) => {
    expect(msUntilToken(tokens, 10)).toBe(ms);
  });

  it.each([
    [9.7, 9],
    [0.4, 0],
    [-47, 0],
  ])('shows %d tokens as %i remaining', (tokens, remaining) => {
    expect(remainingTokens(tokens)).toBe(remaining);
  });
});

describe('Retry-After of a rate refusal', () => {
  it.each([
    [1, '01'],
    [100, '01'],
    [1000, '01'],
    [1001, '02'],
    [4100, '05'],
    [100_000, '0100'],
  ])('%i ms → %j (whole seconds, rounded up)', (ms, value) => {
    expect(retryAfterValue(ms)).toBe(value);
  });

  it('is seconds to every integer parser, and never what ethers 6 reads as milliseconds', () => {
    // ethers' FetchRequest: a Retry-After matching this is a delay in ms (src.ts/utils/fetch.ts).
    const ethersReadsMs = /^[1-9][0-9]*$/;
    for (const ms of [1, 999, 1000, 1500, 9000, 10_000, 99_999, 100_000]) {
      const value = retryAfterValue(ms);
      expect(value).toMatch(/^[0-9]+$/);
      expect(value).not.toMatch(ethersReadsMs);
      expect(Number.parseInt(value, 10)).toBe(Math.ceil(ms / 1000));
    }
  });
});
