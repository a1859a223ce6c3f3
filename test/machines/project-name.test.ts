import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { projectNameMachine, selectDraftBlank, selectError, selectIsEditing, selectIsSaving } from '@machines/project-name';
import { NAME_HIDDEN_CHARACTERS } from '@/domain/name-characters';
import { PROJECT_NAME_SAVE_FALLBACK } from '@/domain/project-settings';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import {
  INITIAL_NAME,
  PROJECT_ID,
  type ProjectNameModelEvent,
  SAVE_FAILURE,
  projectNameFlow,
  projectNamePaths,
} from './models/project-name.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startEditor(name = INITIAL_NAME) {
  const save = pendingCall<{ name: string }, { projectId: string; name: string }>('saveProjectName');
  const actor = createActor(projectNameMachine.provide({ actors: { saveProjectName: save.logic } }), {
    input: { projectId: PROJECT_ID, name },
  }).start();
  return { actor, save };
}

describeModel('project name machine', projectNameMachine, [{ paths: projectNamePaths }], async (path) => {
  const { actor, save } = startEditor();

  await projectNameFlow.run(
    path,
    {
      'name.edit': (event) => actor.send(event),
      'name.change': (event) => actor.send(event),
      'name.save': (event) => actor.send(event),
      'name.cancel': (event) => actor.send(event),
      'xstate.done.actor.saveProjectName': async ({ output }) => {
        const moved = nextSnapshot(actor);
        save.resolve(output);
        await moved;
      },
      'xstate.error.actor.saveProjectName': async ({ error }) => {
        const moved = nextSnapshot(actor);
        save.reject(error);
        await moved;
        expect(selectError(actor.getSnapshot())).toBe(SAVE_FAILURE);
      },
    } satisfies Executors<ProjectNameModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(selectIsEditing(snapshot)).toBe(!snapshot.matches('reading'));
      if (snapshot.matches('reading')) expect(snapshot.context).toMatchObject({ draft: snapshot.context.name, error: null });
      // What is saved is the draft without its spaces, never a blank name.
      if (snapshot.matches('saving')) expect(save.inputs.at(-1)).toEqual({ projectId: PROJECT_ID, name: snapshot.context.draft.trim() });
      expect(save.inputs.every(({ name }) => name !== '' && name === name.trim())).toBe(true);
    },
  );
});

describe('project name machine', () => {
  describe('rules the paths rely on', () => {
    it('ignores Save on a blank name: it stays in the field, saves nothing, and Save is unavailable', () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'name.edit' });
      actor.send({ type: 'name.change', value: ' \t ' });
      expect(selectDraftBlank(actor.getSnapshot())).toBe(true);
      expect(actor.getSnapshot().can({ type: 'name.save' })).toBe(false);
      actor.send({ type: 'name.save' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.draft).toBe(' \t ');
      expect(save.inputs).toEqual([]);
    });

    it('keeps the field with the message, and saves nothing, for a name holding an invisible character', () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'name.edit' });
      actor.send({ type: 'name.change', value: 'Invoices\u202Efdp.exe' });
      actor.send({ type: 'name.save' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(selectError(actor.getSnapshot())).toBe(NAME_HIDDEN_CHARACTERS);
      expect(save.inputs).toEqual([]);
      actor.send({ type: 'name.change', value: 'Invoices' });
      expect(selectError(actor.getSnapshot())).toBeNull();
    });

    it('leaves without saving when the name did not change, and cancel restores the name', () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'name.edit' });
      actor.send({ type: 'name.change', value: `${INITIAL_NAME}  ` });
      actor.send({ type: 'name.save' });
      expect(actor.getSnapshot().value).toBe('reading');
      actor.send({ type: 'name.edit' });
      actor.send({ type: 'name.change', value: 'Other' });
      actor.send({ type: 'name.cancel' });
      expect(actor.getSnapshot().context).toEqual({ projectId: PROJECT_ID, name: INITIAL_NAME, draft: INITIAL_NAME, error: null });
      expect(save.inputs).toEqual([]);
    });

    it('cannot be edited or cancelled while saving', () => {
      const { actor } = startEditor();
      actor.send({ type: 'name.edit' });
      actor.send({ type: 'name.change', value: 'Other' });
      actor.send({ type: 'name.save' });
      expect(selectIsSaving(actor.getSnapshot())).toBe(true);
      for (const event of [{ type: 'name.cancel' }, { type: 'name.change', value: 'x' }, { type: 'name.save' }] as const) {
        expect(actor.getSnapshot().can(event)).toBe(false);
      }
    });

    it('falls back to its own text when the save fails without a message, keeping the draft', async () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'name.edit' });
      actor.send({ type: 'name.change', value: 'Other' });
      actor.send({ type: 'name.save' });
      const moved = nextSnapshot(actor);
      save.reject(new Error('boom'));
      await moved;
      expect(actor.getSnapshot().context).toEqual({
        projectId: PROJECT_ID,
        name: INITIAL_NAME,
        draft: 'Other',
        error: PROJECT_NAME_SAVE_FALLBACK,
      });
      actor.send({ type: 'name.change', value: 'Other 2' });
      expect(selectError(actor.getSnapshot())).toBeNull();
    });
  });
});
