import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { refusalOr } from '@/domain/failure-message';
import { asksConfirmation, type MembersChange } from '@/domain/member-actions';
import type { InvitableRole } from '@/domain/roles';

export type ProjectMembers = components['schemas']['ProjectMembers'];
export type { MembersChange } from '@/domain/member-actions';

export const MEMBERS_LOAD_FALLBACK = 'Failed to load the project members. Please try again.';
export const MEMBERS_CHANGE_FALLBACK = 'Failed to change the project members. Please try again.';

/** The invite form as typed: an address and the role it offers (Developer until picked). */
export interface InviteDraft {
  email: string;
  role: InvitableRole;
}

export const EMPTY_INVITE: InviteDraft = { email: '', role: 'developer' };

export interface ProjectMembersContext {
  /** The members, pending invites and invites left, as last read; null before the first answer. */
  members: ProjectMembers | null;
  /** The change asked for (confirming) or under way (changing); null otherwise. */
  change: MembersChange | null;
  /** The invite form; emptied once the server took the invite. */
  draft: InviteDraft;
  /** Why the last load or change failed (the server's own message where it gave one). */
  error: string | null;
}

export type ProjectMembersEvent =
  | { type: 'members.reload' }
  | { type: 'members.change'; change: MembersChange }
  | { type: 'members.confirm' }
  | { type: 'members.cancel' }
  | { type: 'members.error.dismiss' }
  | { type: 'invite.email'; email: string }
  | { type: 'invite.role'; role: InvitableRole }
  | { type: 'invite.send' };

/**
 * The Project Users card of Settings: the acting project's members, pending invites and invites
 * left (GET /projects/current/members), and the changes an owner (or, leaving, any member) makes.
 *
 * - `loading` reads them; `failed` waits for `members.reload`.
 * - `ready` takes one change at a time: `members.change` (revoke, change a role, transfer, remove,
 *   leave) or `invite.send` (the invite form's address and role; an empty address sends nothing).
 *   What cannot be undone by the owner alone (remove, transfer, leave) waits in `confirming` for
 *   `members.confirm` or `members.cancel`.
 * - `changing` sends it; done, the card reads the members again (what the server holds, the invites
 *   left included; a sent invite empties the form); refused, it stays on what it showed with the
 *   server's message (409: no invites left, already a member, already invited; 403: the role may not).
 * - A transfer done changes the user's role in the project (`projectsChanged`: the SPA reads the
 *   user's projects again). Leaving done ends in `left` (`leftProject`: the SPA goes back to the
 *   user's own project).
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
    /** The user's role in the acting project changed (the SPA reads their projects again). */
    projectsChanged: () => {},
  },
  guards: {
    changeIs: ({ context }, kind: MembersChange['kind']) => context.change?.kind === kind,
    asksConfirmation: ({ event }) => event.type === 'members.change' && asksConfirmation(event.change),
    draftFilled: ({ context }) => context.draft.email.trim() !== '',
  },
}).createMachine({
  id: 'projectMembers',
  context: { members: null, change: null, draft: EMPTY_INVITE, error: null },
  initial: 'loading',
  on: {
    'members.error.dismiss': { actions: assign({ error: null }) },
    'invite.email': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, email: event.email }) }) },
    'invite.role': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, role: event.role }) }) },
  },
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
        'members.change': [
          { guard: 'asksConfirmation', target: 'confirming', actions: assign({ change: ({ event }) => event.change, error: null }) },
          { target: 'changing', actions: assign({ change: ({ event }) => event.change, error: null }) },
        ],
        'invite.send': {
          guard: 'draftFilled',
          target: 'changing',
          actions: assign({
            change: ({ context }) => ({ kind: 'invite', email: context.draft.email.trim(), role: context.draft.role }),
            error: null,
          }),
        },
      },
    },
    confirming: {
      on: {
        'members.confirm': { target: 'changing' },
        'members.cancel': { target: 'ready', actions: assign({ change: null }) },
      },
    },
    changing: {
      invoke: {
        id: 'changeMembers',
        src: 'changeMembers',
        input: ({ context }) => context.change ?? { kind: 'leave' },
        onDone: [
          { guard: { type: 'changeIs', params: 'leave' }, target: 'left', actions: [assign({ change: null }), 'leftProject'] },
          {
            guard: { type: 'changeIs', params: 'transfer' },
            target: 'loading',
            actions: [assign({ change: null }), 'projectsChanged'],
          },
          { guard: { type: 'changeIs', params: 'invite' }, target: 'loading', actions: assign({ change: null, draft: EMPTY_INVITE }) },
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
