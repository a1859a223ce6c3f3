import { toApiUser } from '@server/auth/accounts';
import { unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { revokeSession } from '@server/repos/sessions';
import { findUserById } from '@server/repos/users';
import { signedIn, type Services } from '@server/handlers/services';

export function createSessionHandlers({ db, clock }: Services): Pick<OperationHandlers, 'logout' | 'getMe'> {
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
      const user = await findUserById(db, signedIn(input).userId);
      if (user === null) throw unauthorized('the account no longer exists');
      return { status: 200, body: await toApiUser(db, user, clock.now()) };
    },
  };
}
