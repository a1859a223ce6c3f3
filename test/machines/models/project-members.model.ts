import type { EventFromLogic } from 'xstate';
import { type ProjectMembers, projectMembersMachine } from '@machines/project-members';
import { CallFailed } from '@/domain/call-failure';
import { NO_INVITES_LEFT } from '@/domain/invites';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type ProjectMembersModelEvent =
  | EventFromLogic<typeof projectMembersMachine>
  | DoneEvent<'listMembers', ProjectMembers>
  | ErrorEvent<'listMembers'>
  | DoneEvent<'changeMembers', undefined>
  | ErrorEvent<'changeMembers'>;

export const TEAM: ProjectMembers = {
  members: [
    { userId: 1, email: 'owner@example.com', role: 'owner', joinedAt: '2026-11-01T10:00:00.000Z' },
    { userId: 2, email: 'dev@example.com', role: 'developer', joinedAt: '2026-11-02T10:00:00.000Z' },
  ],
  invites: [
    { id: 5, email: 'new@example.com', role: 'viewer', createdAt: '2026-11-03T10:00:00.000Z', expiresAt: '2026-11-10T10:00:00.000Z' },
  ],
  invitesLeft: 1,
};
export const LOAD_FAILURE = 'The members are being moved. Try again in a minute.';

/**
 * The members read, a refusal; a change sent at once (revoke), one confirmed first (leave, and a
 * transfer that reads the user's projects again); the invite form typed and sent; a change refused
 * with the server's message (no invites left).
 */
export const projectMembersFixtures: ProjectMembersModelEvent[] = [
  { type: 'xstate.done.actor.listMembers', output: TEAM },
  { type: 'xstate.error.actor.listMembers', error: new CallFailed({ kind: 'refused', status: 503, message: LOAD_FAILURE }) },
  { type: 'members.change', change: { kind: 'revoke', inviteId: 5 } },
  { type: 'members.change', change: { kind: 'transfer', userId: 2 } },
  { type: 'members.change', change: { kind: 'leave' } },
  { type: 'invite.email', email: ' ada@example.com ' },
  { type: 'invite.role', role: 'viewer' },
  { type: 'xstate.done.actor.changeMembers', output: undefined },
  { type: 'xstate.error.actor.changeMembers', error: new CallFailed({ kind: 'refused', status: 409, message: NO_INVITES_LEFT }) },
];

export const projectMembersFlow = createFlowModel(projectMembersMachine, { fixtures: projectMembersFixtures });
