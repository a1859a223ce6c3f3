import escapeHtml from 'escape-html';
import type { Mail } from '@server/mail/mailer';

export function resetPasswordMail(to: string, link: string, productName: string): Mail {
  const subject = `Reset your ${productName} password`;
  const text = [
    'Someone asked to reset the password of your account.',
    `Set a new password here (the link works once, for 1 hour): ${link}`,
    'If it was not you, ignore this mail: your password stays as it is.',
  ].join('\n\n');
  const html =
    `<p>Someone asked to reset the password of your account.</p>` +
    `<p><a href="${escapeHtml(link)}">Set a new password</a> (the link works once, for 1 hour).</p>` +
    `<p>If it was not you, ignore this mail: your password stays as it is.</p>`;
  return { to, subject, text, html, link };
}
