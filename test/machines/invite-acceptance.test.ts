import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  INVITE_ACCEPT_FALLBACK,
  INVITE_LOAD_FALLBACK,
  type InvitePreview,
  type ProjectMembership,
  inviteAcceptanceMachine,
  selectCanRetry,
  selectError,
  selectHasJoined,
  selectIsAccepting,
  selectIsLoading,
  selectIsOpen,
  selectLinkProblem,
  selectPreview,
} from '@machines/invite-acceptance';
import { failureIn } from '@/domain/call-failure';
import { INVITE_EXPIRED, INVITE_NOT_FOUND } from '@/domain/invites';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { INVITE_TOKEN, type InviteAcceptanceModelEvent, JOINED, OPEN_INVITE, inviteAcceptanceFlow } from './models/invite-acceptance.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function start() {
  const getInvite = pendingCall<InvitePreview, { token: string }>('getInvite');
  const acceptInvite = pendingCall<ProjectMembership, { token: string }>('acceptInvite');
  const joined: ProjectMembership[] = [];
  const actor = createActor(
    inviteAcceptanceMachine.provide({
      actors: { getInvite: getInvite.logic, acceptInvite: acceptInvite.logic },
      actions: { joined: (_, { project }) => void joined.push(project) },
    }),
    { input: { token: INVITE_TOKEN } },
  ).start();
  return { actor, getInvite, acceptInvite, joined };
}

/** What a failure shows: the server's words when it gave some, else the fallback. */
const shown = (error: unknown, fallback: string) => {
  const failure = failureIn(error);
  return failure.kind === 'refused' && failure.message ? failure.message : fallback;
};

describeModel('invite acceptance machine', inviteAcceptanceMachine, [{ paths: inviteAcceptanceFlow.paths() }], async (path) => {
  const { actor, getInvite, acceptInvite, joined } = start();
  await inviteAcceptanceFlow.run(
    path,
    {
      'invite.retry': (event) => actor.send(event),
      'invite.accept': (event) => {
        actor.send(event);
        expect(acceptInvite.inputs.at(-1)).toEqual({ token: INVITE_TOKEN });
      },
      'xstate.done.actor.getInvite': async ({ output }) => {
        const moved = nextSnapshot(actor);
        getInvite.resolve(output);
        await moved;
      },
      'xstate.error.actor.getInvite': async ({ error }) => {
        const moved = nextSnapshot(actor);
        getInvite.reject(error);
        await moved;
        const snapshot = actor.getSnapshot();
        if (snapshot.matches('failed')) expect(selectError(snapshot)).toBe(shown(error, INVITE_LOAD_FALLBACK));
      },
      'xstate.done.actor.acceptInvite': async ({ output }) => {
        const moved = nextSnapshot(actor);
        acceptInvite.resolve(output);
        await moved;
        expect(joined.at(-1)).toEqual(output);
      },
      'xstate.error.actor.acceptInvite': async ({ error }) => {
        const moved = nextSnapshot(actor);
        acceptInvite.reject(error);
        await moved;
        const snapshot = actor.getSnapshot();
        if (snapshot.matches('open')) expect(selectError(snapshot)).toBe(shown(error, INVITE_ACCEPT_FALLBACK));
      },
    } satisfies Executors<InviteAcceptanceModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(getInvite.inputs.every((input) => input.token === INVITE_TOKEN)).toBe(true);
      expect(selectIsLoading(snapshot)).toBe(snapshot.matches('loading'));
      expect(selectCanRetry(snapshot)).toBe(snapshot.matches('failed'));
      expect(selectIsAccepting(snapshot)).toBe(snapshot.matches('accepting'));
      expect(selectIsOpen(snapshot)).toBe(snapshot.matches('open') || snapshot.matches('accepting'));
      // Only an invite the server took says the user joined, once.
      expect(joined.length).toBe(selectHasJoined(snapshot) ? 1 : 0);
      // A link that leads nowhere says why in the domain's words, and shows no invite to accept.
      const problem = snapshot.matches('notFound') ? INVITE_NOT_FOUND : snapshot.matches('closed') ? INVITE_EXPIRED : null;
      expect(selectLinkProblem(snapshot)).toBe(problem);
      if (problem !== null) expect(selectPreview(snapshot)).toBeNull();
      if (snapshot.matches('open') || snapshot.matches('accepting')) expect(selectPreview(snapshot)?.open).toBe(true);
      if (snapshot.matches('loading') || snapshot.matches('accepting')) expect(selectError(snapshot)).toBeNull();
    },
  );
});

describe('invite acceptance', () => {
  it('joins with the token of the link, once, and hands the project joined over', async () => {
    const { actor, getInvite, acceptInvite, joined } = start();
    const loaded = nextSnapshot(actor);
    getInvite.resolve(OPEN_INVITE);
    await loaded;
    expect(selectPreview(actor.getSnapshot())).toEqual(OPEN_INVITE);
    actor.send({ type: 'invite.accept' });
    // A second press while sending is ignored.
    actor.send({ type: 'invite.accept' });
    expect(acceptInvite.inputs).toEqual([{ token: INVITE_TOKEN }]);
    const done = nextSnapshot(actor);
    acceptInvite.resolve(JOINED);
    await done;
    expect(joined).toEqual([JOINED]);
    expect(selectPreview(actor.getSnapshot())).toEqual(OPEN_INVITE);
  });
});
