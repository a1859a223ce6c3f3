import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, expiredBefore, keptGranularity, reportGranularity, seriesGranularity } from '@/domain/usage-series';

const at = (iso: string) => new Date(iso);

describe('usage series', () => {
  it.each([
    ['1d', 'hour'],
    ['1m', 'day'],
    ['3m', 'day'],
  ] as const)('the %s range is drawn by the %s', (range, granularity) => {
    expect(seriesGranularity(range)).toBe(granularity);
  });

  it.each([
    [0, 'minute'],
    [7 * 86_400_000 - 1, 'minute'],
    [7 * 86_400_000, 'hour'],
    [90 * 86_400_000 - 1, 'hour'],
    [90 * 86_400_000, 'day'],
    [400 * 86_400_000, 'day'],
  ] as const)('%i ms ago is kept by the %s', (ageMs, granularity) => {
    expect(keptGranularity(ageMs)).toBe(granularity);
  });

  it.each([
    ['2026-11-26T12:34:56.789Z', 'minute', '2026-11-26T12:34:00.000Z'],
    ['2026-11-26T12:34:56.789Z', 'hour', '2026-11-26T12:00:00.000Z'],
    ['2026-11-26T12:34:56.789Z', 'day', '2026-11-26T00:00:00.000Z'],
    ['2026-11-26T00:00:00.000Z', 'day', '2026-11-26T00:00:00.000Z'],
  ] as const)('%s starts its %s at %s', (time, granularity, start) => {
    expect(bucketStart(at(time), granularity).toISOString()).toBe(start);
  });

  it('lists every bucket of a range, the partial first and last included', () => {
    const starts = bucketStarts(at('2026-11-25T22:30:00Z'), at('2026-11-26T01:10:00Z'), 'hour').map((start) => start.toISOString());
    expect(starts).toEqual([
      '2026-11-25T22:00:00.000Z',
      '2026-11-25T23:00:00.000Z',
      '2026-11-26T00:00:00.000Z',
      '2026-11-26T01:00:00.000Z',
    ]);
  });

  it.each([
    ['1d', 'minute'],
    ['1m', 'hour'],
    ['3m', 'day'],
  ] as const)('the %s report sums %ss', (range, granularity) => {
    expect(reportGranularity(range)).toBe(granularity);
  });

  it('a report reads a table that still holds its whole range', () => {
    const longest = { '1d': 86_400_000, '1m': 31 * 86_400_000, '3m': 92 * 86_400_000 } as const;
    for (const range of ['1d', '1m', '3m'] as const) {
      const kept = ['minute', 'hour', 'day'].indexOf(keptGranularity(longest[range] - 1));
      expect(['minute', 'hour', 'day'].indexOf(reportGranularity(range))).toBeGreaterThanOrEqual(kept);
    }
  });

  it('expires minutes after 7 days and hours after 90', () => {
    expect(expiredBefore(at('2026-11-26T12:34:56Z'))).toEqual({
      minutes: at('2026-11-19T12:34:56Z'),
      hours: at('2026-08-28T12:34:56Z'),
    });
  });
});
