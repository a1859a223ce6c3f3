import escapeHtml from 'escape-html';
import type { Mail } from '@server/mail/mailer';

/** The verification mail: fixed text and the link, nothing a user typed. */
export function verifyEmailMail(to: string, link: string, productName: string): Mail {
  const subject = `Confirm your ${productName} e-mail address`;
  const text = [
    `Someone signed up to ${productName} with this e-mail address.`,
    `If it was you, confirm the address here (the link works once, for 24 hours): ${link}`,
    'Until it is confirmed, we send no other mail to this address. If it was not you, ignore this mail.',
  ].join('\n\n');
  const html =
    `<p>Someone signed up to ${escapeHtml(productName)} with this e-mail address.</p>` +
    `<p>If it was you, <a href="${escapeHtml(link)}">confirm the address</a> (the link works once, for 24 hours).</p>` +
    `<p>Until it is confirmed, we send no other mail to this address. If it was not you, ignore this mail.</p>`;
  return { to, subject, text, html, link };
}
