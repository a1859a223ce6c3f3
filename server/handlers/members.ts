import type { components } from '@/api/schema';
import { invitesLeft } from '@/domain/invites';
import { DEFAULT_PROJECT_NAME, projectIdFor } from '@/domain/project-settings';
import { ROLE_LABELS, roleRefusal } from '@/domain/roles';
import { catalogPlan } from '@/domain/plan-catalog';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { memberTarget } from '@server/audit/targets';
import type { Queryable } from '@server/db/db';
import { conflict, forbidden, notFound, unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { listOpenInvites } from '@server/repos/invites';
import { deleteMember, findMembership, listMembers, listMemberships, setMemberRole, type MemberRecord } from '@server/repos/members';
import { lockProject } from '@server/repos/project';
import { findUserById } from '@server/repos/users';
import { inProject, signedIn, type Services } from '@server/handlers/services';

type ProjectMembers = components['schemas']['ProjectMembers'];

export const NOT_A_MEMBER_OF_PROJECT = 'No member of this project has that user id.';
export const OWNER_ROLE_FIXED = "The owner's role cannot be changed: transfer ownership to another member instead.";
export const OWNER_CANNOT_BE_REMOVED = 'The owner cannot be removed: transfer ownership to another member first.';
export const OWNER_CANNOT_LEAVE = 'The owner cannot leave the project: transfer ownership to another member first.';
export const ALREADY_OWNER = 'You already own this project.';

const toMember = (member: MemberRecord) => ({
  userId: member.userId,
  email: member.email,
  role: member.role,
  joinedAt: member.joinedAt.toISOString(),
});

/** The project's plan allowance of invites (null: unlimited). */
export async function inviteAllowance(q: Queryable, projectId: number): Promise<number | null> {
  const owner = await findUserById(q, projectId);
  if (owner === null) throw unauthorized('the project no longer exists');
  return catalogPlan(owner.planId).memberInvites;
}

/** Members, pending invites and invites left, as GET /projects/current/members answers them. */
export async function projectMembers(q: Queryable, projectId: number, now: Date): Promise<ProjectMembers> {
  const [members, invites, allowance] = await Promise.all([
    listMembers(q, projectId),
    listOpenInvites(q, projectId, now),
    inviteAllowance(q, projectId),
  ]);
  return {
    members: members.map(toMember),
    invites: invites.map((invite) => ({
      id: invite.id,
      email: invite.email,
      role: invite.role,
      createdAt: invite.createdAt.toISOString(),
      expiresAt: invite.expiresAt.toISOString(),
    })),
    invitesLeft: invitesLeft({ allowance, members: members.filter((member) => member.role !== 'owner').length, pending: invites.length }),
  };
}

/**
 * Inside the project's lock: the caller still owns it (the registrar checked the role before the
 * lock; a transfer may have landed in between).
 */
export async function stillOwner(q: Queryable, auth: { readonly projectId: number; readonly userId: number }): Promise<void> {
  const self = await findMembership(q, auth.projectId, auth.userId);
  if (self?.role !== 'owner') throw forbidden(roleRefusal(self?.role ?? 'viewer'));
}

async function memberOf(q: Queryable, projectId: number, userId: number): Promise<MemberRecord> {
  const member = (await listMembers(q, projectId)).find((candidate) => candidate.userId === userId);
  if (member === undefined) throw notFound(NOT_A_MEMBER_OF_PROJECT);
  return member;
}

/**
 * Teams: the user's projects, and the acting project's members. Every change locks the project's
 * row first (lockProject), so changes to one project's members never interleave, and is recorded
 * in the audit log in its own transaction. The role checks are the registrar's (src/domain/roles.ts).
 */
export function createMemberHandlers({
  db,
  clock,
}: Services): Pick<
  OperationHandlers,
  'listProjects' | 'listMembers' | 'changeMemberRole' | 'removeMember' | 'leaveProject' | 'transferOwnership'
> {
  return {
    listProjects: async (input) => {
      const memberships = await listMemberships(db, signedIn(input).userId);
      return {
        status: 200,
        body: memberships.map((m) => ({ id: projectIdFor(m.projectId), name: m.name ?? DEFAULT_PROJECT_NAME, role: m.role })),
      };
    },

    listMembers: async (input) => ({ status: 200, body: await projectMembers(db, inProject(input).projectId, clock.now()) }),

    changeMemberRole: async (input) => {
      const auth = inProject(input);
      const member = await db.transaction(async (tx) => {
        await lockProject(tx, auth.projectId);
        await stillOwner(tx, auth);
        const target = await memberOf(tx, auth.projectId, input.params.userId);
        if (target.role === 'owner') throw conflict(OWNER_ROLE_FIXED);
        await setMemberRole(tx, auth.projectId, target.userId, input.body.role);
        if (target.role !== input.body.role) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'member.role_changed',
            target: memberTarget(target),
            changes: { role: { before: ROLE_LABELS[target.role], after: ROLE_LABELS[input.body.role] } },
          });
        }
        return { ...target, role: input.body.role };
      });
      return { status: 200, body: toMember(member) };
    },

    /** The member's next request is refused at once: every request reads the membership afresh. */
    removeMember: async (input) => {
      const auth = inProject(input);
      await db.transaction(async (tx) => {
        await lockProject(tx, auth.projectId);
        await stillOwner(tx, auth);
        const target = await memberOf(tx, auth.projectId, input.params.userId);
        if (target.role === 'owner') throw conflict(OWNER_CANNOT_BE_REMOVED);
        await deleteMember(tx, auth.projectId, target.userId);
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'member.removed',
          target: memberTarget(target),
          changes: { role: { before: ROLE_LABELS[target.role] } },
        });
      });
      return { status: 204 };
    },

    leaveProject: async (input) => {
      const auth = inProject(input);
      await db.transaction(async (tx) => {
        await lockProject(tx, auth.projectId);
        const self = await memberOf(tx, auth.projectId, auth.userId);
        if (self.role === 'owner') throw conflict(OWNER_CANNOT_LEAVE);
        await deleteMember(tx, auth.projectId, auth.userId);
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'member.left',
          target: memberTarget(self),
          changes: { role: { before: ROLE_LABELS[self.role] } },
        });
      });
      return { status: 204 };
    },

    /** The new owner first loses their old role, the old owner becomes a Developer (one owner row at every instant). */
    transferOwnership: async (input) => {
      const auth = inProject(input);
      await db.transaction(async (tx) => {
        await lockProject(tx, auth.projectId);
        await stillOwner(tx, auth);
        if (input.body.userId === auth.userId) throw conflict(ALREADY_OWNER);
        const target = await memberOf(tx, auth.projectId, input.body.userId);
        const old = await memberOf(tx, auth.projectId, auth.userId);
        await setMemberRole(tx, auth.projectId, auth.userId, 'developer');
        await setMemberRole(tx, auth.projectId, target.userId, 'owner');
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'project.ownership_transferred',
          target: memberTarget(target),
          changes: {
            owner: { before: old.email, after: target.email },
            role: { before: ROLE_LABELS[target.role], after: ROLE_LABELS.owner },
          },
        });
      });
      return { status: 200, body: await projectMembers(db, auth.projectId, clock.now()) };
    },
  };
}
