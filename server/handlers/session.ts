import type { FastifyRequest } from 'fastify';
import { toApiUser } from '@server/auth/accounts';
import { actingProject, projectHeader } from '@server/auth/project-access';
import { defaultMembership } from '@server/repos/members';
import { unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { revokeSession } from '@server/repos/sessions';
import { findUserById, type UserRecord } from '@server/repos/users';
import { signedIn, type Services } from '@server/handlers/services';

export function createSessionHandlers({ db, clock }: Services): Pick<OperationHandlers, 'logout' | 'getMe'> {
  /**
   * The project whose key, plan and credits GET /users/me answers: the one X-Project names when the
   * user is a member of it, else the one they act in by default (the session itself never fails on
   * the header: the project's own operations refuse it); the user's own account when they belong to none.
   */
  const projectOf = async (request: FastifyRequest, userId: number): Promise<UserRecord | undefined> => {
    const named = await actingProject(db, userId, request.headers[projectHeader]).catch(() => null);
    const membership = named ?? (await defaultMembership(db, userId));
    if (membership === null || membership.projectId === userId) return undefined;
    return (await findUserById(db, membership.projectId)) ?? undefined;
  };
  return {
    logout: async (input) => {
      await revokeSession(db, signedIn(input).sessionId, clock.now());
      return { status: 204 };
    },
    /**
     * currentCredit includes the gateway's latest calls: what metering still holds in memory is
     * written first (as GET /usage does), so the dashboard's credits bar never trails the calls.
     */
    getMe: async (input) => {
      await input.request.server.metering.flush();
      const { userId } = signedIn(input);
      const user = await findUserById(db, userId);
      if (user === null) throw unauthorized('the account no longer exists');
      return { status: 200, body: await toApiUser(db, user, clock.now(), await projectOf(input.request, userId)) };
    },
  };
}
