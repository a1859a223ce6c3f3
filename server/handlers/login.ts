import { startSession, toApiUser } from '@server/auth/accounts';
import { loginSucceeded, reserveLogin, tooManyLoginAttempts } from '@server/auth/login-limits';
import { verifyPassword } from '@server/auth/password-hash';
import { HttpError, tooManyRequests } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { findUserByEmail, type UserRecord } from '@server/repos/users';
import type { Services } from '@server/handlers/services';

export const invalidCredentials = 'Invalid email or password';

/**
 * E-mail and password login. Each attempt is counted before its password is checked (per e-mail
 * and address together, per e-mail, per address; see login-limits.ts), and a success takes its
 * count back, so parallel guesses cannot slip past the limit.
 */
export function createLoginHandlers({ db, clock, config, limits }: Services): Pick<OperationHandlers, 'login'> {
  return {
    login: async ({ body, request }) => {
      const now = clock.now();
      const email = body.email.toLowerCase();
      const attempt = await reserveLogin(limits, email, request.ip, now);
      if (!attempt.ok) throw tooManyRequests(tooManyLoginAttempts, attempt.retryAfterMs);

      let valid: boolean;
      let user: UserRecord | null;
      try {
        user = await findUserByEmail(db, email);
        // Verified even without a user (against a decoy hash): the answer time does not reveal accounts.
        valid = await verifyPassword(user?.passwordHash ?? null, body.password);
      } catch (error) {
        // No password was checked (the server was busy or failed): not a guess.
        attempt.reservation.release();
        throw error;
      }
      if (user === null || !valid) throw new HttpError(401, invalidCredentials);
      attempt.reservation.release();
      loginSucceeded(limits, email, request.ip);
      const token = await startSession(db, user.id, config, clock);
      return { status: 200, body: { access_token: token, user: await toApiUser(db, user, now) } };
    },
  };
}
