import { describe, expect, it } from 'vitest';
import { actorLabel, auditRangeQuery, isDayRange, targetLabel } from '@/domain/audit-log-view';

describe('isDayRange', () => {
  it.each<[string | null, string | null, boolean]>([
    [null, null, true],
    ['2030-01-14', null, true],
    [null, '2030-01-14', true],
    ['2030-01-14', '2030-01-14', true],
    ['2030-01-14', '2030-01-15', true],
    ['2030-01-15', '2030-01-14', false],
    ['2030-02-30', null, false],
    ['2030-1-5', null, false],
    [null, 'yesterday', false],
  ])('from %s to %s: %s', (from, to, expected) => {
    expect(isDayRange(from, to)).toBe(expected);
  });
});

describe('auditRangeQuery', () => {
  it.each<[string | null, string | null, { from?: string; to?: string }]>([
    [null, null, {}],
    ['2030-01-14', null, { from: '2030-01-14T00:00:00.000Z' }],
    [null, '2030-01-14', { to: '2030-01-15T00:00:00.000Z' }],
    ['2030-01-14', '2030-01-14', { from: '2030-01-14T00:00:00.000Z', to: '2030-01-15T00:00:00.000Z' }],
    ['2030-12-31', '2030-12-31', { from: '2030-12-31T00:00:00.000Z', to: '2031-01-01T00:00:00.000Z' }],
    ['2028-02-28', '2028-02-28', { from: '2028-02-28T00:00:00.000Z', to: '2028-02-29T00:00:00.000Z' }],
  ])('from %s to %s (whole UTC days, the last one included)', (from, to, expected) => {
    expect(auditRangeQuery(from, to)).toEqual(expected);
  });
});

describe('labels', () => {
  it.each([
    [{ type: 'user', email: 'ada@example.com' }, 'ada@example.com'],
    [{ type: 'system', email: null }, 'System'],
    [{ type: 'user', email: null }, 'A former member'],
  ] as const)('actor %j reads %s', (actor, expected) => {
    expect(actorLabel(actor)).toBe(expected);
  });

  it.each([
    [{ id: '11', name: 'Prod', maskedKey: 'key_ab••••wxyz' }, 'Prod (key_ab••••wxyz)'],
    [{ id: 'prj_00000007', name: 'My Project' }, 'My Project'],
    [{ id: 'sub_1', name: null }, 'sub_1'],
  ])('target %j reads %s', (target, expected) => {
    expect(targetLabel(target)).toBe(expected);
  });
});
