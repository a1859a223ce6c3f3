import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, ROLES, roleMay, roleRefusal, type ClassifiedOperation, type Role } from '@/domain/roles';
import { bearerOperations, callOperation } from './helpers/bearer-operations';
import { asMember, buildTeam, type Team } from './helpers/team';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Teams: every bearer operation of openapi.yaml, called by a member of each role of one project
 * with a plausible request, is refused with 403 and the role's text exactly where
 * src/domain/roles.ts says the role may not call it, and never elsewhere. A new operation is
 * covered without edits (and does not compile until roles.ts classifies it).
 */
let server: TestApp;
let team: Team;
beforeAll(async () => {
  server = await startTestApp();
  team = await buildTeam(server);
});
afterAll(() => server.close());

/** Ending the caller's session or membership goes last, so every other call still acts as the member. */
const last: readonly string[] = ['leaveProject', 'logout'];
const operations = bearerOperations().sort((a, b) => Number(last.includes(a.operationId)) - Number(last.includes(b.operationId)));

function isClassified(operationId: string): operationId is ClassifiedOperation {
  return Object.hasOwn(OPERATION_ACCESS, operationId);
}

describe.each(ROLES)('a member whose role is %s', (role: Role) => {
  it('is refused exactly the operations the role table denies it', async () => {
    const refused: string[] = [];
    const expected: string[] = [];
    for (const operation of operations) {
      if (!isClassified(operation.operationId)) throw new Error(`${operation.operationId} is not in src/domain/roles.ts`);
      const answer = await callOperation(server.app, operation, asMember(team, team.members[role]));
      expect(answer.statusCode, `${operation.operationId}: ${answer.body}`).toBeLessThan(500);
      const byRole = answer.statusCode === 403 && answer.json().message === roleRefusal(role);
      if (byRole) refused.push(operation.operationId);
      if (!roleMay(role, operation.operationId)) expected.push(operation.operationId);
      if (!byRole) expect(answer.statusCode, `${operation.operationId} refused ${role}: ${answer.body}`).not.toBe(403);
    }
    expect(refused.sort()).toEqual(expected.sort());
  });
});

describe('the table', () => {
  it('refuses something to every role but the owner, and the owner nothing', () => {
    const denied = (role: Role) => Object.keys(OPERATION_ACCESS).filter((id) => isClassified(id) && !roleMay(role, id));
    expect(denied('owner')).toEqual([]);
    expect(denied('developer')).toEqual(expect.arrayContaining(['subscribe', 'listInvoices', 'inviteMember']));
    expect(denied('billing')).toEqual(expect.arrayContaining(['listApiKeys', 'createApiKey', 'putAccessControl']));
    expect(denied('viewer')).toEqual(expect.arrayContaining(['createApiKey', 'renameProject', 'subscribe', 'putKeyRules']));
  });
});
