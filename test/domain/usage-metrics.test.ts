import { describe, expect, it } from 'vitest';
import {
  ERROR_OUTCOMES,
  type OutcomeCounts,
  bucketLabel,
  callCount,
  errorCount,
  hasCalls,
  latencyText,
  methodChoices,
  methodRows,
  metricsRows,
} from '@/domain/usage-metrics';

const none: OutcomeCounts = {
  answered: 0,
  refused_allow_list: 0,
  refused_method: 0,
  refused_quota: 0,
  refused_rate: 0,
  upstream_error: 0,
  upstream_timeout: 0,
};
const outcomes = (counts: Partial<OutcomeCounts>): OutcomeCounts => ({ ...none, ...counts });
const noLatency = { p50: null, p95: null, p99: null };

describe('which outcomes are errors', () => {
  it('every metered outcome but an answer, in the contract order', () => {
    expect(ERROR_OUTCOMES).toEqual([
      'refused_allow_list',
      'refused_method',
      'refused_quota',
      'refused_rate',
      'upstream_error',
      'upstream_timeout',
    ]);
  });

  it.each([
    [none, 0, 0],
    [outcomes({ answered: 5 }), 5, 0],
    [outcomes({ refused_rate: 2, upstream_timeout: 1 }), 3, 3],
    [outcomes({ answered: 10, refused_allow_list: 1, refused_method: 1, refused_quota: 1, upstream_error: 1 }), 14, 4],
  ])('%j → %i calls, %i errors', (counts, calls, errors) => {
    expect(callCount(counts)).toBe(calls);
    expect(errorCount(counts)).toBe(errors);
  });
});

describe('bucketLabel: a bucket start, in UTC', () => {
  it.each([
    ['2025-03-03T14:00:00.000Z', 'hour', 'short', '14:00'],
    ['2025-03-03T14:00:00.000Z', 'hour', 'long', 'Mar 3, 14:00 UTC'],
    ['2025-03-03T00:00:00.000Z', 'hour', 'short', '00:00'],
    ['2025-03-03T00:00:00.000Z', 'day', 'short', 'Mar 3'],
    ['2025-12-31T00:00:00.000Z', 'day', 'long', 'Dec 31, 2025'],
    ['not a date', 'day', 'long', 'not a date'],
  ] as const)('%s by the %s, %s → %s', (start, granularity, form, label) => {
    expect(bucketLabel(start, granularity, form)).toBe(label);
  });
});

describe('latencyText', () => {
  it.each([
    [null, 0, '—'],
    [20, 0, '—'],
    [null, 3, '> 10 s'],
    [1, 3, '1 ms'],
    [500, 3, '500 ms'],
    [1000, 3, '1 s'],
    [5000, 3, '5 s'],
  ])('%s ms of %i answered → %s', (ms, answered, text) => {
    expect(latencyText(ms, answered)).toBe(text);
  });
});

describe('chart rows', () => {
  const point = {
    start: '2025-03-03T14:00:00.000Z',
    credits: 260,
    outcomes: outcomes({ answered: 12, refused_rate: 2, upstream_error: 1 }),
    latencyMs: { p50: 20, p95: 100, p99: 200 },
  };

  it('a point: its calls of every outcome, errors, credits, each error outcome and the quantiles', () => {
    expect(metricsRows([point])).toEqual([
      {
        start: '2025-03-03T14:00:00.000Z',
        calls: 15,
        credits: 260,
        errors: 3,
        answered: 12,
        refused_allow_list: 0,
        refused_method: 0,
        refused_quota: 0,
        refused_rate: 2,
        upstream_error: 1,
        upstream_timeout: 0,
        p50: 20,
        p95: 100,
        p99: 200,
      },
    ]);
  });

  it('a method: its calls, errors and credits, in the order of the answer', () => {
    const methods = [
      { method: 'eth_call', calls: 9, credits: 160, outcomes: outcomes({ answered: 8, upstream_timeout: 1 }), latencyMs: noLatency },
      { method: 'eth_chainId', calls: 2, credits: 0, outcomes: outcomes({ refused_method: 2 }), latencyMs: noLatency },
    ];
    expect(methodRows(methods)).toEqual([
      { method: 'eth_call', calls: 9, errors: 1, credits: 160 },
      { method: 'eth_chainId', calls: 2, errors: 2, credits: 0 },
    ]);
  });

  it.each([
    [[], false],
    [[{ ...point, outcomes: none, credits: 0 }], false],
    [[{ ...point, outcomes: outcomes({ refused_quota: 1 }), credits: 0 }], true],
    [[point], true],
  ])('hasCalls %#', (points, expected) => {
    expect(hasCalls(points)).toBe(expected);
  });
});

describe('methodChoices: what the method filter offers', () => {
  const listed = (...names: string[]) => names.map((method) => ({ method }));
  it.each([
    // Every method asked for: the answer's, most called first.
    [[], null, listed('eth_call', 'eth_getLogs'), ['eth_call', 'eth_getLogs']],
    [['eth_old'], null, listed('eth_call'), ['eth_call']],
    // One method: the answer lists only it, so the earlier choices stay.
    [['eth_call', 'eth_getLogs'], 'eth_getLogs', listed('eth_getLogs'), ['eth_call', 'eth_getLogs']],
    [['eth_call'], 'eth_chainId', listed(), ['eth_call', 'eth_chainId']],
  ])('%j, chosen %s, answer %j → %j', (previous, chosen, answered, choices) => {
    expect(methodChoices(previous, chosen, answered)).toEqual(choices);
  });
});
