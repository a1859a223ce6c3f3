import type { EventFromLogic } from 'xstate';
import { actingProjectMachine, type ProjectMembership } from '@machines/acting-project';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type ActingProjectModelEvent =
  | EventFromLogic<typeof actingProjectMachine>
  | DoneEvent<'listProjects', readonly ProjectMembership[]>
  | ErrorEvent<'listProjects'>;

export const OWN: ProjectMembership = { id: 'prj_00000007', name: 'My Project', role: 'owner' };
export const JOINED: ProjectMembership = { id: 'prj_00000042', name: 'Payments', role: 'developer' };
/** A project picked at an earlier visit the user has since been removed from. */
export const REMOVED = 'prj_00000099';
export const LOAD_FAILURE = 'The projects are being moved. Try again in a minute.';

/**
 * The user's projects (their own and one joined; their own only), a refusal; picking the joined
 * one, their own, and one that is none of theirs; an invite accepted (the joined one).
 */
export const actingProjectFixtures: ActingProjectModelEvent[] = [
  { type: 'xstate.done.actor.listProjects', output: [OWN, JOINED] },
  { type: 'xstate.done.actor.listProjects', output: [OWN] },
  { type: 'xstate.error.actor.listProjects', error: new CallFailed({ kind: 'refused', status: 503, message: LOAD_FAILURE }) },
  { type: 'project.pick', projectId: JOINED.id },
  { type: 'project.pick', projectId: OWN.id },
  { type: 'project.pick', projectId: REMOVED },
  { type: 'project.joined', projectId: JOINED.id },
];

export const actingProjectFromOwn = createFlowModel(actingProjectMachine, { fixtures: actingProjectFixtures, input: { picked: null } });
export const actingProjectFromRemoved = createFlowModel(actingProjectMachine, {
  fixtures: actingProjectFixtures,
  input: { picked: REMOVED },
});
