import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  EMPTY_INVITE,
  MEMBERS_CHANGE_FALLBACK,
  type MembersChange,
  type ProjectMembers,
  projectMembersMachine,
} from '@machines/project-members';
import {
  selectChangeToConfirm,
  selectChangeUnderWay,
  selectInviteDraft,
  selectInvitesLeft,
  selectIsChanging,
  selectIsLoadingMembers,
  selectMembers,
  selectMembersError,
} from '@machines/project-members.selectors';
import { NO_INVITES_LEFT } from '@/domain/invites';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { LOAD_FAILURE, type ProjectMembersModelEvent, TEAM, projectMembersFlow } from './models/project-members.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function start() {
  const list = pendingCall<ProjectMembers, unknown>('listMembers');
  const change = pendingCall<void, MembersChange>('changeMembers');
  let left = 0;
  let projectsChanged = 0;
  const actor = createActor(
    projectMembersMachine.provide({
      actors: { listMembers: list.logic, changeMembers: change.logic },
      actions: {
        leftProject: () => {
          left += 1;
        },
        projectsChanged: () => {
          projectsChanged += 1;
        },
      },
    }),
  ).start();
  return { actor, list, change, left: () => left, projectsChanged: () => projectsChanged };
}

describeModel('project members machine', projectMembersMachine, [{ paths: projectMembersFlow.paths() }], async (path) => {
  const { actor, list, change, left, projectsChanged } = start();
  let transfersDone = 0;
  await projectMembersFlow.run(
    path,
    {
      'members.reload': (event) => actor.send(event),
      'members.change': (event) => {
        actor.send(event);
        const snapshot = actor.getSnapshot();
        // Sent at once, or held for the user's confirmation (nothing sent yet).
        if (snapshot.matches('confirming')) expect(selectChangeToConfirm(snapshot)).toEqual(event.change);
        else {
          expect(selectChangeUnderWay(snapshot)).toEqual(event.change);
          expect(change.inputs.at(-1)).toEqual(event.change);
        }
      },
      'members.confirm': (event) => {
        const asked = selectChangeToConfirm(actor.getSnapshot());
        actor.send(event);
        expect(selectChangeUnderWay(actor.getSnapshot())).toEqual(asked);
        expect(change.inputs.at(-1)).toEqual(asked);
      },
      'members.cancel': (event) => {
        const sent = change.inputs.length;
        actor.send(event);
        expect(change.inputs).toHaveLength(sent);
      },
      'members.error.dismiss': (event) => actor.send(event),
      'invite.email': (event) => actor.send(event),
      'invite.role': (event) => actor.send(event),
      'invite.send': (event) => {
        const draft = selectInviteDraft(actor.getSnapshot());
        actor.send(event);
        // The address as typed, trimmed, with the role picked.
        expect(change.inputs.at(-1)).toEqual({ kind: 'invite', email: draft.email.trim(), role: draft.role });
      },
      'xstate.done.actor.listMembers': async ({ output }) => {
        const moved = nextSnapshot(actor);
        list.resolve(output);
        await moved;
      },
      'xstate.error.actor.listMembers': async ({ error }) => {
        const moved = nextSnapshot(actor);
        list.reject(error);
        await moved;
        expect(selectMembersError(actor.getSnapshot())).toBe(LOAD_FAILURE);
      },
      'xstate.done.actor.changeMembers': async () => {
        const done = actor.getSnapshot().context.change;
        const moved = nextSnapshot(actor);
        change.resolve(undefined);
        await moved;
        if (done?.kind === 'transfer') transfersDone += 1;
        // A sent invite empties the form; anything else keeps what is typed.
        if (done?.kind === 'invite') expect(selectInviteDraft(actor.getSnapshot())).toEqual(EMPTY_INVITE);
      },
      'xstate.error.actor.changeMembers': async ({ error }) => {
        const moved = nextSnapshot(actor);
        change.reject(error);
        await moved;
        expect(selectMembersError(actor.getSnapshot())).toBe(NO_INVITES_LEFT);
      },
    } satisfies Executors<ProjectMembersModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // Only the leave that the server took ends the card; it says so once.
      expect(left()).toBe(snapshot.matches('left') ? 1 : 0);
      // A transfer the server took changes the user's role: their projects are read again, once each.
      expect(projectsChanged()).toBe(transfersDone);
      if (!snapshot.matches('changing')) expect(selectChangeUnderWay(snapshot)).toBeNull();
      if (!snapshot.matches('confirming')) expect(selectChangeToConfirm(snapshot)).toBeNull();
      expect(selectIsChanging(snapshot)).toBe(snapshot.matches('changing') || snapshot.matches('confirming'));
    },
  );
});

describe('project members selectors', () => {
  it('read the members and invites left once loaded; a refused change without a message says the fallback', async () => {
    const { actor, list, change } = start();
    expect(selectIsLoadingMembers(actor.getSnapshot())).toBe(true);
    expect(selectInvitesLeft(actor.getSnapshot())).toBe(0);
    const loaded = nextSnapshot(actor);
    list.resolve(TEAM);
    await loaded;
    expect(selectMembers(actor.getSnapshot())).toEqual(TEAM);
    expect(selectInvitesLeft(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'members.change', change: { kind: 'remove', userId: 2 } });
    actor.send({ type: 'members.confirm' });
    const refused = nextSnapshot(actor);
    change.reject(new Error('offline'));
    await refused;
    expect(selectMembersError(actor.getSnapshot())).toBe(MEMBERS_CHANGE_FALLBACK);
    // What was shown stays.
    expect(selectMembers(actor.getSnapshot())).toEqual(TEAM);
  });

  it('reads the members again after a change the server took', async () => {
    const { actor, list, change } = start();
    const loaded = nextSnapshot(actor);
    list.resolve(TEAM);
    await loaded;
    actor.send({ type: 'members.change', change: { kind: 'role', userId: 2, role: 'viewer' } });
    const reloading = nextSnapshot(actor);
    change.resolve(undefined);
    await reloading;
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(list.inputs).toHaveLength(2);
    expect(selectIsLoadingMembers(actor.getSnapshot())).toBe(false);
  });

  it('unlimited invites read as null', async () => {
    const { actor, list } = start();
    const loaded = nextSnapshot(actor);
    list.resolve({ ...TEAM, invitesLeft: null });
    await loaded;
    expect(selectInvitesLeft(actor.getSnapshot())).toBeNull();
  });
});

describe('project members invite form', () => {
  it('sends nothing for an empty or blank address', async () => {
    const { actor, list, change } = start();
    const loaded = nextSnapshot(actor);
    list.resolve(TEAM);
    await loaded;
    actor.send({ type: 'invite.send' });
    actor.send({ type: 'invite.email', email: '   ' });
    actor.send({ type: 'invite.send' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(change.inputs).toHaveLength(0);
  });

  it('keeps what was typed when the server refuses the invite', async () => {
    const { actor, list, change } = start();
    const loaded = nextSnapshot(actor);
    list.resolve(TEAM);
    await loaded;
    actor.send({ type: 'invite.email', email: 'dev@example.com' });
    actor.send({ type: 'invite.role', role: 'billing' });
    actor.send({ type: 'invite.send' });
    const refused = nextSnapshot(actor);
    change.reject(new Error('offline'));
    await refused;
    expect(selectInviteDraft(actor.getSnapshot())).toEqual({ email: 'dev@example.com', role: 'billing' });
  });
});
