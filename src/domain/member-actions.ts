import type { InvitableRole, Role } from './roles';

/**
 * What a member of a project may do to another on the Project Users card, and how the card asks
 * before what cannot be undone alone. The server decides (src/domain/roles.ts, server/handlers/
 * members.ts); the card offers only what it would take.
 */

/** One change to the acting project's members, as the card asks it of the server. */
export type MembersChange =
  | { kind: 'invite'; email: string; role: InvitableRole }
  | { kind: 'revoke'; inviteId: number }
  | { kind: 'role'; userId: number; role: InvitableRole }
  | { kind: 'transfer'; userId: number }
  | { kind: 'remove'; userId: number }
  | { kind: 'leave' };

/** The changes the card confirms first: removing someone, giving the project away, leaving it. */
export function asksConfirmation(change: MembersChange): boolean {
  return change.kind === 'remove' || change.kind === 'transfer' || change.kind === 'leave';
}

export interface MemberActions {
  /** Give another role (the owner, to anyone but themselves). */
  readonly changeRole: boolean;
  /** Make them the owner (the owner, to another member). */
  readonly transfer: boolean;
  /** Take them out of the project (the owner, of another member). */
  readonly remove: boolean;
  /** Leave the project (any member but the owner, on their own row). */
  readonly leave: boolean;
}

const NONE: MemberActions = { changeRole: false, transfer: false, remove: false, leave: false };

/** What the user (their role in the project and their ID) may do on a member's row. */
export function memberActions(acting: { role: Role | null; userId: number | null }, member: { userId: number; role: Role }): MemberActions {
  const self = acting.userId !== null && acting.userId === member.userId;
  if (self) return { ...NONE, leave: member.role !== 'owner' };
  if (acting.role === 'owner' && member.role !== 'owner') return { changeRole: true, transfer: true, remove: true, leave: false };
  return NONE;
}

/** Only the owner invites and revokes invites. */
export const managesInvites = (role: Role | null): boolean => role === 'owner';

export interface Confirmation {
  readonly title: string;
  readonly text: string;
  /** The confirming button's label. */
  readonly action: string;
}

/** What the card asks before a change that `asksConfirmation`; `email` names the member concerned. */
export function confirmationFor(change: MembersChange, email: string): Confirmation | null {
  switch (change.kind) {
    case 'remove':
      return {
        title: 'Remove member',
        text: `${email} loses access to this project at once. API keys they copied keep working until you roll them.`,
        action: 'Remove',
      };
    case 'transfer':
      return {
        title: 'Transfer ownership',
        text: `${email} becomes the owner of this project. You stay in it as a Developer: members, billing and ownership are theirs.`,
        action: 'Transfer ownership',
      };
    case 'leave':
      return {
        title: 'Leave project',
        text: 'You lose access to this project at once. Only its owner can invite you back.',
        action: 'Leave project',
      };
    default:
      return null;
  }
}
