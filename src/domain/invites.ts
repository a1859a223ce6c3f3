/**
 * Invitations to a project: how long one lasts, and how many a plan still allows. The allowance
 * is the plan's (src/domain/plan-catalog.ts memberInvites); it bounds the members besides the
 * owner and the invites still pending together, so an owner cannot mail more than the plan allows.
 */

import { toInvite } from './paths';

/** The SPA page an invite's link opens: '/invite/<token>'. */
export const invitePath = toInvite;

/** An invitation link works for a week. */
export const INVITE_LIFETIME_DAYS = 7;
export const INVITE_LIFETIME_MS = INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export interface InviteCount {
  /** The plan's allowance; null = unlimited. */
  readonly allowance: number | null;
  /** Members of the project other than the owner. */
  readonly members: number;
  /** Invites neither accepted, revoked nor expired. */
  readonly pending: number;
}

/** Invites left: the allowance less the members besides the owner and the pending invites, never below 0; null = unlimited. */
export function invitesLeft({ allowance, members, pending }: InviteCount): number | null {
  if (allowance === null) return null;
  return Math.max(0, allowance - members - pending);
}

export const NO_INVITES_LEFT = 'No invites left on this plan. Upgrade to invite more people, or revoke a pending invite.';
export const ALREADY_MEMBER = 'That e-mail address already belongs to a member of this project.';
export const ALREADY_INVITED = 'That e-mail address already has a pending invite to this project.';
export const INVITE_NOT_FOUND = 'This invite link is not valid. Ask the project owner for a new one.';
export const INVITE_EXPIRED = 'This invite has expired or was already used. Ask the project owner for a new one.';
export const INVITE_OTHER_EMAIL = 'This invite was sent to another e-mail address. Sign in with that address to accept it.';
export const INVITE_SENT_BY_YOU = 'You sent this invite: only the address it was sent to can accept it.';

/**
 * Whether the signed-in user's address is the one an invite was sent to (case aside): only that
 * user can accept it. An address not known yet counts as the invite's (the server decides).
 */
export function isInvitedAddress(userEmail: string | null, invited: string): boolean {
  return userEmail === null || sameAddress(userEmail, invited);
}

/**
 * Whether the signed-in user sent the invite (case aside): an owner opening their own link reads
 * it as theirs, with the way back to Project Users. Either address not known: not the sender.
 */
export function isInviter(userEmail: string | null, inviter: string | null): boolean {
  return userEmail !== null && inviter !== null && sameAddress(userEmail, inviter);
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
