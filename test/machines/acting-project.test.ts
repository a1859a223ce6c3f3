import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PICK_REFUSED, PROJECTS_LOAD_FALLBACK, type ProjectMembership, actingProjectMachine } from '@machines/acting-project';
import {
  selectActingKey,
  selectCanSwitch,
  selectCurrentProject,
  selectCurrentRole,
  selectProjectNotice,
  selectProjectsError,
} from '@machines/acting-project.selectors';
import { describeModel } from './describe-model';
import type { Executors, FlowPath } from './flow-model';
import {
  type ActingProjectModelEvent,
  JOINED,
  LOAD_FAILURE,
  OWN,
  REMOVED,
  actingProjectFromOwn,
  actingProjectFromRemoved,
} from './models/acting-project.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function start(picked: string | null) {
  const list = pendingCall<readonly ProjectMembership[], unknown>('listProjects');
  const stored: Array<string | null> = [];
  let cacheResets = 0;
  const actor = createActor(
    actingProjectMachine.provide({
      actors: { listProjects: list.logic },
      actions: {
        storePick: (_, { picked: pick }) => {
          stored.push(pick);
        },
        resetCache: () => {
          cacheResets += 1;
        },
      },
    }),
    { input: { picked } },
  ).start();
  return { actor, list, stored, resets: () => cacheResets };
}

const variants = [
  { name: 'in their own project', flow: actingProjectFromOwn, picked: null, paths: actingProjectFromOwn.paths() },
  { name: 'with a pick from an earlier visit', flow: actingProjectFromRemoved, picked: REMOVED, paths: actingProjectFromRemoved.paths() },
];

describeModel('acting project machine', actingProjectMachine, variants, async (path: FlowPath, variant) => {
  const { actor, list, stored, resets } = start(variant.picked);
  await variant.flow.run(
    path,
    {
      'project.pick': (event) => {
        const before = actor.getSnapshot();
        const resetsBefore = resets();
        actor.send(event);
        const after = actor.getSnapshot();
        // A switch stores the pick and forgets the previous project's data; anything else changes nothing.
        if (after.context.picked !== before.context.picked) {
          expect(stored.at(-1)).toBe(event.projectId);
          expect(resets()).toBe(resetsBefore + 1);
        } else expect(resets()).toBe(resetsBefore);
      },
      'project.refused': (event) => actor.send(event),
      'project.reload': (event) => actor.send(event),
      'project.left': (event) => {
        actor.send(event);
        // Back in their own project, stored so, without the notice of a pick the server refused.
        expect(actor.getSnapshot().context).toMatchObject({ picked: null, notice: null });
        expect(stored.at(-1)).toBeNull();
      },
      'project.joined': (event) => {
        const resetsBefore = resets();
        actor.send(event);
        // Acting in the project joined at once (the client sends it), while the projects are read again.
        expect(stored.at(-1)).toBe(event.projectId);
        expect(resets()).toBe(resetsBefore + 1);
        expect(actor.getSnapshot().matches('loading')).toBe(true);
      },
      'project.notice.dismiss': (event) => actor.send(event),
      'xstate.done.actor.listProjects': async ({ output }) => {
        const moved = nextSnapshot(actor);
        list.resolve(output);
        await moved;
      },
      'xstate.error.actor.listProjects': async ({ error }) => {
        const moved = nextSnapshot(actor);
        list.reject(error);
        await moved;
        expect(selectProjectsError(actor.getSnapshot())).toBe(LOAD_FAILURE);
      },
    } satisfies Executors<ActingProjectModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const { picked, projects } = snapshot.context;
      // Once loaded, the pick is always one of the user's projects (or none: their own).
      if (snapshot.matches('ready') && picked !== null) expect(projects.map((project) => project.id)).toContain(picked);
      // What the client sends is what the machine holds.
      if (stored.length > 0) expect(stored.at(-1)).toBe(picked);
    },
  );
});

describe('acting project selectors', () => {
  it('name the project acted on: the one picked, else the first (the user own), with its role', async () => {
    const { actor, list } = start(null);
    expect(selectCurrentProject(actor.getSnapshot())).toBeNull();
    expect(selectCurrentRole(actor.getSnapshot())).toBeNull();
    const loaded = nextSnapshot(actor);
    list.resolve([OWN, JOINED]);
    await loaded;
    expect(selectCurrentProject(actor.getSnapshot())).toEqual(OWN);
    expect(selectCanSwitch(actor.getSnapshot())).toBe(true);
    expect(selectActingKey(actor.getSnapshot())).toBe('own');
    actor.send({ type: 'project.pick', projectId: JOINED.id });
    expect(selectCurrentProject(actor.getSnapshot())).toEqual(JOINED);
    expect(selectCurrentRole(actor.getSnapshot())).toBe('developer');
    expect(selectActingKey(actor.getSnapshot())).toBe(JOINED.id);
  });

  it('hide the switcher for a single project', async () => {
    const { actor, list } = start(null);
    const loaded = nextSnapshot(actor);
    list.resolve([OWN]);
    await loaded;
    expect(selectCanSwitch(actor.getSnapshot())).toBe(false);
  });

  it('a pick the server refuses goes back to the user own project, with the notice, and reads the projects again', async () => {
    const { actor, list, stored } = start(JOINED.id);
    const loaded = nextSnapshot(actor);
    list.resolve([OWN, JOINED]);
    await loaded;
    actor.send({ type: 'project.refused' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(stored).toEqual([null]);
    expect(selectProjectNotice(actor.getSnapshot())).toBe(PICK_REFUSED);
    const reloaded = nextSnapshot(actor);
    list.resolve([OWN]);
    await reloaded;
    expect(selectCurrentProject(actor.getSnapshot())).toEqual(OWN);
    actor.send({ type: 'project.notice.dismiss' });
    expect(selectProjectNotice(actor.getSnapshot())).toBeNull();
  });

  it('an invite accepted acts in the project joined once the projects, now holding it, are read again', async () => {
    const { actor, list, stored } = start(null);
    const loaded = nextSnapshot(actor);
    list.resolve([OWN]);
    await loaded;
    actor.send({ type: 'project.joined', projectId: JOINED.id });
    expect(stored).toEqual([JOINED.id]);
    const reloaded = nextSnapshot(actor);
    list.resolve([OWN, JOINED]);
    await reloaded;
    expect(selectCurrentProject(actor.getSnapshot())).toEqual(JOINED);
    expect(selectCanSwitch(actor.getSnapshot())).toBe(true);
    expect(selectProjectNotice(actor.getSnapshot())).toBeNull();
  });

  it('a failure without the server message says the fallback', async () => {
    const { actor, list } = start(null);
    const failed = nextSnapshot(actor);
    list.reject(new Error('offline'));
    await failed;
    expect(selectProjectsError(actor.getSnapshot())).toBe(PROJECTS_LOAD_FALLBACK);
  });
});
