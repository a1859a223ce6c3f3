import { sendVerificationLink } from '@server/auth/email-verification';
import { tooManyVerificationMails, tooManyVerifyAttempts } from '@server/auth/login-limits';
import { tokenPattern, sha256 } from '@server/auth/tokens';
import { badRequest, conflict, tooManyRequests, unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { consumeEmailVerification } from '@server/repos/email-verifications';
import { findUserById } from '@server/repos/users';
import { signedIn, type Services } from '@server/handlers/services';

export const emailVerified = 'Your e-mail address is verified.';
export const invalidVerifyToken = 'Invalid or expired verification link. Sign in and ask for a new one.';
export const verificationSent = 'We have sent a new verification link to your e-mail address.';
export const alreadyVerified = 'This e-mail address is already verified.';

export function createEmailVerificationHandlers(services: Services): Pick<OperationHandlers, 'verifyEmail' | 'resendVerification'> {
  const { db, clock, limits } = services;
  return {
    /**
     * Public: the link may be opened in a browser that is not signed in. Wrong tokens are counted
     * per address; the right one is used and the address verified in one statement.
     */
    verifyEmail: async ({ body, request }) => {
      if (!tokenPattern.test(body.token)) throw badRequest(invalidVerifyToken);
      const attempt = await limits.reserve([[limits.verifySubmissionsPerAddress, request.ip]], clock.now());
      if (!attempt.ok) throw tooManyRequests(tooManyVerifyAttempts, attempt.retryAfterMs);
      const userId = await consumeEmailVerification(db, sha256(body.token), clock.now());
      if (userId === null) throw badRequest(invalidVerifyToken);
      attempt.reservation.release();
      return { status: 200, body: { message: emailVerified } };
    },

    /** A new link for the signed-in account, a few per 15 minutes (each is a mail our SMTP sends). */
    resendVerification: async (input) => {
      const user = await findUserById(db, signedIn(input).userId);
      if (user === null) throw unauthorized('the account no longer exists');
      if (user.emailVerifiedAt !== null) throw conflict(alreadyVerified);
      const attempt = await limits.reserve([[limits.verificationMailsPerAccount, String(user.id)]], clock.now());
      if (!attempt.ok) throw tooManyRequests(tooManyVerificationMails, attempt.retryAfterMs);
      await sendVerificationLink(services, user);
      return { status: 200, body: { message: verificationSent } };
    },
  };
}
