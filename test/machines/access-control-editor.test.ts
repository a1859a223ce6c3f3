import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { accessControlEditorMachine, selectIsFull, selectIsOpen, selectSaveError, selectSavedKind } from '@machines/access-control-editor';
import type { AccessSettings } from '@/domain/access-control';
import { ACCESS_SAVE_FALLBACK } from '@/domain/failure-message';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import {
  type AccessControlEditorModelEvent,
  FRESH_LISTS,
  STORED_LISTS,
  SAVE_FAILURE,
  accessControlEditorFlow,
  accessControlEditorPaths,
} from './models/access-control-editor.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startEditor(lists: AccessSettings = STORED_LISTS) {
  const save = pendingCall<AccessSettings, AccessSettings>('saveAccessControl');
  const saved: AccessSettings[] = [];
  const actor = createActor(
    accessControlEditorMachine.provide({
      actors: { saveAccessControl: save.logic },
      actions: { listsSaved: (_, { lists: stored }) => void saved.push(stored) },
    }),
    { input: { lists } },
  ).start();
  return { actor, save, saved };
}

describeModel('access-control editor machine', accessControlEditorMachine, [{ paths: accessControlEditorPaths }], async (path) => {
  const { actor, save, saved } = startEditor();

  await accessControlEditorFlow.run(
    path,
    {
      'rule.open': (event) => actor.send(event),
      'rule.draft': (event) => actor.send(event),
      'rule.add': (event) => actor.send(event),
      'rule.remove': (event) => actor.send(event),
      'rule.originless.set': (event) => actor.send(event),
      'rule.cancel': (event) => actor.send(event),
      'rule.save': (event) => actor.send(event),
      'lists.sync': (event) => actor.send(event),
      'xstate.done.actor.saveAccessControl': async ({ output }) => {
        const moved = nextSnapshot(actor);
        save.resolve(output);
        await moved;
        expect(saved.at(-1)).toEqual(output);
      },
      'xstate.error.actor.saveAccessControl': async ({ error }) => {
        const moved = nextSnapshot(actor);
        save.reject(error);
        await moved;
        expect(selectSaveError(actor.getSnapshot())).toBe(SAVE_FAILURE);
      },
    } satisfies Executors<AccessControlEditorModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(selectIsOpen(snapshot)).toBe(snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('failed'));
      expect(selectSavedKind(snapshot)).toBe(snapshot.matches('saved') ? snapshot.context.kind : null);
      if (snapshot.matches('saving')) {
        // All three lists go to the server, with only the edited rule changed.
        const { kind, values, lists, allowNoOrigin } = snapshot.context;
        expect(save.inputs.at(-1)).toEqual({
          ...lists,
          [kind]: values,
          allowNoOrigin: kind === 'domains' ? allowNoOrigin : lists.allowNoOrigin,
        });
      }
      if (!selectIsOpen(snapshot)) expect(snapshot.context.values).toEqual([]);
    },
  );
});

