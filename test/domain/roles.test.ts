import { describe, expect, it } from 'vitest';
import {
  changesKeys,
  INVITABLE_ROLES,
  keysReadOnlyText,
  OPERATION_ACCESS,
  ROLE_LABELS,
  ROLES,
  roleMay,
  roleRefusal,
  type ClassifiedOperation,
  type Role,
} from '@/domain/roles';

const operations = Object.keys(OPERATION_ACCESS).filter((id): id is ClassifiedOperation => Object.hasOwn(OPERATION_ACCESS, id));
const reaches = (role: Role) => new Set(operations.filter((id) => roleMay(role, id)));

describe('roles', () => {
  it('the owner reaches everything; every other role reaches a part of it', () => {
    expect(reaches('owner').size).toBe(operations.length);
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      for (const id of reaches(role)) expect(reaches('owner').has(id)).toBe(true);
      expect(reaches(role).size).toBeLessThan(operations.length);
    }
  });

  it('the viewer reaches nothing the others cannot, and changes nothing of the project', () => {
    for (const id of reaches('viewer')) expect(roleMay('developer', id) || roleMay('billing', id), id).toBe(true);
    const changes = [
      'createApiKey',
      'putAccessControl',
      'putKeyRules',
      'renameProject',
      'subscribe',
      'inviteMember',
      'putAlertSettings',
    ] as const;
    for (const id of changes) expect(roleMay('viewer', id)).toBe(false);
  });

  it.each<[Role, ClassifiedOperation, boolean]>([
    ['developer', 'createApiKey', true],
    ['developer', 'putKeyRules', true],
    ['developer', 'putAccessControl', true],
    ['developer', 'getUsageSeries', true],
    ['developer', 'subscribe', false],
    ['developer', 'listInvoices', false],
    ['developer', 'getSubscription', false],
    ['billing', 'subscribe', true],
    ['billing', 'listInvoices', true],
    ['billing', 'getCustomerPortal', true],
    ['billing', 'listApiKeys', false],
    ['billing', 'createApiKey', false],
    ['viewer', 'listApiKeys', true],
    ['viewer', 'createApiKey', false],
    ['developer', 'inviteMember', false],
    ['owner', 'transferOwnership', true],
  ])('%s may call %s: %s', (role, id, may) => {
    expect(roleMay(role, id)).toBe(may);
  });

  it('invites never give ownership; every role has a label, used in the refusal', () => {
    expect(INVITABLE_ROLES).not.toContain('owner');
    expect(roleRefusal('viewer')).toBe('Your role in this project (Viewer) cannot do this.');
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
  });
});

describe('changesKeys', () => {
  it.each<[Role | null, boolean]>([
    ['owner', true],
    ['developer', true],
    ['billing', false],
    ['viewer', false],
    // Not read yet: offered, and the server decides.
    [null, true],
  ])('%s: %s', (role, changes) => {
    expect(changesKeys(role)).toBe(changes);
  });

  it('agrees with every key operation of the table', () => {
    const keyChanges: ClassifiedOperation[] = ['createApiKey', 'renameApiKey', 'deleteApiKey', 'rollApiKey', 'setKeyExpiry', 'putKeyRules'];
    for (const role of ROLES) for (const id of keyChanges) expect(roleMay(role, id)).toBe(changesKeys(role));
  });

  it('tells a Viewer why the buttons are not there', () => {
    expect(keysReadOnlyText('viewer')).toBe(
      'Your role in this project (Viewer) reads the API keys with their secrets masked; owners and developers change them.',
    );
  });
});
