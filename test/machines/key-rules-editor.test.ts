import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { keyRulesEditorMachine } from '@machines/key-rules-editor';
import {
  selectCap,
  selectCapError,
  selectDraftError,
  selectHasOwnRules,
  selectIsOpen,
  selectIsSaved,
  selectLoadError,
  selectOriginChoice,
  selectSaveError,
  methodChoices,
} from '@machines/key-rules-editor.selectors';
import type { LoadedKeyRules } from '@machines/key-rules-editor.types';
import { KEY_RULES_SAVE_FALLBACK } from '@/domain/key-errors';
import { KEY_CAP_MESSAGE, type KeyRules, PROJECT_RULES, RULE_METHODS } from '@/domain/key-rules';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import {
  CONTRACT,
  KEY_ID,
  LOADED,
  LOAD_FAILURE,
  SAVE_FAILURE,
  type KeyRulesEditorModelEvent,
  keyRulesEditorFlows,
} from './models/key-rules-editor.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startEditor() {
  const load = pendingCall<LoadedKeyRules, { id: string }>('loadKeyRules');
  const save = pendingCall<KeyRules, { id: string; rules: KeyRules }>('saveKeyRules');
  const actor = createActor(keyRulesEditorMachine.provide({ actors: { loadKeyRules: load.logic, saveKeyRules: save.logic } }), {
    input: { id: KEY_ID },
  }).start();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };
  return { actor, load, save, settle };
}

const variants = Object.entries(keyRulesEditorFlows).map(([name, flow]) => ({ name, flow, paths: flow.paths() }));

describeModel('key rules editor machine', keyRulesEditorMachine, variants, async (path, { flow }) => {
  const { actor, load, save, settle } = startEditor();
  await flow.run(
    path,
    {
      'rules.open': (event) => actor.send(event),
      'rules.retry': (event) => actor.send(event),
      'rules.cancel': (event) => actor.send(event),
      'rules.own.set': (event) => actor.send(event),
      'rules.origin.set': (event) => actor.send(event),
      'rules.draft': (event) => actor.send(event),
      'rules.add': (event) => actor.send(event),
      'rules.remove': (event) => actor.send(event),
      'rules.save': (event) => actor.send(event),
      'rules.cap.set': (event) => actor.send(event),
      'xstate.done.actor.loadKeyRules': ({ output }) => settle(() => load.resolve(output)),
      'xstate.error.actor.loadKeyRules': ({ error }) => settle(() => load.reject(error)),
      'xstate.done.actor.saveKeyRules': ({ output }) => settle(() => save.resolve(output)),
      'xstate.error.actor.saveKeyRules': ({ error }) => settle(() => save.reject(error)),
    } satisfies Executors<KeyRulesEditorModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const open = (['loading', 'loadFailed', 'form', 'saving'] as const).some((state) => snapshot.matches(state));
      expect(selectIsOpen(snapshot)).toBe(open);
      expect(selectIsSaved(snapshot)).toBe(snapshot.matches('saved'));
      expect(selectLoadError(snapshot)).toBe(snapshot.matches('loadFailed') ? LOAD_FAILURE : null);
      expect(selectSaveError(snapshot)).toBe(snapshot.matches({ form: 'failed' }) ? SAVE_FAILURE : null);
      // The whole rules go to the server, for this key.
      if (snapshot.matches('saving')) expect(save.inputs.at(-1)).toEqual({ id: KEY_ID, rules: snapshot.context.rules });
      // A closed dialog holds no edit: it opens on what the server holds.
      if (!open) expect(snapshot.context.rules).toEqual(snapshot.context.stored ?? PROJECT_RULES);
      expect(load.inputs.every((input) => input.id === KEY_ID)).toBe(true);
    },
  );
});

