import type { EventFromLogic } from 'xstate';
import { projectNameMachine } from '@machines/project-name';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type ProjectNameModelEvent =
  | EventFromLogic<typeof projectNameMachine>
  | DoneEvent<'saveProjectName', { name: string }>
  | ErrorEvent<'saveProjectName'>;

export const PROJECT_ID = 'prj_00000007';
export const INITIAL_NAME = 'My Project';
export const NEW_NAME = 'Payments API';
export const SAVE_FAILURE = 'Project names are read-only during maintenance.';
/** A name holding a zero width space: refused before any call. */
export const HIDDEN_CHARACTER_NAME = 'Pay\u200Bments';

/**
 * A new name typed with spaces around it (saved trimmed), a blank one (ignored), one holding an
 * invisible character (refused with its message) and the same name
 * with spaces (nothing to save); the store's answer, and a refusal with the server's message.
 */
export const projectNameFixtures: ProjectNameModelEvent[] = [
  { type: 'name.change', value: `  ${NEW_NAME} ` },
  { type: 'name.change', value: '   ' },
  { type: 'name.change', value: HIDDEN_CHARACTER_NAME },
  { type: 'name.change', value: ` ${INITIAL_NAME}` },
  { type: 'xstate.done.actor.saveProjectName', output: { name: NEW_NAME } },
  { type: 'xstate.error.actor.saveProjectName', error: new CallFailed({ kind: 'refused', status: 409, message: SAVE_FAILURE }) },
];

export const projectNameFlow = createFlowModel(projectNameMachine, {
  fixtures: projectNameFixtures,
  input: { projectId: PROJECT_ID, name: INITIAL_NAME },
});
export const projectNamePaths = projectNameFlow.paths();