describe('access-control editor machine', () => {
  describe('rules the paths rely on', () => {
    it('stores what was added in canonical form and refuses duplicates with the SPEC.md message', () => {
      const { actor } = startEditor();
      actor.send({ type: 'rule.open', kind: 'domains' });
      actor.send({ type: 'rule.draft', value: '  Example.COM ' });
      actor.send({ type: 'rule.add' });
      expect(actor.getSnapshot().context.values).toEqual(['app.example.com', 'example.com']);
      actor.send({ type: 'rule.draft', value: 'EXAMPLE.com' });
      actor.send({ type: 'rule.add' });
      expect(actor.getSnapshot().context.error).toBe('This value already exists');
      actor.send({ type: 'rule.draft', value: 'EXAMPLE.co' });
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it('adds a value still typed when Save is pressed, and saves nothing when it is refused', () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'rule.open', kind: 'cidrs' });
      actor.send({ type: 'rule.draft', value: '1.2.3.4/33' });
      actor.send({ type: 'rule.save' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.error).toBe('Please enter a valid CIDR notation');
      expect(save.inputs).toEqual([]);
      actor.send({ type: 'rule.draft', value: '192.168.0.0/16' });
      actor.send({ type: 'rule.save' });
      expect(save.inputs).toEqual([
        { domains: ['app.example.com'], ips: [], cidrs: ['10.0.0.0/8', '192.168.0.0/16'], allowNoOrigin: false },
      ]);
    });

    it('saves the choice for calls without an Origin with Allowed Domains only, keeping the stored one for the other rules', () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'rule.open', kind: 'ips' });
      expect(actor.getSnapshot().can({ type: 'rule.originless.set', allow: true })).toBe(false);
      actor.send({ type: 'rule.cancel' });
      actor.send({ type: 'rule.open', kind: 'domains' });
      actor.send({ type: 'rule.originless.set', allow: true });
      actor.send({ type: 'rule.save' });
      expect(save.inputs).toEqual([{ ...STORED_LISTS, allowNoOrigin: true }]);
    });

    it('cannot be closed or edited while saving', () => {
      const { actor } = startEditor();
      actor.send({ type: 'rule.open', kind: 'domains' });
      actor.send({ type: 'rule.save' });
      for (const event of [{ type: 'rule.cancel' }, { type: 'rule.add' }, { type: 'rule.draft', value: 'x' }] as const) {
        expect(actor.getSnapshot().can(event)).toBe(false);
      }
    });

    it('falls back to its own text when the save fails without a message', async () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'rule.open', kind: 'ips' });
      actor.send({ type: 'rule.save' });
      const moved = nextSnapshot(actor);
      save.reject(undefined);
      await moved;
      expect(selectSaveError(actor.getSnapshot())).toBe(ACCESS_SAVE_FALLBACK);
    });

    it('saves over the lists read last, not those the screen opened with', () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'lists.sync', lists: FRESH_LISTS });
      actor.send({ type: 'rule.open', kind: 'domains' });
      actor.send({ type: 'rule.draft', value: 'example.com' });
      actor.send({ type: 'rule.save' });
      expect(save.inputs).toEqual([{ domains: ['app.example.com', 'example.com'], ips: ['203.0.113.7'], cidrs: [], allowNoOrigin: false }]);
    });

    it('keeps the open rule and its draft when the lists are read again, and the other rules fresh', () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'rule.open', kind: 'cidrs' });
      actor.send({ type: 'rule.draft', value: '192.168.0.0/16' });
      actor.send({ type: 'lists.sync', lists: FRESH_LISTS });
      expect(actor.getSnapshot().context).toMatchObject({ values: ['10.0.0.0/8'], draft: '192.168.0.0/16', lists: FRESH_LISTS });
      actor.send({ type: 'rule.save' });
      expect(save.inputs).toEqual([
        { domains: ['app.example.com'], ips: ['203.0.113.7'], cidrs: ['10.0.0.0/8', '192.168.0.0/16'], allowNoOrigin: false },
      ]);
    });

    it('ignores a read that arrives while saving: the answer to the save is newer', () => {
      const { actor } = startEditor();
      actor.send({ type: 'rule.open', kind: 'ips' });
      actor.send({ type: 'rule.save' });
      expect(actor.getSnapshot().can({ type: 'lists.sync', lists: FRESH_LISTS })).toBe(false);
    });

    it('refuses a value once the rule holds 100, with its own message', () => {
      const full = Array.from({ length: 100 }, (_, i) => `10.0.0.${i}`);
      const { actor } = startEditor({ domains: [], ips: full, cidrs: [], allowNoOrigin: false });
      actor.send({ type: 'rule.open', kind: 'ips' });
      expect(selectIsFull(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'rule.draft', value: '192.168.0.1' });
      actor.send({ type: 'rule.add' });
      expect(actor.getSnapshot().context.error).toBe('You can only add up to 100 values');
      actor.send({ type: 'rule.remove', value: '10.0.0.0' });
      expect(selectIsFull(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'rule.add' });
      expect(actor.getSnapshot().context.values.at(-1)).toBe('192.168.0.1');
    });

    it('reopens a rule with the lists the server answered', async () => {
      const { actor, save } = startEditor();
      actor.send({ type: 'rule.open', kind: 'domains' });
      actor.send({ type: 'rule.remove', value: 'app.example.com' });
      actor.send({ type: 'rule.save' });
      const moved = nextSnapshot(actor);
      save.resolve({ domains: [], ips: [], cidrs: ['10.0.0.0/8'], allowNoOrigin: false });
      await moved;
      actor.send({ type: 'rule.open', kind: 'cidrs' });
      expect(actor.getSnapshot().context.values).toEqual(['10.0.0.0/8']);
      actor.send({ type: 'rule.cancel' });
      actor.send({ type: 'rule.open', kind: 'domains' });
      expect(actor.getSnapshot().context.values).toEqual([]);
    });
  });
});
