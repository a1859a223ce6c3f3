import { startSession, toApiUser } from '@server/auth/accounts';
import { tooManyLoginAttempts } from '@server/auth/login-limits';
import { verifyPassword } from '@server/auth/password-hash';
import { HttpError, tooManyRequests } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { findUserByEmail } from '@server/repos/users';
import type { Services } from '@server/handlers/services';

export const invalidCredentials = 'Invalid email or password';

/** E-mail and password login; failed attempts are limited per e-mail and per client IP. */
export function createLoginHandlers({ db, clock, config, limits }: Services): Pick<OperationHandlers, 'login'> {
  return {
    login: async ({ body, request }) => {
      const now = clock.now();
      const emailKey = body.email.toLowerCase();
      const wait = Math.max(limits.perEmail.retryAfterMs(emailKey, now), limits.perIp.retryAfterMs(request.ip, now));
      if (wait > 0) throw tooManyRequests(tooManyLoginAttempts, wait);

      const user = await findUserByEmail(db, body.email);
      // Verified even without a user (against a decoy hash): the answer time does not reveal accounts.
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (user === null || !valid) {
        limits.perEmail.recordFailure(emailKey, now);
        limits.perIp.recordFailure(request.ip, now);
        throw new HttpError(401, invalidCredentials);
      }
      limits.perEmail.reset(emailKey);
      const token = await startSession(db, user.id, config, clock);
      return { status: 200, body: { access_token: token, user: await toApiUser(db, user, now) } };
    },
  };
}
