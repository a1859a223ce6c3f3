import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { isRefusedWith } from '@/domain/call-failure';
import { refusalOr } from '@/domain/failure-message';
import { INVITE_EXPIRED, INVITE_NOT_FOUND } from '@/domain/invites';

export type InvitePreview = components['schemas']['InvitePreview'];
export type ProjectMembership = components['schemas']['ProjectMembership'];

export const INVITE_LOAD_FALLBACK = 'Failed to load this invite. Please try again.';
export const INVITE_ACCEPT_FALLBACK = 'Failed to accept this invite. Please try again.';

export interface InviteAcceptanceContext {
  /** The link's token, from its path. */
  token: string;
  /** What the invite offers, once read. */
  preview: InvitePreview | null;
  /** Why reading the invite failed, or why the server refused to join (its own message where it gave one). */
  error: string | null;
}

export type InviteAcceptanceEvent = { type: 'invite.retry' } | { type: 'invite.accept' };

/**
 * An invite link's page (/invite/{token}), signed in or out.
 *
 * - `loading` reads the invite (GET /invites/{token}, public). An unknown token (404), or one that
 *   cannot be a token (400), is `notFound`; an invite no longer open (expired, used, revoked) is
 *   `closed`; anything else is `failed`, which waits for `invite.retry`.
 * - `open` shows the invite; a signed-in user accepts it (`invite.accept`; the view offers the
 *   sign-in and sign-up links instead to a visitor). `accepting` sends it: done, `joined` runs with
 *   the project joined (the SPA acts in it and goes to the dashboard); refused because the invite
 *   closed meanwhile (410) or vanished (404), the page says so; refused otherwise (another e-mail
 *   address, 403), `open` again with the server's message.
 */
export const inviteAcceptanceMachine = setup({
  types: {
    context: {} as InviteAcceptanceContext,
    events: {} as InviteAcceptanceEvent,
    input: {} as { token: string },
  },
  actors: {
    getInvite: fromPromise<InvitePreview, { token: string }>(async () => {
      throw new Error('getInvite actor not provided');
    }),
    acceptInvite: fromPromise<ProjectMembership, { token: string }>(async () => {
      throw new Error('acceptInvite actor not provided');
    }),
  },
  actions: {
    /** The user joined this project: the SPA acts in it from now on. */
    joined: (_, _params: { project: ProjectMembership }) => {},
  },
  guards: {
    isOpen: (_, params: { preview: InvitePreview }) => params.preview.open,
    unknownLink: ({ event }) => 'error' in event && (isRefusedWith(event.error, 404) || isRefusedWith(event.error, 400)),
    closedMeanwhile: ({ event }) => 'error' in event && isRefusedWith(event.error, 410),
  },
}).createMachine({
  id: 'inviteAcceptance',
  context: ({ input }) => ({ token: input.token, preview: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'getInvite',
        src: 'getInvite',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'isOpen', params: ({ event }) => ({ preview: event.output }) },
            target: 'open',
            actions: assign({ preview: ({ event }) => event.output }),
          },
          { target: 'closed', actions: assign({ preview: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'unknownLink', target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => refusalOr(event.error, INVITE_LOAD_FALLBACK) }) },
        ],
      },
    },
    failed: {
      on: { 'invite.retry': { target: 'loading' } },
    },
    notFound: { type: 'final' },
    closed: { type: 'final' },
    open: {
      on: { 'invite.accept': { target: 'accepting' } },
    },
    accepting: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'joined', actions: { type: 'joined', params: ({ event }) => ({ project: event.output }) } },
        onError: [
          { guard: 'closedMeanwhile', target: 'closed' },
          { guard: 'unknownLink', target: 'notFound' },
          { target: 'open', actions: assign({ error: ({ event }) => refusalOr(event.error, INVITE_ACCEPT_FALLBACK) }) },
        ],
      },
    },
    joined: { type: 'final' },
  },
});

export type InviteAcceptanceSnapshot = SnapshotFrom<typeof inviteAcceptanceMachine>;

/** The invite read (shown while open, accepting and once joined); null before, and for a link that leads nowhere. */
export const selectPreview = (s: InviteAcceptanceSnapshot) => (s.matches('notFound') || s.matches('closed') ? null : s.context.preview);
export const selectIsLoading = (s: InviteAcceptanceSnapshot) => s.matches('loading');
/** Why the link leads to no invite to accept: unknown, or no longer open. */
export const selectLinkProblem = (s: InviteAcceptanceSnapshot): string | null => {
  if (s.matches('notFound')) return INVITE_NOT_FOUND;
  if (s.matches('closed')) return INVITE_EXPIRED;
  return null;
};
export const selectError = (s: InviteAcceptanceSnapshot) => s.context.error;
export const selectCanRetry = (s: InviteAcceptanceSnapshot) => s.can({ type: 'invite.retry' });
/** The invite is open: a signed-in user may accept it (accepting: the button shows busy). */
export const selectIsOpen = (s: InviteAcceptanceSnapshot) => s.matches('open') || s.matches('accepting');
export const selectIsAccepting = (s: InviteAcceptanceSnapshot) => s.matches('accepting');
export const selectHasJoined = (s: InviteAcceptanceSnapshot) => s.matches('joined');
