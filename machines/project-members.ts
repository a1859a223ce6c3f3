import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { refusalOr } from '@/domain/failure-message';
import type { InvitableRole } from '@/domain/roles';

export type ProjectMembers = components['schemas']['ProjectMembers'];

export const MEMBERS_LOAD_FALLBACK = 'Failed to load the project members. Please try again.';
export const MEMBERS_CHANGE_FALLBACK = 'Failed to change the project members. Please try again.';

/** One change to the acting project's members, as the card asks it of the server. */
export type MembersChange =
  | { kind: 'invite'; email: string; role: InvitableRole }
  | { kind: 'revoke'; inviteId: number }
  | { kind: 'role'; userId: number; role: InvitableRole }
  | { kind: 'remove'; userId: number }
  | { kind: 'leave' };

export interface ProjectMembersContext {
  /** The members, pending invites and invites left, as last read; null before the first answer. */
  members: ProjectMembers | null;
  /** The change under way (its buttons show busy), or null. */
  change: MembersChange | null;
  /** Why the last load or change failed (the server's own message where it gave one). */
  error: string | null;
}

export type ProjectMembersEvent =
  | { type: 'members.reload' }
  | { type: 'members.change'; change: MembersChange }
  | { type: 'members.error.dismiss' };

/**
 * The Project Users card of Settings: the acting project's members, pending invites and invites
 * left (GET /projects/current/members), and the changes an owner (or, leaving, any member) makes.
 *
 * - `loading` reads them; `failed` waits for `members.reload`.
 * - `ready` takes one change at a time (`members.change`): invite, revoke, change a role, remove,
 *   leave. `changing` sends it; done, the card reads the members again (what the server holds, the
 *   invites left included); refused, it stays on what it showed with the server's message (409: no
 *   invites left, already a member, already invited; 403: the role may not).
 * - Leaving done ends in `left`: the member is no longer in this project (`leftProject`: the SPA
 *   reads the user's projects again, which takes them back to their own).
 */
export const projectMembersMachine = setup({
  types: {
    context: {} as ProjectMembersContext,
    events: {} as ProjectMembersEvent,
  },
  actors: {
    listMembers: fromPromise<ProjectMembers>(async () => {
      throw new Error('listMembers actor not provided');
    }),
    changeMembers: fromPromise<void, MembersChange>(async () => {
      throw new Error('changeMembers actor not provided');
    }),
  },
  actions: {
    /** The member left the acting project (the SPA goes back to the user's own). */
    leftProject: () => {},
  },
  guards: {
    leaving: ({ context }) => context.change?.kind === 'leave',
  },
}).createMachine({
  id: 'projectMembers',
  context: { members: null, change: null, error: null },
  initial: 'loading',
  on: { 'members.error.dismiss': { actions: assign({ error: null }) } },
  states: {
    loading: {
      invoke: {
        id: 'listMembers',
        src: 'listMembers',
        onDone: { target: 'ready', actions: assign({ members: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => refusalOr(event.error, MEMBERS_LOAD_FALLBACK) }) },
      },
    },
    failed: {
      on: { 'members.reload': { target: 'loading' } },
    },
    ready: {
      on: {
        'members.reload': { target: 'loading' },
        'members.change': { target: 'changing', actions: assign({ change: ({ event }) => event.change, error: null }) },
      },
    },
    changing: {
      invoke: {
        id: 'changeMembers',
        src: 'changeMembers',
        input: ({ context }) => context.change ?? { kind: 'leave' },
        onDone: [
          { guard: 'leaving', target: 'left', actions: [assign({ change: null }), 'leftProject'] },
          { target: 'loading', actions: assign({ change: null }) },
        ],
        onError: {
          target: 'ready',
          actions: assign({ change: null, error: ({ event }) => refusalOr(event.error, MEMBERS_CHANGE_FALLBACK) }),
        },
      },
    },
    left: { type: 'final' },
  },
});

export type ProjectMembersSnapshot = SnapshotFrom<typeof projectMembersMachine>;

export const selectMembers = (s: ProjectMembersSnapshot) => s.context.members;
export const selectMembersError = (s: ProjectMembersSnapshot) => s.context.error;
export const selectIsLoadingMembers = (s: ProjectMembersSnapshot) => s.matches('loading') && s.context.members === null;
/** The change under way (null when none): its button shows busy, the others wait. */
export const selectChangeUnderWay = (s: ProjectMembersSnapshot) => (s.matches('changing') ? s.context.change : null);
/** Invites left on the plan: null unlimited, 0 none (the card offers the upgrade). */
export const selectInvitesLeft = (s: ProjectMembersSnapshot) => {
  const { members } = s.context;
  return members === null ? 0 : members.invitesLeft;
};
