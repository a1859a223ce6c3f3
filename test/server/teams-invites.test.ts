import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  INVITE_EXPIRED,
  INVITE_LIFETIME_MS,
  INVITE_NOT_FOUND,
  INVITE_OTHER_EMAIL,
  NO_INVITES_LEFT,
} from '@/domain/invites';
import { maskKey } from '@/domain/key-display';
import { projectIdFor } from '@/domain/project-settings';
import { roleRefusal } from '@/domain/roles';
import { limitFigures, tooManyChanges, tooManyInvitations } from '@server/auth/login-limits';
import { BAD_PROJECT_HEADER, NOT_A_MEMBER } from '@server/auth/project-access';
import { OWNER_CANNOT_BE_REMOVED, OWNER_CANNOT_LEAVE, OWNER_ROLE_FIXED } from '@server/handlers/members';
import { keyHolder, putOnPlan } from './gateway-harness';
import { bearer, login, signedInUser, uniqueEmail } from './helpers/accounts';
import { auditLog } from './helpers/audit';
import { accept, asMember, invite, inviteToken, joinedMember, transferOwnership } from './helpers/team';
import { startTestApp, type TestApp } from './helpers/test-app';

type ProjectMembers = components['schemas']['ProjectMembers'];

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

async function members(token: string, project?: string): Promise<ProjectMembers> {
  const headers = { ...bearer(token), ...(project === undefined ? {} : { 'x-project': project }) };
  const answer = await server.app.inject({ method: 'GET', url: '/api/projects/current/members', headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function ownerOn(plan: 'Free' | 'Developer' | 'Business', label = 'owner') {
  const owner = await keyHolder(server.app, label);
  await putOnPlan(server.app, server.clock, owner.userId, plan);
  return { ...owner, project: projectIdFor(owner.userId) };
}

describe('invites', () => {
  it('on Free none is left: the invite is refused with 409 and nothing is mailed', async () => {
    const owner = await ownerOn('Free');
    expect((await members(owner.token)).invitesLeft).toBe(0);
    const sentBefore = server.app.outbox.length;
    const email = uniqueEmail('nobody');
    const answer = await invite(server.app, owner, email, 'developer');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ statusCode: 409, message: NO_INVITES_LEFT });
    expect(server.app.outbox.slice(sentBefore).filter((mail) => mail.to === email)).toEqual([]);
  });

  it('mails a link; the invitee signs up, sees the invite, accepts it and acts in the project with its role', async () => {
    const owner = await ownerOn('Developer');
    const ada = await signedInUser(server.app, 'ada');
    expect((await invite(server.app, owner, ada.email.toUpperCase(), 'developer')).statusCode).toBe(201);
    const token = inviteToken(server.app, ada.email);
    expect(server.app.outbox.at(-1)?.link).toBe(`${server.config.publicUrl}/invite/${token}`);

    const preview = await server.app.inject({ method: 'GET', url: `/api/invites/${token}` });
    expect(preview.json()).toMatchObject({
      projectName: 'My Project',
      role: 'developer',
      email: ada.email,
      inviterEmail: owner.email,
      open: true,
    });
    expect((await members(owner.token)).invitesLeft).toBe(2);

    const joined = await accept(server.app, ada, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ id: owner.project, name: 'My Project', role: 'developer' });

    const projects = await server.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(ada.token) });
    expect(projects.json()).toEqual([
      expect.objectContaining({ role: 'owner' }),
      { id: owner.project, name: 'My Project', role: 'developer' },
    ]);
    // Ada's keys in the owner's project are the owner's.
    const keys = await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: asMember(owner, ada) });
    expect(keys.json()).toEqual([expect.objectContaining({ apiKey: owner.apiKey })]);
    const listed = await members(ada.token, owner.project);
    expect(listed.members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, 'owner'],
      [ada.email, 'developer'],
    ]);
    expect(listed.invites).toEqual([]);
    expect(listed.invitesLeft).toBe(2);

    const used = await accept(server.app, ada, token);
    expect(used.statusCode).toBe(410);
    expect(used.json()).toMatchObject({ message: INVITE_EXPIRED });
    expect((await server.app.inject({ method: 'GET', url: `/api/invites/${token}` })).json()).toMatchObject({ open: false });

    const actions = (await auditLog(server.app, owner.token, 'group=members')).entries.map((entry) => [entry.action, entry.actor.email]);
    expect(actions).toEqual([
      ['member.joined', ada.email],
      ['member.invited', owner.email],
    ]);
  });

  it("refuses a signed-in user whose e-mail is not the invite's with 403, and the invite stays open", async () => {
    const owner = await ownerOn('Developer');
    const invitee = uniqueEmail('invitee');
    await invite(server.app, owner, invitee, 'viewer');
    const mallory = await signedInUser(server.app, 'mallory');
    const answer = await accept(server.app, mallory, inviteToken(server.app, invitee));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ message: INVITE_OTHER_EMAIL });
    expect((await members(owner.token)).invites.map((open) => open.email)).toEqual([invitee]);
  });

  it('expires after 7 days: 410, and it no longer counts against the plan', async () => {
    const owner = await ownerOn('Developer');
    const bob = await signedInUser(server.app, 'bob');
    await invite(server.app, owner, bob.email, 'billing');
    expect((await members(owner.token)).invitesLeft).toBe(2);
    server.clock.advance(INVITE_LIFETIME_MS);
    // Sessions last less than a week: bob signs in again, the owner too.
    const answer = await accept(server.app, { token: await login(server.app, bob.email) }, inviteToken(server.app, bob.email));
    expect(answer.statusCode).toBe(410);
    expect(answer.json()).toMatchObject({ message: INVITE_EXPIRED });
    expect((await members(await login(server.app, owner.email))).invitesLeft).toBe(3);
  });

  it('answers an unknown token with 404 and a malformed one with 400', async () => {
    const user = await signedInUser(server.app, 'stranger');
    const unknown = 'A'.repeat(43);
    expect((await server.app.inject({ method: 'GET', url: `/api/invites/${unknown}` })).json()).toMatchObject({
      statusCode: 404,
      message: INVITE_NOT_FOUND,
    });
    expect((await accept(server.app, user, unknown)).statusCode).toBe(404);
    expect((await accept(server.app, user, 'short')).statusCode).toBe(400);
  });

  it('refuses an address that is already a member or already invited, with 409', async () => {
    const owner = await ownerOn('Business');
    const ada = await joinedMember(server.app, owner, 'viewer', 'ada');
    expect((await invite(server.app, owner, ada.email, 'developer')).json()).toMatchObject({ statusCode: 409, message: ALREADY_MEMBER });
    expect((await invite(server.app, owner, owner.email, 'developer')).json()).toMatchObject({ statusCode: 409, message: ALREADY_MEMBER });
    const other = uniqueEmail('twice');
    expect((await invite(server.app, owner, other, 'developer')).statusCode).toBe(201);
    expect((await invite(server.app, owner, other.toUpperCase(), 'viewer')).json()).toMatchObject({
      statusCode: 409,
      message: ALREADY_INVITED,
    });
  });

  it('never exceeds the allowance under 20 parallel invites (Business: 10)', async () => {
    const owner = await ownerOn('Business');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => invite(server.app, owner, uniqueEmail(`flood${i}`), 'viewer')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
    const listed = await members(owner.token);
    expect(listed.invites).toHaveLength(10);
    expect(listed.invitesLeft).toBe(0);
  });

  it('lets one of 10 parallel accepts of one link join; the others find it used', async () => {
    const owner = await ownerOn('Developer');
    const ada = await signedInUser(server.app, 'ada');
    await invite(server.app, owner, ada.email, 'developer');
    const token = inviteToken(server.app, ada.email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => accept(server.app, ada, token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(410)]);
    expect((await members(owner.token)).members).toHaveLength(2);
    expect((await auditLog(server.app, owner.token, 'action=member.joined')).entries).toHaveLength(1);
  });

  it('a revoked invite frees its place and its link stops working', async () => {
    const owner = await ownerOn('Developer');
    const ada = await signedInUser(server.app, 'ada');
    const created = (await invite(server.app, owner, ada.email, 'developer')).json<{ id: number }>();
    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `/api/projects/current/invites/${created.id}`,
      headers: bearer(owner.token),
    });
    expect(revoked.statusCode).toBe(204);
    expect((await members(owner.token)).invitesLeft).toBe(3);
    expect((await accept(server.app, ada, inviteToken(server.app, ada.email))).statusCode).toBe(410);
    const again = await server.app.inject({
      method: 'DELETE',
      url: `/api/projects/current/invites/${created.id}`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('mails one address at most 3 invitations from a project in 15 minutes: inviting and revoking cannot flood an inbox, and holds up no one else', async () => {
    const free = await ownerOn('Free', 'flood-free');
    const first = await ownerOn('Business', 'flood-first');
    const second = await ownerOn('Business', 'flood-second');
    const victim = uniqueEmail('inbox');
    const sentBefore = server.app.outbox.length;
    // Refused invites (Free has none) are not counted: they hold up nobody's.
    for (let round = 0; round < 5; round += 1) expect((await invite(server.app, free, victim, 'viewer')).statusCode).toBe(409);
    for (let round = 0; round < limitFigures.invitationsPerEmail; round += 1) {
      const created = await invite(server.app, first, victim, 'viewer');
      expect(created.statusCode).toBe(201);
      const id = created.json<{ id: number }>().id;
      const revoked = await server.app.inject({
        method: 'DELETE',
        url: `/api/projects/current/invites/${id}`,
        headers: bearer(first.token),
      });
      expect(revoked.statusCode).toBe(204);
    }
    const refused = await invite(server.app, first, victim.toUpperCase(), 'viewer');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: tooManyInvitations });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(server.app.outbox.slice(sentBefore).filter((mail) => mail.to === victim)).toHaveLength(limitFigures.invitationsPerEmail);
    expect((await members(first.token)).invites).toEqual([]);
    // Another project, and another address, are not held up; and the window ends.
    expect((await invite(server.app, second, victim, 'viewer')).statusCode).toBe(201);
    expect((await invite(server.app, first, uniqueEmail('other-inbox'), 'viewer')).statusCode).toBe(201);
    server.clock.advance(15 * 60 * 1000 + 1000);
    expect((await invite(server.app, first, victim, 'viewer')).statusCode).toBe(201);
  });
});

