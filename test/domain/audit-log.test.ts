import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_GROUPS,
  actionsOfGroup,
  auditActionLabel,
  auditChangesOf,
  auditGroupOf,
  auditRetentionCutoff,
  auditTargetOf,
  changedFields,
  describeChanges,
  isAuditAction,
  type AuditChanges,
  type AuditValue,
} from '@/domain/audit-log';

describe('the action list', () => {
  it('puts every action in exactly one group, each with a label of its own', () => {
    expect(AUDIT_GROUPS.flatMap(actionsOfGroup).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(new Set(AUDIT_ACTIONS.map(auditActionLabel)).size).toBe(AUDIT_ACTIONS.length);
  });

  it.each([
    ['key.created', 'keys'],
    ['access_rules.updated', 'access_rules'],
    ['alerts.updated', 'project'],
    ['payment.failed', 'billing'],
  ] as const)('%s is in %s', (action, group) => {
    expect(auditGroupOf(action)).toBe(group);
  });

  it.each([
    ['key.created', true],
    ['plan.changed', true],
    ['key.exploded', false],
    ['', false],
    ['KEY.CREATED', false],
  ])('isAuditAction(%j) is %s', (value, expected) => {
    expect(isAuditAction(value)).toBe(expected);
  });
});

describe('auditRetentionCutoff', () => {
  it.each([
    ['2031-01-15T10:00:00.000Z', '2030-01-15T10:00:00.000Z'],
    ['2032-03-01T00:00:00.000Z', '2031-03-01T00:00:00.000Z'],
    // A leap day's year before has no 29 February: the day after.
    ['2028-02-29T12:00:00.000Z', '2027-03-01T12:00:00.000Z'],
    ['2030-01-01T00:00:00.000Z', '2029-01-01T00:00:00.000Z'],
  ])('entries recorded before a year ahead of %s go: %s', (now, cutoff) => {
    expect(auditRetentionCutoff(new Date(now)).toISOString()).toBe(cutoff);
  });
});

describe('changedFields', () => {
  it.each<[string, Record<string, AuditValue>, Record<string, AuditValue>, AuditChanges]>([
    ['nothing changed', { name: 'a', on: true }, { name: 'a', on: true }, {}],
    ['one field of two', { name: 'a', percent: 25 }, { name: 'a', percent: 60 }, { percent: { before: 25, after: 60 } }],
    ['a list', { domains: [] }, { domains: ['dapp.example'] }, { domains: { before: [], after: ['dapp.example'] } }],
    ['the same list', { ids: [80, 100] }, { ids: [80, 100] }, {}],
    ['a list reordered', { ids: [80, 100] }, { ids: [100, 80] }, { ids: { before: [80, 100], after: [100, 80] } }],
    ['to null', { plan: 'Free' }, { plan: null }, { plan: { before: 'Free', after: null } }],
    ['a field added', {}, { name: 'x' }, { name: { after: 'x' } }],
    ['a field gone', { name: 'x' }, {}, { name: { before: 'x' } }],
  ])('%s', (_case, before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });
});

describe('describeChanges', () => {
  it.each<[string, AuditChanges, string]>([
    ['a rename', { name: { before: 'Key 1', after: 'Prod' } }, 'name: Key 1 → Prod'],
    ['a value set', { name: { after: 'Indexer' } }, 'name: Indexer'],
    ['a value removed', { name: { before: 'Prod' } }, 'name: Prod (removed)'],
    ['lists', { domains: { before: [], after: ['a.example', 'b.example'] } }, 'domains: none → a.example, b.example'],
    ['several', { enabled: { before: false, after: true }, percent: { before: 25, after: 60 } }, 'enabled: false → true; percent: 25 → 60'],
    ['null', { plan: { before: null, after: 'Free' } }, 'plan: — → Free'],
    ['an instant', { previousKeyUntil: { after: '2026-11-28T17:08:19.940Z' } }, 'previousKeyUntil: Nov 28, 2026, 17:08 UTC'],
    ['not quite an instant', { name: { after: '2026-11-28T17:08:19Z tomorrow' } }, 'name: 2026-11-28T17:08:19Z tomorrow'],
    ['nothing', {}, ''],
  ])('%s', (_case, changes, expected) => {
    expect(describeChanges(changes)).toBe(expected);
  });
});

describe('reading stored JSON back', () => {
  it.each<[string, unknown, boolean]>([
    ['a key', { type: 'key', id: '4', name: 'Prod', maskedKey: 'key_ab••••wxyz' }, true],
    ['a project', { type: 'project', id: 'prj_1', name: null }, true],
    ['an unknown type', { type: 'team', id: '1', name: 'x' }, false],
    ['a numeric id', { type: 'key', id: 4, name: 'Prod' }, false],
    ['a masked key that is not text', { type: 'key', id: '4', name: 'Prod', maskedKey: 1 }, false],
    ['not an object', 'key', false],
  ])('auditTargetOf: %s', (_case, value, ok) => {
    expect(auditTargetOf(value) !== null).toBe(ok);
  });

  it.each<[string, unknown, boolean]>([
    ['changes', { name: { before: 'a', after: 'b' }, ids: { after: [1, 2] } }, true],
    ['none', {}, true],
    ['a nested object value', { name: { after: { secret: 'x' } } }, false],
    ['a mixed list', { ids: { after: [1, 'a'] } }, false],
    ['a change that is not an object', { name: 'b' }, false],
    ['a list', [], false],
  ])('auditChangesOf: %s', (_case, value, ok) => {
    expect(auditChangesOf(value) !== null).toBe(ok);
  });
});
