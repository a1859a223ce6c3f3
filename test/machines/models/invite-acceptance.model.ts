import type { EventFromLogic } from 'xstate';
import { type InvitePreview, type ProjectMembership, inviteAcceptanceMachine } from '@machines/invite-acceptance';
import { CallFailed } from '@/domain/call-failure';
import { INVITE_EXPIRED, INVITE_NOT_FOUND, INVITE_OTHER_EMAIL } from '@/domain/invites';
import { type DoneEvent, type ErrorEvent, createFlowModel, fixtureError } from '../flow-model';

export type InviteAcceptanceModelEvent =
  | EventFromLogic<typeof inviteAcceptanceMachine>
  | DoneEvent<'getInvite', InvitePreview>
  | ErrorEvent<'getInvite'>
  | DoneEvent<'acceptInvite', ProjectMembership>
  | ErrorEvent<'acceptInvite'>;

export const INVITE_TOKEN = 'aB3_dE6-gH9iJ2kL5mN8oP1qR4sT7uV0wX3yZ6aB9cD';
export const OPEN_INVITE: InvitePreview = {
  projectName: 'Payments',
  role: 'developer',
  // The signed-in test user's address (test/views/app-harness.tsx): the page offers them Accept.
  email: 'ada.lovelace@example.com',
  inviterEmail: 'owner@example.com',
  expiresAt: '2026-12-05T10:00:00.000Z',
  open: true,
};
export const CLOSED_INVITE: InvitePreview = { ...OPEN_INVITE, open: false };
export const JOINED: ProjectMembership = { id: 'prj_00000042', name: 'Payments', role: 'developer' };
export const LOAD_REFUSAL = 'The invites are being moved. Try again in a minute.';

/**
 * The invite read open or closed; unknown (404), a path that cannot be a token (400), a refusal
 * with a message, the network. Accepting: joined; another address (403), closed meanwhile (410),
 * revoked and gone (404), the network.
 */
export const inviteAcceptanceFixtures: InviteAcceptanceModelEvent[] = [
  { type: 'xstate.done.actor.getInvite', output: OPEN_INVITE },
  { type: 'xstate.done.actor.getInvite', output: CLOSED_INVITE },
  { type: 'xstate.error.actor.getInvite', error: new CallFailed({ kind: 'refused', status: 404, message: INVITE_NOT_FOUND }) },
  {
    type: 'xstate.error.actor.getInvite',
    error: new CallFailed({ kind: 'refused', status: 400, message: 'params/token must match pattern' }),
  },
  { type: 'xstate.error.actor.getInvite', error: new CallFailed({ kind: 'refused', status: 503, message: LOAD_REFUSAL }) },
  { type: 'xstate.error.actor.getInvite', error: fixtureError('network down') },
  { type: 'xstate.done.actor.acceptInvite', output: JOINED },
  { type: 'xstate.error.actor.acceptInvite', error: new CallFailed({ kind: 'refused', status: 403, message: INVITE_OTHER_EMAIL }) },
  { type: 'xstate.error.actor.acceptInvite', error: new CallFailed({ kind: 'refused', status: 410, message: INVITE_EXPIRED }) },
  { type: 'xstate.error.actor.acceptInvite', error: new CallFailed({ kind: 'refused', status: 404, message: INVITE_NOT_FOUND }) },
  { type: 'xstate.error.actor.acceptInvite', error: fixtureError('network down') },
];

export const inviteAcceptanceFlow = createFlowModel(inviteAcceptanceMachine, {
  fixtures: inviteAcceptanceFixtures,
  input: { token: INVITE_TOKEN },
});
