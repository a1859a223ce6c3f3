import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { refusalOr } from '@/domain/failure-message';

export type ProjectMembership = components['schemas']['ProjectMembership'];

export const PROJECTS_LOAD_FALLBACK = 'Failed to load your projects. Please try again.';
/** The project picked earlier is no longer one of the user's (removed, or left in another tab). */
export const PICK_REFUSED = 'You are no longer a member of the project you picked; you are back in your own project.';

export interface ActingProjectContext {
  /** The project picked (its ID, sent as X-Project); null: the user's own project (no header). */
  picked: string | null;
  /** The user's projects with their role in each (GET /projects), their own first. */
  projects: readonly ProjectMembership[];
  /** Why the project picked was dropped; null otherwise. */
  notice: string | null;
  /** Why the projects could not be loaded; null otherwise. */
  error: string | null;
}

export type ActingProjectEvent =
  /** The user picks a project in the switcher. */
  | { type: 'project.pick'; projectId: string }
  /** The server refused the project picked (403: not a member any more). */
  | { type: 'project.refused' }
  /** Read the user's projects again (a role changed: ownership transferred). */
  | { type: 'project.reload' }
  /** The user left the project acted on (Project Users card): back to their own, without a notice. */
  | { type: 'project.left' }
  /** The user just joined this project (an invite accepted): read the projects again, acting in it. */
  | { type: 'project.joined'; projectId: string }
  | { type: 'project.notice.dismiss' };

/**
 * The project the signed-in user acts on (the session spawns it while signed in).
 *
 * - `loading` reads the user's projects; a project picked earlier (the stored pick) that is not
 *   among them is dropped with a notice, and the user is back in their own project.
 * - `ready`: `project.pick` of another of their projects stores the pick (`storePick`: the client
 *   sends it from then on) and forgets the server data read for the previous one (`resetCache`).
 *   Picking the project acted on already changes nothing.
 * - `project.refused` (the server said the user is no longer a member of the project picked) drops
 *   the pick with the notice and reads the projects again; without a pick there is nothing to drop.
 * - `project.left` (the user left the project acted on) drops the pick without a notice and reads
 *   the projects again.
 * - `failed` keeps the pick (no verdict on it) and waits for `project.reload`.
 * - `project.joined` (an invite accepted, in any state) picks the project joined and reads the
 *   projects again, which now hold it; the list is checked as any pick is, so a project that is
 *   not among them after all is dropped with the notice.
 */
export const actingProjectMachine = setup({
  types: {
    context: {} as ActingProjectContext,
    events: {} as ActingProjectEvent,
    input: {} as { picked: string | null },
  },
  actors: {
    listProjects: fromPromise<readonly ProjectMembership[]>(async () => {
      throw new Error('listProjects actor not provided');
    }),
  },
  actions: {
    /** Stores the pick where the API client reads it and for the next visit (null: forgets it). */
    storePick: (_, _params: { picked: string | null }) => {},
    /** Forgets the server data read for the project acted on before. */
    resetCache: () => {},
    dismissNotice: assign({ notice: null }),
  },
  guards: {
    pickGone: ({ context }, params: { projects: readonly ProjectMembership[] }) =>
      context.picked !== null && !params.projects.some((project) => project.id === context.picked),
    isOtherProject: ({ context, event }) =>
      event.type === 'project.pick' &&
      context.projects.some((project) => project.id === event.projectId) &&
      event.projectId !== (context.picked ?? context.projects[0]?.id),
    hasPick: ({ context }) => context.picked !== null,
  },
}).createMachine({
  id: 'actingProject',
  context: ({ input }) => ({ picked: input.picked, projects: [], notice: null, error: null }),
  initial: 'loading',
  on: {
    'project.refused': {
      guard: 'hasPick',
      target: '.loading',
      actions: [assign({ picked: null, notice: PICK_REFUSED }), { type: 'storePick', params: { picked: null } }, 'resetCache'],
    },
    'project.left': {
      target: '.loading',
      actions: [assign({ picked: null, notice: null }), { type: 'storePick', params: { picked: null } }, 'resetCache'],
    },
    'project.joined': {
      target: '.loading',
      actions: [
        assign({ picked: ({ event }) => event.projectId, notice: null }),
        { type: 'storePick', params: ({ event }) => ({ picked: event.projectId }) },
        'resetCache',
      ],
    },
    'project.notice.dismiss': { actions: 'dismissNotice' },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'listProjects',
        src: 'listProjects',
        onDone: [
          {
            guard: { type: 'pickGone', params: ({ event }) => ({ projects: event.output }) },
            target: 'ready',
            actions: [
              assign({ projects: ({ event }) => event.output, picked: null, notice: PICK_REFUSED }),
              { type: 'storePick', params: { picked: null } },
              'resetCache',
            ],
          },
          { target: 'ready', actions: assign({ projects: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => refusalOr(event.error, PROJECTS_LOAD_FALLBACK) }) },
      },
    },
    ready: {
      on: {
        'project.pick': {
          guard: 'isOtherProject',
          actions: [
            assign({ picked: ({ event }) => event.projectId, notice: null }),
            { type: 'storePick', params: ({ event }) => ({ picked: event.projectId }) },
            'resetCache',
          ],
        },
        'project.reload': { target: 'loading' },
      },
    },
    failed: {
      on: { 'project.reload': { target: 'loading' } },
    },
  },
});

export type ActingProjectSnapshot = SnapshotFrom<typeof actingProjectMachine>;
