import { describe, expect, it } from 'vitest';
import { invitesLeft, isInvitedAddress, isInviter } from '@/domain/invites';
import { planCatalog } from '@/domain/plan-catalog';
import { projectIdFor, projectNumberOf } from '@/domain/project-settings';

describe('invitesLeft: the allowance less members besides the owner and pending invites, never below 0', () => {
  it.each([
    ['Free: none', 0, 0, 0, 0],
    ['an unused allowance', 3, 0, 0, 3],
    ['members count', 3, 2, 0, 1],
    ['pending invites count', 3, 0, 2, 1],
    ['both count', 10, 4, 6, 0],
    ['a plan moved down below what is used: 0, not negative', 3, 5, 2, 0],
    ['unlimited', null, 50, 50, null],
  ])('%s', (_case, allowance, members, pending, left) => {
    expect(invitesLeft({ allowance, members, pending })).toBe(left);
  });

  it('the default plan has none (SPEC.md: "Invites Left: 0"), every paid plan some', () => {
    for (const plan of planCatalog) {
      if (plan.sold === 'default') expect(plan.memberInvites).toBe(0);
      else expect(plan.memberInvites === null || plan.memberInvites > 0).toBe(true);
    }
  });
});

describe('projectNumberOf: the X-Project header read back', () => {
  it.each([
    ['prj_00000042', 42],
    ['prj_1', 1],
    ['prj_2147483647', 2_147_483_647],
    ['prj_2147483648', null],
    ['prj_0', null],
    ['prj_', null],
    ['42', null],
    ['prj_4 2', null],
    ['PRJ_42', null],
  ])('%s → %s', (header, id) => {
    expect(projectNumberOf(header)).toBe(id);
  });

  it('reads back every project ID it writes', () => {
    for (const id of [1, 42, 12_345_678, 2_147_483_647]) expect(projectNumberOf(projectIdFor(id))).toBe(id);
  });
});

describe('isInvitedAddress', () => {
  it.each<[string | null, string, boolean]>([
    ['ada@example.com', 'ada@example.com', true],
    ['Ada@Example.com', 'ada@example.com', true],
    [' ada@example.com ', 'ada@example.com', true],
    ['grace@example.com', 'ada@example.com', false],
    // Not known yet: the server decides.
    [null, 'ada@example.com', true],
  ])('%s for an invite to %s: %s', (user, invited, expected) => {
    expect(isInvitedAddress(user, invited)).toBe(expected);
  });
});

describe('isInviter', () => {
  it.each<[string | null, string | null, boolean]>([
    ['owner@example.com', 'owner@example.com', true],
    [' Owner@Example.com', 'owner@example.com', true],
    ['ada@example.com', 'owner@example.com', false],
    // Either address not known: not the sender (the page then reads as any other user's).
    [null, 'owner@example.com', false],
    ['owner@example.com', null, false],
    [null, null, false],
  ])('%s reading an invite sent by %s: %s', (user, inviter, expected) => {
    expect(isInviter(user, inviter)).toBe(expected);
  });
});
