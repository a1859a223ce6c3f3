import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  MEMBERS_CHANGE_FALLBACK,
  type MembersChange,
  type ProjectMembers,
  projectMembersMachine,
  selectChangeUnderWay,
  selectInvitesLeft,
  selectIsLoadingMembers,
  selectMembers,
  selectMembersError,
} from '@machines/project-members';
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
  const actor = createActor(
    projectMembersMachine.provide({
      actors: { listMembers: list.logic, changeMembers: change.logic },
      actions: {
        leftProject: () => {
          left += 1;
        },
      },
    }),
  ).start();
  return { actor, list, change, left: () => left };
}

describeModel('project members machine', projectMembersMachine, [{ paths: projectMembersFlow.paths() }], async (path) => {
  const { actor, list, change, left } = start();
  await projectMembersFlow.run(
    path,
    {
      'members.reload': (event) => actor.send(event),
      'members.change': (event) => {
        actor.send(event);
        expect(selectChangeUnderWay(actor.getSnapshot())).toEqual(event.change);
        expect(change.inputs.at(-1)).toEqual(event.change);
      },
      'members.error.dismiss': (event) => actor.send(event),
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
        const moved = nextSnapshot(actor);
        change.resolve(undefined);
        await moved;
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
      if (!snapshot.matches('changing')) expect(selectChangeUnderWay(snapshot)).toBeNull();
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
