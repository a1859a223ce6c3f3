import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '@server/mail/mailer';

/**
 * Local mode without SMTP: mails are kept in memory (tests read them as app.outbox) and their
 * link is logged at info level so a person can follow it from the server log.
 */
export function createOutboxMailer(outbox: Mail[], log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    send: async (mail) => {
      outbox.push(mail);
      log.info(
        { to: mail.to, link: mail.link },
        `Development outbox: "${mail.subject}" to ${mail.to}${mail.link ? ` — open ${mail.link}` : ''}`,
      );
    },
  };
}
