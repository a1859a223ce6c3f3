import { describe, expect, it } from 'vitest';
import { asksConfirmation, confirmationFor, type MembersChange, managesInvites, memberActions } from '@/domain/member-actions';
import { ROLES, type Role } from '@/domain/roles';

const none = { changeRole: false, transfer: false, remove: false, leave: false };
const owning = { changeRole: true, transfer: true, remove: true, leave: false };

describe('memberActions', () => {
  const cases: Array<[string, { role: Role | null; userId: number | null }, { userId: number; role: Role }, typeof none]> = [
    ['the owner on a developer', { role: 'owner', userId: 1 }, { userId: 2, role: 'developer' }, owning],
    ['the owner on a viewer', { role: 'owner', userId: 1 }, { userId: 3, role: 'viewer' }, owning],
    ['the owner on their own row', { role: 'owner', userId: 1 }, { userId: 1, role: 'owner' }, none],
    ['a developer on the owner', { role: 'developer', userId: 2 }, { userId: 1, role: 'owner' }, none],
    ['a developer on another member', { role: 'developer', userId: 2 }, { userId: 3, role: 'viewer' }, none],
    ['a developer on their own row', { role: 'developer', userId: 2 }, { userId: 2, role: 'developer' }, { ...none, leave: true }],
    ['a viewer on their own row', { role: 'viewer', userId: 3 }, { userId: 3, role: 'viewer' }, { ...none, leave: true }],
    ['billing on another member', { role: 'billing', userId: 4 }, { userId: 2, role: 'developer' }, none],
    ['before the role is known', { role: null, userId: null }, { userId: 2, role: 'developer' }, none],
  ];
  it.each(cases)('%s', (_, acting, member, expected) => {
    expect(memberActions(acting, member)).toEqual(expected);
  });
});

describe('managesInvites', () => {
  it.each(ROLES.map((role) => [role, role === 'owner'] as const))('%s: %s', (role, expected) => {
    expect(managesInvites(role)).toBe(expected);
  });
  it('nobody before the role is known', () => expect(managesInvites(null)).toBe(false));
});

describe('confirmation', () => {
  const cases: Array<[MembersChange, boolean, string | null]> = [
    [{ kind: 'remove', userId: 2 }, true, 'Remove'],
    [{ kind: 'transfer', userId: 2 }, true, 'Transfer ownership'],
    [{ kind: 'leave' }, true, 'Leave project'],
    [{ kind: 'revoke', inviteId: 5 }, false, null],
    [{ kind: 'role', userId: 2, role: 'viewer' }, false, null],
    [{ kind: 'invite', email: 'ada@example.com', role: 'developer' }, false, null],
  ];
  it.each(cases)('%j asks first: %s', (change, asks, action) => {
    expect(asksConfirmation(change)).toBe(asks);
    expect(confirmationFor(change, 'dev@example.com')?.action ?? null).toBe(action);
  });
  it('names the member concerned', () => {
    expect(confirmationFor({ kind: 'remove', userId: 2 }, 'dev@example.com')?.text).toContain('dev@example.com');
    expect(confirmationFor({ kind: 'transfer', userId: 2 }, 'dev@example.com')?.text).toContain('dev@example.com');
  });
});
