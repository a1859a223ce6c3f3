import { describe, expect, it } from 'vitest';
import { spentRows } from '@/domain/usage-rows';

const row = (requests: number, credits: number, rateLimited: number, refused: number) => ({
  name: 'eth_call',
  requests,
  credits,
  rateLimited,
  refused,
});

describe('spentRows: what the usage breakdown lists', () => {
  it.each([
    [row(1, 20, 0, 0), true],
    [row(3, 60, 5, 2), true],
    [row(0, 0, 4, 0), false],
    [row(0, 0, 0, 9), false],
    [row(0, 0, 0, 0), false],
    // Never written by the gateway, but credits spent are always shown
    [row(0, 20, 0, 0), true],
  ])('%j → listed: %s', (input, listed) => {
    expect(spentRows([input])).toEqual(listed ? [input] : []);
  });

  it('keeps the order of the report', () => {
    const rows = [row(2, 40, 0, 0), row(0, 0, 1, 0), row(1, 60, 0, 0)];
    expect(spentRows(rows)).toEqual([rows[0], rows[2]]);
  });
});
