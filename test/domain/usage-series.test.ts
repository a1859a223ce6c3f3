import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, keptGranularity, rollupBefore, seriesGranularity } from '@/domain/usage-series';

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

  it('folds whole hours and whole days only', () => {
    expect(rollupBefore(at('2026-11-26T12:34:56Z'))).toEqual({
      minutesBefore: at('2026-11-19T12:00:00Z'),
      hoursBefore: at('2026-08-28T00:00:00Z'),
    });
  });
});
