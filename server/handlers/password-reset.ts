import { passwordRuleFailures } from '@/domain/password-rules';
import { tooManyResetAttempts, tooManyResetRequests } from '@server/auth/login-limits';
import { hashPassword } from '@server/auth/password-hash';
import { randomToken, sha256, tokenPattern } from '@server/auth/tokens';
import { badRequest, tooManyRequests } from '@server/http/errors';
import { resetPasswordMail } from '@server/mail/reset-password-mail';
import type { OperationHandlers } from '@server/openapi/handler-types';
import {
  consumePasswordReset,
  insertPasswordResetForEmail,
  invalidateUserResets,
  isPendingPasswordReset,
} from '@server/repos/password-resets';
import { markEmailVerified } from '@server/repos/email-verifications';
import { revokeUserSessions } from '@server/repos/sessions';
import { updatePasswordHash } from '@server/repos/users';
import type { Services } from '@server/handlers/services';
import { toResetPassword } from '@/domain/paths';

/** SPEC.md's success text of /forgot-password: the same answer whether the account exists or not. */
export const resetRequested = 'If an account with that email exists, we have sent password reset instructions to your email.';
export const passwordChanged = 'Your password has been reset. You can now log in with your new password.';
export const invalidResetToken = 'Invalid or expired reset token. Please request a new password reset link.';
export const resetTokenLifetimeMs = 60 * 60 * 1000;

export function createPasswordResetHandlers(services: Services): Pick<OperationHandlers, 'forgotPassword' | 'resetPassword'> {
  const { db, clock, config, mailer, limits, log } = services;
  return {
    forgotPassword: async ({ body, request }) => {
      const now = clock.now();
      const attempt = await limits.reserve(
        [
          [limits.resetMailsPerEmail, body.email.toLowerCase()],
          [limits.resetMailsPerAddress, request.ip],
        ],
        now,
      );
      if (!attempt.ok) throw tooManyRequests(tooManyResetRequests, attempt.retryAfterMs);

      // The same work whether the account exists or not: a token, one statement.
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + resetTokenLifetimeMs);
      const email = await insertPasswordResetForEmail(db, { email: body.email, tokenHash: sha256(token), now, expiresAt });
      if (email !== null) {
        const mail = resetPasswordMail(email, `${config.publicUrl}${toResetPassword(token)}`, config.productName);
        // Not awaited: an SMTP round trip would make existing accounts answer measurably slower.
        mailer.send(mail).catch((error: unknown) => log.error({ err: error }, 'could not send the password reset mail'));
      }
      return { status: 200, body: { message: resetRequested } };
    },

    /**
     * The token is looked up before the new password is hashed, so made-up tokens cost a lookup,
     * never a hash; wrong tokens are counted per address. Consuming it stays one atomic statement.
     */
    resetPassword: async ({ body, request }) => {
      const failures = passwordRuleFailures(body.password);
      if (failures.length > 0) throw badRequest(failures);
      if (!tokenPattern.test(body.token)) throw badRequest(invalidResetToken);
      const attempt = await limits.reserve([[limits.resetSubmissionsPerAddress, request.ip]], clock.now());
      if (!attempt.ok) throw tooManyRequests(tooManyResetAttempts, attempt.retryAfterMs);
      const tokenHash = sha256(body.token);
      if (!(await isPendingPasswordReset(db, tokenHash, clock.now()))) throw badRequest(invalidResetToken);

      let passwordHash: string;
      try {
        passwordHash = await hashPassword(body.password);
      } catch (error) {
        attempt.reservation.release(); // refused as busy: the token was right, nothing was guessed
        throw error;
      }
      const changed = await db.transaction(async (tx) => {
        const now = clock.now();
        const userId = await consumePasswordReset(tx, tokenHash, now);
        if (userId === null) return false;
        await updatePasswordHash(tx, userId, passwordHash);
        await invalidateUserResets(tx, userId, now);
        // Whoever knew the old password is signed out everywhere.
        await revokeUserSessions(tx, userId, now);
        // The link came by mail to the account's address: using it proves the inbox.
        await markEmailVerified(tx, userId, now);
        return true;
      });
      if (!changed) throw badRequest(invalidResetToken);
      attempt.reservation.release();
      return { status: 200, body: { message: passwordChanged } };
    },
  };
}
