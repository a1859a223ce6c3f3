import { createAccount, linkProvedAddress, startSession } from '@server/auth/accounts';
import { isUniqueViolation } from '@server/db/db';
import { GoogleSignInError } from '@server/google/index';
import { authCookieOptions, authCookiePath, pendingCookie, sessionCookie } from '@server/http/cookies';
import { HttpError } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { findUserByEmail, type UserRecord } from '@server/repos/users';
import type { Services } from '@server/handlers/services';
import { paths } from '@/domain/paths';

export const googleNotConfigured = 'Sign-in with Google is not configured on this server.';
const googleFailed = 'Sign-in with Google failed. Please try again.';
export const passwordAccount = 'This e-mail belongs to an account that signs in with a password. Sign in with your password.';
export const notStandInAccount =
  'This e-mail belongs to an account the development sign-in did not create. Sign in the way the account was created.';

export function createGoogleHandlers(services: Services): Pick<OperationHandlers, 'googleStart' | 'googleCallback'> {
  const { config, db, clock, google, log, keyCache } = services;
  const cookieOptions = authCookieOptions(config);
  const backToSpa = (error?: string) => ({
    status: 302 as const,
    location: `${config.publicUrl}${paths.authCallback}${error === undefined ? '' : `?error=${encodeURIComponent(error)}`}`,
  });

  /** A message safe to show: GoogleSignInError's own, never an internal one (that goes to the log). */
  const failureMessage = (error: unknown): string => {
    const known = error instanceof GoogleSignInError;
    log[known ? 'warn' : 'error']({ err: error }, 'Google sign-in failed');
    return known ? error.message : googleFailed;
  };

  /** Accounts the local stand-in may sign in to: those it created, which no password protects. */
  const standInMayUse = (user: UserRecord): boolean => user.origin === 'local-sign-in' && user.passwordHash === null;

  /**
   * The account of a verified e-mail; a first sign-in creates it, like register does. Real Google
   * proves the address, so it links to any account of that e-mail. The local stand-in proves
   * nothing (any typed address counts as verified): it refuses every account it did not create.
   */
  const accountFor = async (email: string): Promise<UserRecord> => {
    const local = google.kind === 'local';
    const allowed = (user: UserRecord): UserRecord => {
      if (!local || standInMayUse(user)) return user;
      throw new GoogleSignInError(user.passwordHash === null ? notStandInAccount : passwordAccount);
    };
    const existing = await findUserByEmail(db, email);
    if (existing !== null) return allowed(existing);
    try {
      return await createAccount(db, keyCache, {
        email,
        passwordHash: null,
        origin: local ? 'local-sign-in' : 'google',
        now: clock.now(),
        emailVerified: true,
      });
    } catch (error) {
      // Two callbacks for the same new address at once: the other one created it.
      const created = isUniqueViolation(error) ? await findUserByEmail(db, email) : null;
      if (created === null) throw error;
      return allowed(created);
    }
  };

  return {
    googleStart: async ({ reply }) => {
      if (google.kind === 'off') throw new HttpError(503, googleNotConfigured);
      try {
        const { url, pending } = await google.begin();
        reply.setCookie(pendingCookie, pending, cookieOptions);
        return { status: 302, location: url };
      } catch (error) {
        // The browser navigated here: send it back to the SPA, which shows the reason.
        return backToSpa(failureMessage(error));
      }
    },

    googleCallback: async ({ request, reply }) => {
      const pending = request.cookies[pendingCookie] ?? '';
      reply.clearCookie(pendingCookie, { path: authCookiePath });
      if (google.kind === 'off') return backToSpa(googleNotConfigured);
      let email: string;
      try {
        ({ email } = await google.finish(new URL(request.url, config.publicUrl), pending));
      } catch (error) {
        return backToSpa(failureMessage(error));
      }
      let user: UserRecord;
      try {
        user = await accountFor(email);
      } catch (error) {
        if (error instanceof GoogleSignInError) return backToSpa(failureMessage(error));
        throw error;
      }
      // Google said the address is verified (the client refuses it otherwise); the stand-in says so of any
      // address, but signs in only to accounts it created, which have no password.
      await linkProvedAddress(db, user.id, clock.now());
      reply.setCookie(sessionCookie, await startSession(db, user.id, config, clock), cookieOptions);
      return backToSpa();
    },
  };
}
