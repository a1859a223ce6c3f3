import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { refusalOr } from '@/domain/failure-message';
import { PROJECT_NAME_SAVE_FALLBACK, isBlankProjectName, normalizeProjectName, projectNameProblem } from '@/domain/project-settings';

export interface ProjectNameContext {
  /** Which project is renamed: the save says it. */
  projectId: string;
  /** The name as last saved. */
  name: string;
  /** What the field holds while editing. */
  draft: string;
  /** Why the last save failed; null otherwise. */
  error: string | null;
}

export type ProjectNameEvent =
  | { type: 'name.edit' }
  | { type: 'name.change'; value: string }
  /** Enter or the Save button. */
  | { type: 'name.save' }
  /** Escape or the Cancel button. */
  | { type: 'name.cancel' };

/**
 * The project name, edited inline (SPEC.md §4 "Project name: read mode, edit mode, then save or
 * cancel"; "Settings (demo)": an empty name is ignored).
 *
 * - `reading`: the name is shown; entering it forgets any draft and error.
 * - `editing`: the field holds the draft. `name.save` with a blank draft is ignored: the machine
 *   stays here (the view says why and keeps Save disabled), so what was typed is not thrown away
 *   the way a silent cancel would. A draft equal to the name (once trimmed) just leaves: nothing to
 *   save. A draft the server would refuse (a control or invisible formatting character: the shared
 *   rule of src/domain/project-settings.ts) stays here with its message and calls nothing.
 *   `name.cancel` drops the draft.
 * - `saving`: the project's ID and the trimmed draft go to the `saveProjectName` actor (PATCH /project
 *   in the SPA); its answer is the stored name, which `nameSaved` hands on (the SPA puts it in the
 *   query cache, so the screen opens with it next time). A failure returns to `editing` with the
 *   message, the draft kept and the name as it was.
 */
export const projectNameMachine = setup({
  types: {
    context: {} as ProjectNameContext,
    events: {} as ProjectNameEvent,
    input: {} as { projectId: string; name: string },
  },
  actors: {
    saveProjectName: fromPromise<{ name: string }, { projectId: string; name: string }>(async () => {
      throw new Error('saveProjectName actor not provided');
    }),
  },
  actions: {
    forgetDraft: assign(({ context }) => ({ draft: context.name, error: null })),
    setDraft: assign((_, params: { value: string }) => ({ draft: params.value, error: null })),
    /** The server stored this name; the SPA keeps it where the screen reads it (a no-op here). */
    nameSaved: (_, _params: { name: string }) => {},
    showDraftProblem: assign({ error: ({ context }) => projectNameProblem(context.draft) }),
  },
  guards: {
    draftUnchanged: ({ context }) => normalizeProjectName(context.draft) === context.name,
    draftBlank: ({ context }) => isBlankProjectName(context.draft),
    draftRefused: ({ context }) => projectNameProblem(context.draft) !== null,
  },
}).createMachine({
  id: 'projectName',
  context: ({ input }) => ({ projectId: input.projectId, name: input.name, draft: input.name, error: null }),
  initial: 'reading',
  states: {
    reading: {
      entry: 'forgetDraft',
      on: { 'name.edit': { target: 'editing' } },
    },
    editing: {
      on: {
        'name.change': { actions: { type: 'setDraft', params: ({ event }) => event } },
        'name.save': [
          { guard: 'draftBlank' },
          { guard: 'draftUnchanged', target: 'reading' },
          { guard: 'draftRefused', actions: 'showDraftProblem' },
          { target: 'saving' },
        ],
        'name.cancel': { target: 'reading' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveProjectName',
        src: 'saveProjectName',
        input: ({ context }) => ({ projectId: context.projectId, name: normalizeProjectName(context.draft) }),
        // The stored name first, so that `reading` resets the draft from it.
        onDone: {
          target: 'reading',
          actions: [assign({ name: ({ event }) => event.output.name }), { type: 'nameSaved', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => refusalOr(event.error, PROJECT_NAME_SAVE_FALLBACK) }),
        },
      },
    },
  },
});

export type ProjectNameSnapshot = SnapshotFrom<typeof projectNameMachine>;

export const selectName = (s: ProjectNameSnapshot) => s.context.name;
export const selectDraft = (s: ProjectNameSnapshot) => s.context.draft;
export const selectError = (s: ProjectNameSnapshot) => s.context.error;
/** The field is shown (editing, or saving what was typed). */
export const selectIsEditing = (s: ProjectNameSnapshot) => !s.matches('reading');
export const selectIsSaving = (s: ProjectNameSnapshot) => s.hasTag('busy');
/** The draft is blank: Save is disabled and the field says why. */
export const selectDraftBlank = (s: ProjectNameSnapshot) => s.matches('editing') && isBlankProjectName(s.context.draft);