describe('the acting project (X-Project)', () => {
  it("refuses a project the user is not a member of with 403, a malformed header with 400, never another's data", async () => {
    const owner = await ownerOn('Free');
    const stranger = await signedInUser(server.app, 'stranger');
    const foreign = await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: asMember(owner, stranger) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ statusCode: 403, message: NOT_A_MEMBER });
    for (const header of ['42', 'prj_', 'prj_abc', 'prj_99999999999']) {
      const bad = await server.app.inject({
        method: 'GET',
        url: '/api/apiKeys',
        headers: { ...bearer(stranger.token), 'x-project': header },
      });
      expect(bad.statusCode, header).toBe(400);
      expect(bad.json()).toMatchObject({ message: BAD_PROJECT_HEADER });
    }
    // The user's own operations answer all the same (GET /users/me with the user's own project's facts).
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: asMember(owner, stranger) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: stranger.email });
    const ownerKey = (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(owner.token) })).json<{
      apiKey: string;
    }>();
    expect(me.json<{ apiKey: string }>().apiKey).not.toBe(ownerKey.apiKey);
  });

  it("a member's reads and writes are the project's, never their own project's", async () => {
    const owner = await ownerOn('Developer');
    const ada = await joinedMember(server.app, owner, 'developer', 'ada');
    const here = asMember(owner, ada);
    const created = await server.app.inject({ method: 'POST', url: '/api/apiKeys', headers: here, payload: { name: 'By Ada' } });
    expect(created.statusCode).toBe(201);
    const rules = { domains: ['example.com'], ips: [], cidrs: [], allowNoOrigin: true };
    const saved = await server.app.inject({ method: 'PUT', url: '/api/accessControl', headers: here, payload: rules });
    expect(saved.statusCode, saved.body).toBe(200);
    const renamed = await server.app.inject({
      method: 'PUT',
      url: '/api/users/alerts',
      headers: here,
      payload: { creditThresholds: [50], errorRate: false },
    });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    const ownerKeys = (await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(owner.token) })).json<
      Array<{ name: string }>
    >();
    expect(ownerKeys.map((key) => key.name)).toContain('By Ada');
    const adaKeys = (await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(ada.token) })).json<
      Array<{ name: string }>
    >();
    expect(adaKeys.map((key) => key.name)).not.toContain('By Ada');
    const ownerRules = (await server.app.inject({ method: 'GET', url: '/api/accessControl', headers: bearer(owner.token) })).json();
    expect(ownerRules).toMatchObject({ domains: ['example.com'] });
    const adaRules = (await server.app.inject({ method: 'GET', url: '/api/accessControl', headers: bearer(ada.token) })).json();
    expect(adaRules).toMatchObject({ domains: [] });
    const entries = (await auditLog(server.app, owner.token)).entries;
    expect(entries.filter((entry) => entry.actor.email === ada.email).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['key.created', 'access_rules.updated']),
    );
    expect((await auditLog(server.app, ada.token)).entries).toEqual([]);
    // GET /users/me: Ada herself, with the key, plan and credits of the project she acts in.
    const me = (headers: Record<string, string>) => server.app.inject({ method: 'GET', url: '/api/users/me', headers });
    const inProject = (await me(here)).json<{ id: number; email: string; apiKey: string | null; planId: number }>();
    const ownerMe = (await me(bearer(owner.token))).json<{ apiKey: string | null; planId: number }>();
    expect(inProject).toMatchObject({ id: ada.userId, email: ada.email, apiKey: ownerMe.apiKey, planId: ownerMe.planId });
    const own = (await me(bearer(ada.token))).json<{ apiKey: string | null }>();
    expect(own.apiKey).not.toBe(ownerMe.apiKey);
    // A header naming no project of hers is the project's operations' to refuse: the session still answers.
    expect((await me({ ...bearer(ada.token), 'x-project': 'prj_nope' })).json()).toMatchObject({ apiKey: own.apiKey });
  });

  it('drops a removed member at once, and records it', async () => {
    const owner = await ownerOn('Developer');
    const ada = await joinedMember(server.app, owner, 'developer', 'ada');
    expect((await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: asMember(owner, ada) })).statusCode).toBe(200);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/projects/current/members/${ada.userId}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(204);
    const after = await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: asMember(owner, ada) });
    expect(after.json()).toMatchObject({ statusCode: 403, message: NOT_A_MEMBER });
    expect((await auditLog(server.app, owner.token, 'action=member.removed')).entries[0]).toMatchObject({ target: { name: ada.email } });
  });

  it("changes a role (the owner's own is fixed), lets a member leave, and keeps the owner", async () => {
    const owner = await ownerOn('Developer');
    const ada = await joinedMember(server.app, owner, 'viewer', 'ada');
    const patch = (userId: number, role: string) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/projects/current/members/${userId}`,
        headers: bearer(owner.token),
        payload: { role },
      });
    expect((await server.app.inject({ method: 'POST', url: '/api/apiKeys', headers: asMember(owner, ada) })).json()).toMatchObject({
      message: roleRefusal('viewer'),
    });
    expect((await patch(ada.userId, 'developer')).json()).toMatchObject({ role: 'developer' });
    expect((await server.app.inject({ method: 'POST', url: '/api/apiKeys', headers: asMember(owner, ada) })).statusCode).toBe(201);
    expect((await patch(owner.userId, 'viewer')).json()).toMatchObject({ statusCode: 409, message: OWNER_ROLE_FIXED });
    expect((await patch(ada.userId, 'owner')).statusCode).toBe(400);
    const removeOwner = await server.app.inject({
      method: 'DELETE',
      url: `/api/projects/current/members/${owner.userId}`,
      headers: bearer(owner.token),
    });
    expect(removeOwner.json()).toMatchObject({ statusCode: 409, message: OWNER_CANNOT_BE_REMOVED });
    const ownerLeaves = await server.app.inject({
      method: 'DELETE',
      url: '/api/projects/current/membership',
      headers: bearer(owner.token),
    });
    expect(ownerLeaves.json()).toMatchObject({ statusCode: 409, message: OWNER_CANNOT_LEAVE });
    const leaves = await server.app.inject({ method: 'DELETE', url: '/api/projects/current/membership', headers: asMember(owner, ada) });
    expect(leaves.statusCode).toBe(204);
    expect((await members(owner.token)).members.map((member) => member.email)).toEqual([owner.email]);
    expect((await auditLog(server.app, owner.token, 'group=members')).entries.map((entry) => entry.action)).toEqual([
      'member.left',
      'member.role_changed',
      'member.joined',
      'member.invited',
    ]);
  });

  it('transfers ownership: the new owner has every right, the old one is a Developer', async () => {
    const owner = await ownerOn('Developer');
    const ada = await joinedMember(server.app, owner, 'billing', 'ada');
    const transfer = await transferOwnership(server.app, owner, ada.userId);
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json<ProjectMembers>().members.map((member) => [member.email, member.role])).toEqual([
      [ada.email, 'owner'],
      [owner.email, 'developer'],
    ]);
    // The old owner's next owner-only call is refused; their own project is still the default one.
    const again = await transferOwnership(server.app, owner, owner.userId);
    expect(again.json()).toMatchObject({ statusCode: 403, message: roleRefusal('developer') });
    const renamed = await server.app.inject({
      method: 'PATCH',
      url: '/api/project',
      headers: asMember(owner, ada),
      payload: { name: 'Ada owns it' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await auditLog(server.app, ada.token, `group=members`)).entries).toEqual([]);
    expect((await auditLog(server.app, owner.token, 'action=project.ownership_transferred')).entries[0]).toMatchObject({
      actor: { email: owner.email },
      changes: { owner: { before: owner.email, after: ada.email } },
    });
  });
});

describe('what one member can write', () => {
  it("bounds one member's changes to a project (audit entries included), counted before the body is read; reads and other members go on", async () => {
    const owner = await ownerOn('Business', 'busy');
    const ada = await joinedMember(server.app, owner, 'developer', 'busy-ada');
    const here = asMember(owner, ada);
    let changes = 0;
    const rename = () => {
      changes += 1;
      return server.app.inject({
        method: 'PUT',
        url: '/api/accessControl',
        headers: here,
        payload: { domains: [`d${changes}.example.com`], ips: [], cidrs: [], allowNoOrigin: true },
      });
    };
    // 60 at once, then the rest one by one: exactly the limit pass, the others are 429 with Retry-After.
    const burst = await Promise.all(Array.from({ length: 60 }, rename));
    const rest = [];
    for (let index = 0; index < limitFigures.changesPerMember; index += 1) rest.push(await rename());
    const answers = [...burst, ...rest];
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(limitFigures.changesPerMember);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(60);
    expect(refused[0]?.json()).toMatchObject({ message: tooManyChanges });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // A body the server would refuse is counted all the same: a refused change costs as much as any.
    const bad = await server.app.inject({ method: 'PUT', url: '/api/accessControl', headers: here, payload: { domains: 42 } });
    expect(bad.statusCode).toBe(429);
    const entries = (await auditLog(server.app, owner.token)).entries.filter((entry) => entry.actor.email === ada.email);
    expect(entries.length).toBeLessThanOrEqual(limitFigures.changesPerMember);
    // Reads, and the owner's own changes, are not held by Ada's count.
    expect((await server.app.inject({ method: 'GET', url: '/api/accessControl', headers: here })).statusCode).toBe(200);
    const mine = { domains: ['mine.example.com'], ips: [], cidrs: [], allowNoOrigin: true };
    expect(
      (await server.app.inject({ method: 'PUT', url: '/api/accessControl', headers: bearer(owner.token), payload: mine })).statusCode,
    ).toBe(200);
  });
});

describe('key secrets by role', () => {
  it('a Viewer reads the keys with their secrets masked, a Developer reads them whole', async () => {
    const owner = await ownerOn('Business', 'secrets');
    const viewer = await joinedMember(server.app, owner, 'viewer', 'secrets-viewer');
    const developer = await joinedMember(server.app, owner, 'developer', 'secrets-dev');
    const keysOf = async (member: { token: string }) =>
      (await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: asMember(owner, member) })).json<Array<{ apiKey: string }>>();
    const meOf = async (member: { token: string }) =>
      (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: asMember(owner, member) })).json<{ apiKey: string }>();
    expect((await keysOf(developer)).map((key) => key.apiKey)).toEqual([owner.apiKey]);
    expect((await meOf(developer)).apiKey).toBe(owner.apiKey);
    const seen = (await keysOf(viewer)).map((key) => key.apiKey);
    expect(seen).toEqual([maskKey(owner.apiKey)]);
    expect(seen[0]).not.toContain(owner.apiKey.slice(8, -4));
    expect((await meOf(viewer)).apiKey).toBe(maskKey(owner.apiKey));
  });
});
