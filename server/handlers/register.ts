import { passwordRuleFailures } from '@/domain/password-rules';
import { createAccount, toApiUser } from '@server/auth/accounts';
import { hashPassword } from '@server/auth/password-hash';
import { isUniqueViolation } from '@server/db/db';
import { badRequest, conflict } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import type { Services } from '@server/handlers/services';

export const emailTaken = 'An account with this email already exists.';

/**
 * Sign-up: the password rules of SPEC.md section 5 are enforced here too (400 listing the broken
 * ones). firstname, lastname and company are accepted and not stored: the SPA sends fixed placeholders.
 */
export function createRegisterHandlers({ db, clock }: Services): Pick<OperationHandlers, 'register'> {
  return {
    register: async ({ body }) => {
      const failures = passwordRuleFailures(body.password);
      if (failures.length > 0) throw badRequest(failures);
      const passwordHash = await hashPassword(body.password);
      try {
        const user = await createAccount(db, { email: body.email, passwordHash, now: clock.now() });
        return { status: 201, body: await toApiUser(db, user, clock.now()) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(emailTaken);
        throw error;
      }
    },
  };
}
