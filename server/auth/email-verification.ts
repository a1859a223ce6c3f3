import type { FastifyBaseLogger } from 'fastify';
import { paths } from '@/domain/paths';
import type { Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Queryable } from '@server/db/db';
import { randomToken, sha256 } from '@server/auth/tokens';
import type { Mailer } from '@server/mail/mailer';
import { verifyEmailMail } from '@server/mail/verify-email-mail';
import { insertEmailVerification } from '@server/repos/email-verifications';

/** A day: long enough for a mail that arrives late or is read the next morning, short enough that an old inbox's link is dead. */
export const verificationLinkLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * Stores a new single-use link for the user and mails it (the SPA's /verify-email screen posts its
 * token). The mail is not awaited: an SMTP round trip must not hold a sign-up; a failure is logged
 * (the user can ask for another link).
 */
export async function sendVerificationLink(
  {
    db,
    clock,
    config,
    mailer,
    log,
  }: { db: Queryable; clock: Clock; config: Pick<Config, 'publicUrl' | 'productName'>; mailer: Mailer; log: FastifyBaseLogger },
  user: { id: number; email: string },
): Promise<void> {
  const token = randomToken();
  const now = clock.now();
  await insertEmailVerification(db, {
    userId: user.id,
    tokenHash: sha256(token),
    now,
    expiresAt: new Date(now.getTime() + verificationLinkLifetimeMs),
  });
  const link = `${config.publicUrl}${paths.verifyEmail}?token=${encodeURIComponent(token)}`;
  mailer.send(verifyEmailMail(user.email, link, config.productName)).catch((error: unknown) => {
    log.error({ err: error }, 'could not send the e-mail verification mail');
  });
}
