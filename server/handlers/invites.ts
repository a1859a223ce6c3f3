import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  INVITE_EXPIRED,
  INVITE_LIFETIME_MS,
  INVITE_NOT_FOUND,
  INVITE_OTHER_EMAIL,
  invitePath,
  invitesLeft,
  NO_INVITES_LEFT,
} from '@/domain/invites';
import { DEFAULT_PROJECT_NAME, projectIdFor } from '@/domain/project-settings';
import { ROLE_LABELS } from '@/domain/roles';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { inviteTarget, memberTarget } from '@server/audit/targets';
import { tooManyInvitations } from '@server/auth/login-limits';
import { randomToken, sha256 } from '@server/auth/tokens';
import { conflict, forbidden, gone, notFound, tooManyRequests, unauthorized } from '@server/http/errors';
import { inviteMail } from '@server/mail/invite-mail';
import type { OperationHandlers } from '@server/openapi/handler-types';
import {
  findInviteByTokenHash,
  insertInvite,
  isOpenInvite,
  listOpenInvites,
  markInviteAccepted,
  revokeInvite,
  revokeInvitesTo,
} from '@server/repos/invites';
import { countNonOwners, findMembership, insertMember, listMembers } from '@server/repos/members';
import { getProject, lockProject } from '@server/repos/project';
import { findUserById } from '@server/repos/users';
import { inviteAllowance, stillOwner } from '@server/handlers/members';
import { inProject, signedIn, type Services } from '@server/handlers/services';

/**
 * Invitations: the owner invites an address with a role, within the plan's invites (counted
 * under the project's lock, so parallel invites never exceed it, and an owner can mail no more
 * people than the plan allows); the link's page shows the invite to anyone holding it; the
 * signed-in user whose address it was sent to accepts it and joins.
 */
export function createInviteHandlers({
  db,
  clock,
  config,
  mailer,
  limits,
  log,
}: Services): Pick<OperationHandlers, 'inviteMember' | 'revokeInvite' | 'getInvite' | 'acceptInvite'> {
  return {
    inviteMember: async (input) => {
      const auth = inProject(input);
      const email = input.body.email.trim().toLowerCase();
      const token = randomToken();
      const now = clock.now();
      const invite = await db.transaction(async (tx) => {
        if ((await lockProject(tx, auth.projectId)) === undefined) throw unauthorized('the project no longer exists');
        await stillOwner(tx, auth);
        const members = await listMembers(tx, auth.projectId);
        if (members.some((member) => member.email.toLowerCase() === email)) throw conflict(ALREADY_MEMBER);
        const pending = await listOpenInvites(tx, auth.projectId, now);
        if (pending.some((open) => open.email === email)) throw conflict(ALREADY_INVITED);
        const left = invitesLeft({
          allowance: await inviteAllowance(tx, auth.projectId),
          members: await countNonOwners(tx, auth.projectId),
          pending: pending.length,
        });
        if (left !== null && left <= 0) throw conflict(NO_INVITES_LEFT);
        // Counted only for an invite that is mailed, so a refused one (a Free plan's) holds nobody's invites up.
        const attempt = await limits.reserve([[limits.invitationsPerEmail, `${auth.projectId}\n${email}`]], now);
        if (!attempt.ok) throw tooManyRequests(tooManyInvitations, attempt.retryAfterMs);
        const inserted = await insertInvite(tx, {
          projectId: auth.projectId,
          email,
          role: input.body.role,
          tokenHash: sha256(token),
          createdBy: auth.userId,
          now,
          expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
        });
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'member.invited',
          target: inviteTarget(inserted),
          changes: { role: { after: ROLE_LABELS[inserted.role] } },
        });
        return inserted;
      });
      const mail = inviteMail(email, `${config.publicUrl}${invitePath(token)}`, invite.role, config.productName);
      mailer.send(mail).catch((error: unknown) => log.error({ err: error }, 'could not send the invitation mail'));
      return {
        status: 201,
        body: {
          id: invite.id,
          email: invite.email,
          role: invite.role,
          createdAt: invite.createdAt.toISOString(),
          expiresAt: invite.expiresAt.toISOString(),
        },
      };
    },

    revokeInvite: async (input) => {
      const auth = inProject(input);
      await db.transaction(async (tx) => {
        await lockProject(tx, auth.projectId);
        await stillOwner(tx, auth);
        const revoked = await revokeInvite(tx, auth.projectId, input.params.id, clock.now());
        if (revoked === null) throw notFound('This project has no pending invite of that id.');
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'invite.revoked',
          target: inviteTarget(revoked),
          changes: { role: { before: ROLE_LABELS[revoked.role] } },
        });
      });
      return { status: 204 };
    },

    getInvite: async (input) => {
      const invite = await findInviteByTokenHash(db, sha256(input.params.token));
      if (invite === null) throw notFound(INVITE_NOT_FOUND);
      const [project, inviter] = await Promise.all([
        getProject(db, invite.projectId),
        invite.createdBy === null ? null : findUserById(db, invite.createdBy),
      ]);
      return {
        status: 200,
        body: {
          projectName: project?.name ?? DEFAULT_PROJECT_NAME,
          role: invite.role,
          email: invite.email,
          inviterEmail: inviter?.email ?? null,
          expiresAt: invite.expiresAt.toISOString(),
          open: isOpenInvite(invite, clock.now()),
        },
      };
    },

    /**
     * The project's row is locked before the invite's (the order every change of a project's members
     * takes), so two accepts of one link join once: the second finds it used (410).
     */
    acceptInvite: async (input) => {
      const { userId } = signedIn(input);
      const tokenHash = sha256(input.params.token);
      const found = await findInviteByTokenHash(db, tokenHash);
      if (found === null) throw notFound(INVITE_NOT_FOUND);
      const user = await findUserById(db, userId);
      if (user === null) throw unauthorized('the account no longer exists');
      const joined = await db.transaction(async (tx) => {
        const project = await lockProject(tx, found.projectId);
        const invite = await findInviteByTokenHash(tx, tokenHash, true);
        const now = clock.now();
        if (project === undefined || invite === null) throw notFound(INVITE_NOT_FOUND);
        if (!isOpenInvite(invite, now)) throw gone(INVITE_EXPIRED);
        if (user.email.toLowerCase() !== invite.email) throw forbidden(INVITE_OTHER_EMAIL);
        const added = await insertMember(tx, { projectId: invite.projectId, userId, role: invite.role, now });
        await markInviteAccepted(tx, invite.id, userId, now);
        await revokeInvitesTo(tx, invite.projectId, invite.email, now);
        if (added) {
          await recordAudit(tx, memberOrigin({ projectId: invite.projectId, userId }, input.request, clock), {
            action: 'member.joined',
            target: memberTarget({ userId, email: user.email }),
            changes: { role: { after: ROLE_LABELS[invite.role] } },
          });
        }
        const role = added ? invite.role : ((await findMembership(tx, invite.projectId, userId))?.role ?? invite.role);
        return { projectId: invite.projectId, name: project.name, role };
      });
      return {
        status: 200,
        body: { id: projectIdFor(joined.projectId), name: joined.name ?? DEFAULT_PROJECT_NAME, role: joined.role },
      };
    },
  };
}
