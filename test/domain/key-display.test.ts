import { describe, expect, it } from 'vitest';
import {
  KEYS_UNCOUNTED,
  canGenerateKey,
  formatKeyDate,
  generateBlockedReason,
  keyLimitMessage,
  keysUsedText,
  maskKey,
} from '@/domain/key-display';

describe('maskKey', () => {
  it('keeps the start and end of a key around a fixed run of bullets', () => {
    expect(maskKey('rpc_live_0123456789abcdef')).toBe('rpc_li••••••••••••cdef');
    // The mask does not tell the length.
    expect(maskKey('rpc_live_0123456789abcdef0123456789').length).toBe(maskKey('rpc_live_01234567').length);
  });
  it.each(['', 'short', '0123456789'])('masks %j entirely', (key) => {
    expect(maskKey(key)).toBe('••••••••••••');
  });
  it('never shows the middle of the key', () => {
    expect(maskKey('aaaaaa_SECRET_PART_zzzz')).not.toContain('SECRET');
  });
});

describe('the key counter and the plan limit', () => {
  it.each([
    [0, 3, '0/3 keys used', true],
    [2, 3, '2/3 keys used', true],
    [3, 3, '3/3 keys used', false],
    [4, 3, '4/3 keys used', false],
    [0, null, '0/Unlimited keys used', true],
    [250, null, '250/Unlimited keys used', true],
  ])('%i keys, maxKey %j → %j, generate %j', (count, maxKey, text, allowed) => {
    expect(keysUsedText(count, maxKey)).toBe(text);
    expect(canGenerateKey(count, maxKey)).toBe(allowed);
    expect(generateBlockedReason(count, maxKey)).toBe(allowed ? null : keyLimitMessage(maxKey ?? -1));
  });
  it.each([3, null])('allows nothing while the count is not known (the list failed), maxKey %j', (maxKey) => {
    expect(canGenerateKey(null, maxKey)).toBe(false);
    expect(generateBlockedReason(null, maxKey)).toBe(KEYS_UNCOUNTED);
  });
  it('words the limit as SPEC.md §5 does', () => {
    expect(keyLimitMessage(3)).toBe('You have reached the maximum limit of 3 API keys for your plan.');
  });
});

describe('formatKeyDate', () => {
  it('reads a date in the reader’s calendar', () => {
    const iso = '2025-02-07T12:00:00.000Z';
    expect(formatKeyDate(iso)).toBe(
      new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso)),
    );
    expect(formatKeyDate(iso)).toMatch(/^Feb \d, 2025$/);
  });
  it.each([null, 'not a date'])('shows a dash for %j', (value) => {
    expect(formatKeyDate(value)).toBe('—');
  });
});
