import type { FastifyInstance } from 'fastify';
import type { PlanName } from '@/domain/plan-catalog';
import { projectIdFor } from '@/domain/project-settings';
import type { InvitableRole, Role } from '@/domain/roles';
import { keyHolder, putOnPlan, type KeyHolder } from '../gateway-harness';
import { bearer, signedInUser } from './accounts';
import type { TestApp } from './test-app';

export interface Member {
  readonly userId: number;
  readonly email: string;
  readonly token: string;
}

export interface Team {
  readonly owner: KeyHolder;
  /** The project's ID, as X-Project names it. */
  readonly project: string;
  /** One member per role; the owner's is the owner. */
  readonly members: Readonly<Record<Role, Member>>;
}

/** A member's headers in the team's project: the session token and X-Project. */
export function asMember(team: Pick<Team, 'project'>, member: Pick<Member, 'token'>): Record<string, string> {
  return { ...bearer(member.token), 'x-project': team.project };
}

/** The token of the newest invitation link mailed to `email` (the outbox of local mode). */
export function inviteToken(app: FastifyInstance, email: string): string {
  const link = app.outbox.findLast((sent) => sent.to === email.toLowerCase() && sent.link?.includes('/invite/') === true)?.link;
  const token = link === undefined ? undefined : new URL(link).pathname.split('/').at(-1);
  if (token === undefined) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

/** POST /api/projects/current/invites as the owner (their own project). */
export function invite(app: FastifyInstance, owner: Pick<Member, 'token'>, email: string, role: InvitableRole, project?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/projects/current/invites',
    headers: { ...bearer(owner.token), ...(project === undefined ? {} : { 'x-project': project }) },
    payload: { email, role },
  });
}

export function accept(app: FastifyInstance, member: Pick<Member, 'token'>, token: string) {
  return app.inject({ method: 'POST', url: `/api/invites/${token}/accept`, headers: bearer(member.token) });
}

/** POST /api/projects/current/owner as `owner` (their own project): `userId` becomes the owner. */
export function transferOwnership(app: FastifyInstance, owner: Pick<Member, 'token'>, userId: number) {
  return app.inject({ method: 'POST', url: '/api/projects/current/owner', headers: bearer(owner.token), payload: { userId } });
}

/** A new user who joined `owner`'s project with `role` through an invite. */
export async function joinedMember(
  app: FastifyInstance,
  owner: Pick<Member, 'token'>,
  role: InvitableRole,
  label: string = role,
): Promise<Member> {
  const user = await signedInUser(app, label);
  const invited = await invite(app, owner, user.email, role);
  if (invited.statusCode !== 201) throw new Error(`invite answered ${invited.statusCode}: ${invited.body}`);
  const accepted = await accept(app, user, inviteToken(app, user.email));
  if (accepted.statusCode !== 200) throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
  const me = (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).json<{ id: number }>();
  return { ...user, userId: me.id };
}

/** An owner on `plan` (Business: 10 invites) and one member of each other role in their project. */
export async function buildTeam(server: Pick<TestApp, 'app' | 'clock'>, plan: PlanName = 'Business'): Promise<Team> {
  const owner = await keyHolder(server.app, 'owner');
  await putOnPlan(server.app, server.clock, owner.userId, plan);
  const developer = await joinedMember(server.app, owner, 'developer');
  const billing = await joinedMember(server.app, owner, 'billing');
  const viewer = await joinedMember(server.app, owner, 'viewer');
  return { owner, project: projectIdFor(owner.userId), members: { owner, developer, billing, viewer } };
}
