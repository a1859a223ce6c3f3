import { passwordRuleFailures } from '@/domain/password-rules';
import { createAccount, toApiUser } from '@server/auth/accounts';
import { sendVerificationLink } from '@server/auth/email-verification';
import { tooManySignUps } from '@server/auth/login-limits';
import { hashPassword } from '@server/auth/password-hash';
import { isUniqueViolation } from '@server/db/db';
import { badRequest, conflict, tooManyRequests } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { findUserByEmail, type UserRecord } from '@server/repos/users';
import type { Services } from '@server/handlers/services';

export const emailTaken = 'An account with this email already exists.';

/**
 * Sign-up: the password rules of SPEC.md section 5 are enforced here too (400 listing the broken
 * ones). firstname, lastname and company are accepted and not stored: the SPA sends fixed placeholders.
 * Each sign-up that gets past the rules is counted per address before its password is hashed.
 * The new account's address is unverified: the only mail it gets is the verification link.
 */
export function createRegisterHandlers(services: Services): Pick<OperationHandlers, 'register'> {
  const { db, clock, limits, keyCache } = services;
  return {
    register: async ({ body, request }) => {
      const failures = passwordRuleFailures(body.password);
      if (failures.length > 0) throw badRequest(failures);
      const attempt = await limits.reserve([[limits.signUpsPerAddress, request.ip]], clock.now());
      if (!attempt.ok) throw tooManyRequests(tooManySignUps, attempt.retryAfterMs);
      // The answer says so anyway (409): no hash is spent on a taken address.
      if ((await findUserByEmail(db, body.email)) !== null) throw conflict(emailTaken);
      let passwordHash: string;
      try {
        passwordHash = await hashPassword(body.password);
      } catch (error) {
        attempt.reservation.release(); // refused as busy: nothing was hashed
        throw error;
      }
      let user: UserRecord;
      try {
        user = await createAccount(db, keyCache, {
          email: body.email,
          passwordHash,
          origin: 'password',
          now: clock.now(),
          emailVerified: false,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(emailTaken);
        throw error;
      }
      await sendVerificationLink(services, user);
      return { status: 201, body: await toApiUser(db, user, clock.now()) };
    },
  };
}