describe('key rules editor machine', () => {
  async function opened() {
    const started = startEditor();
    started.actor.send({ type: 'rules.open' });
    await started.settle(() => started.load.resolve(LOADED));
    return started;
  }

  it('reads nothing before the dialog first opens, and again at every open', async () => {
    const { actor, load, save, settle } = startEditor();
    expect(load.inputs).toEqual([]);
    expect(selectHasOwnRules(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'rules.open' });
    await settle(() => load.resolve(LOADED));
    // Known once read: the key holds its own IP list.
    expect(selectHasOwnRules(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'rules.own.set', kind: 'ips', own: false });
    actor.send({ type: 'rules.remove', kind: 'contracts', value: CONTRACT });
    actor.send({ type: 'rules.save' });
    await settle(() => save.resolve(PROJECT_RULES));
    expect(selectHasOwnRules(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'rules.open' });
    expect(load.inputs).toEqual([{ id: KEY_ID }, { id: KEY_ID }]);
  });

  it('stores what was added in canonical form, and a refused value leaves its message until the next keystroke', async () => {
    const { actor } = await opened();
    actor.send({ type: 'rules.own.set', kind: 'domains', own: true });
    actor.send({ type: 'rules.draft', kind: 'domains', value: '  Example.COM ' });
    actor.send({ type: 'rules.add', kind: 'domains' });
    actor.send({ type: 'rules.draft', kind: 'contracts', value: `0x${'CD'.repeat(20)}` });
    actor.send({ type: 'rules.add', kind: 'contracts' });
    expect(actor.getSnapshot().context.rules).toMatchObject({ domains: ['example.com'], contracts: [CONTRACT, `0x${'cd'.repeat(20)}`] });
    actor.send({ type: 'rules.draft', kind: 'methods', value: 'eth_sendTransaction' });
    actor.send({ type: 'rules.add', kind: 'methods' });
    expect(selectDraftError('methods')(actor.getSnapshot())).toBe('Please choose a method the gateway serves');
    actor.send({ type: 'rules.draft', kind: 'methods', value: 'eth_call' });
    expect(selectDraftError('methods')(actor.getSnapshot())).toBeNull();
  });

  it("ignores values for a list the project's apply to, and gives back the stored own list when switched again", async () => {
    const { actor } = await opened();
    actor.send({ type: 'rules.draft', kind: 'cidrs', value: '10.0.0.0/8' });
    actor.send({ type: 'rules.add', kind: 'cidrs' });
    expect(actor.getSnapshot().context.rules.cidrs).toBeNull();
    actor.send({ type: 'rules.own.set', kind: 'ips', own: false });
    actor.send({ type: 'rules.own.set', kind: 'ips', own: true });
    expect(actor.getSnapshot().context.rules.ips).toEqual(['203.0.113.7']);
  });

  it('saves the spend caps as typed (commas allowed, empty for none), or shows why and saves nothing', async () => {
    const { actor, save } = await opened();
    expect(selectCap('day')(actor.getSnapshot())).toBe('');
    actor.send({ type: 'rules.cap.set', period: 'day', value: '0' });
    actor.send({ type: 'rules.cap.set', period: 'cycle', value: '2,500,000' });
    actor.send({ type: 'rules.save' });
    expect(save.inputs).toEqual([]);
    expect(selectCapError('day')(actor.getSnapshot())).toBe(KEY_CAP_MESSAGE);
    expect(selectCapError('cycle')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'rules.cap.set', period: 'day', value: ' 5000 ' });
    expect(selectCapError('day')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'rules.save' });
    expect(save.inputs.at(-1)?.rules).toMatchObject({ creditsPerDay: 5000, creditsPerCycle: 2_500_000 });
  });

  it('adds every value still typed when Save is pressed, or shows their messages and saves nothing', async () => {
    const { actor, save } = await opened();
    actor.send({ type: 'rules.own.set', kind: 'domains', own: true });
    actor.send({ type: 'rules.draft', kind: 'domains', value: 'localhost' });
    actor.send({ type: 'rules.draft', kind: 'methods', value: 'eth_call' });
    actor.send({ type: 'rules.save' });
    expect(save.inputs).toEqual([]);
    expect(selectDraftError('domains')(actor.getSnapshot())).toBe('"localhost" is not a valid domain in this context');
    expect(selectDraftError('methods')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'rules.draft', kind: 'domains', value: 'example.com' });
    actor.send({ type: 'rules.origin.set', choice: 'refuse' });
    actor.send({ type: 'rules.save' });
    expect(save.inputs).toEqual([
      { id: KEY_ID, rules: { ...LOADED.rules, domains: ['example.com'], allowNoOrigin: false, methods: ['eth_call'] } },
    ]);
  });

  it('maps the Origin choice both ways', async () => {
    const { actor } = await opened();
    for (const choice of ['accept', 'refuse', 'project'] as const) {
      actor.send({ type: 'rules.origin.set', choice });
      expect(selectOriginChoice(actor.getSnapshot())).toBe(choice);
    }
  });

  it('keeps the edits after a failed save, with its own text when the server gave none, and cannot close while saving', async () => {
    const { actor, save, settle } = await opened();
    actor.send({ type: 'rules.remove', kind: 'contracts', value: CONTRACT });
    actor.send({ type: 'rules.save' });
    expect(actor.getSnapshot().can({ type: 'rules.cancel' })).toBe(false);
    await settle(() => save.reject(new Error('network')));
    expect(selectSaveError(actor.getSnapshot())).toBe(KEY_RULES_SAVE_FALLBACK);
    expect(actor.getSnapshot().context.rules.contracts).toEqual([]);
  });

  it('offers the methods not chosen yet', () => {
    expect(methodChoices(['eth_call'])).toEqual(RULE_METHODS.filter((method) => method !== 'eth_call'));
  });
});
