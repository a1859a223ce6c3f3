import escapeHtml from 'escape-html';
import { ROLE_LABELS, type InvitableRole } from '@/domain/roles';
import { INVITE_LIFETIME_DAYS } from '@/domain/invites';
import type { Mail } from '@server/mail/mailer';

/** The invitation mail: fixed text, the role and the link; nothing a user typed (the project's name shows on the link's page). */
export function inviteMail(to: string, link: string, role: InvitableRole, productName: string): Mail {
  const subject = `You are invited to a project on ${productName}`;
  const roleLabel = ROLE_LABELS[role];
  const text = [
    `You are invited to join a project on ${productName} as ${roleLabel}.`,
    `Open this link to sign up or sign in with this e-mail address, then join (it works for ${INVITE_LIFETIME_DAYS} days): ${link}`,
    'If you did not expect this invitation, ignore this mail.',
  ].join('\n\n');
  const html =
    `<p>You are invited to join a project on ${escapeHtml(productName)} as ${escapeHtml(roleLabel)}.</p>` +
    `<p><a href="${escapeHtml(link)}">Open the invitation</a> to sign up or sign in with this e-mail address, then join (the link works for ${INVITE_LIFETIME_DAYS} days).</p>` +
    '<p>If you did not expect this invitation, ignore this mail.</p>';
  return { to, subject, text, html, link };
}
