import type { FastifyRequest } from 'fastify';
import { toApiUser } from '@server/auth/accounts';
import { actingProject, projectHeader } from '@server/auth/project-access';
import { defaultMembership, type Membership } from '@server/repos/members';
import { maskKey } from '@/domain/key-display';
import { readsKeySecrets } from '@/domain/roles';
import { unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { revokeSession } from '@server/repos/sessions';
import { findUserById } from '@server/repos/users';
import { signedIn, type Services } from '@server/handlers/services';

export function createSessionHandlers({ db, clock }: Services): Pick<OperationHandlers, 'logout' | 'getMe'> {
  /**
   * The project whose key, plan and credits GET /users/me answers: the one X-Project names when the
   * user is a member of it, else the one they act in by default (the session itself never fails on
   * the header: the project's own operations refuse it); the user's own account when they belong to none.
   */
  const projectOf = async (request: FastifyRequest, userId: number): Promise<Membership | null> => {
    const named = await actingProject(db, userId, request.headers[projectHeader]).catch(() => null);
    return named ?? (await defaultMembership(db, userId));
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
      const membership = await projectOf(input.request, userId);
      const project = membership === null || membership.projectId === userId ? user : await findUserById(db, membership.projectId);
      const body = await toApiUser(db, user, clock.now(), project ?? user);
      // A Viewer reads the project's key masked, as in GET /apiKeys.
      const { apiKey } = body;
      const masked = membership !== null && !readsKeySecrets(membership.role) && apiKey !== null;
      return { status: 200, body: masked ? { ...body, apiKey: maskKey(apiKey) } : body };
    },
  };
}
