import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  selectAddressError,
  selectIsFull,
  selectIsOpen,
  selectIsSaving,
  selectSaveError,
  selectUrlError,
  selectWasSaved,
  webhookFormMachine,
} from '@machines/webhook-form';
import type { WebhookSave } from '@machines/webhook-form.types';
import { NEW_WEBHOOK, WEBHOOK_ADDRESS_MESSAGES, WEBHOOK_SAVE_FALLBACK, WEBHOOK_URL_MESSAGES } from '@/domain/webhook-form';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import {
  ADDRESS,
  FULL_WEBHOOK,
  STORED_ADDRESS,
  VALID_URL,
  type WebhookFormModelEvent,
  webhookFormFlow,
  webhookFormPaths,
} from './models/webhook-form.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startForm() {
  const save = pendingCall<void, WebhookSave>('saveWebhook');
  const actor = createActor(webhookFormMachine.provide({ actors: { saveWebhook: save.logic } })).start();
  return { actor, save };
}

describeModel('webhook form machine', webhookFormMachine, [{ paths: webhookFormPaths }], async (path) => {
  const { actor, save } = startForm();
  await webhookFormFlow.run(
    path,
    {
      'webhook.new': (event) => actor.send(event),
      'webhook.edit': (event) => actor.send(event),
      'webhook.network': (event) => actor.send(event),
      'webhook.type': (event) => actor.send(event),
      // What the modal's multi-select (machines/txn-types.ts) reports; the view tests tick the boxes instead.
      'webhook.txn.types': (event) => actor.send(event),
      'webhook.url': (event) => actor.send(event),
      'webhook.auth.header': (event) => actor.send(event),
      'webhook.address.draft': (event) => actor.send(event),
      'webhook.address.add': (event) => actor.send(event),
      'webhook.address.remove': (event) => actor.send(event),
      'webhook.cancel': (event) => actor.send(event),
      'webhook.submit': (event) => actor.send(event),
      'xstate.done.actor.saveWebhook': async ({ output }) => {
        const moved = nextSnapshot(actor);
        save.resolve(output);
        await moved;
      },
      'xstate.error.actor.saveWebhook': async ({ error }) => {
        const moved = nextSnapshot(actor);
        save.reject(error);
        await moved;
        expect(selectSaveError(actor.getSnapshot())).toBe(WEBHOOK_SAVE_FALLBACK);
      },
    } satisfies Executors<WebhookFormModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(selectIsOpen(snapshot)).toBe(snapshot.matches('open'));
      if (snapshot.matches({ open: 'saving' })) {
        const { webhookId, settings } = snapshot.context;
        expect(save.inputs.at(-1)).toEqual({ webhookId, settings });
      }
      if (!selectIsOpen(snapshot)) expect(snapshot.context.settings).toEqual(NEW_WEBHOOK);
    },
  );
});

describe('webhook form machine', () => {
  it('refuses a submit without a URL, then shows the URL message as it is corrected', () => {
    const { actor, save } = startForm();
    actor.send({ type: 'webhook.new' });
    expect(selectUrlError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'webhook.submit' });
    expect(selectUrlError(actor.getSnapshot())).toBe(WEBHOOK_URL_MESSAGES.required);
    actor.send({ type: 'webhook.url', value: 'ftp://hooks.example.com' });
    expect(selectUrlError(actor.getSnapshot())).toBe(WEBHOOK_URL_MESSAGES.invalid);
    actor.send({ type: 'webhook.url', value: VALID_URL });
    expect(selectUrlError(actor.getSnapshot())).toBeNull();
    expect(save.inputs).toEqual([]);
  });

  it('adds an address still typed when Create is pressed, trimmed and lower-cased', () => {
    const { actor, save } = startForm();
    actor.send({ type: 'webhook.new' });
    actor.send({ type: 'webhook.url', value: ` ${VALID_URL} ` });
    actor.send({ type: 'webhook.auth.header', value: ' Bearer s3cret ' });
    actor.send({ type: 'webhook.address.draft', value: ` ${ADDRESS} ` });
    actor.send({ type: 'webhook.submit' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    expect(save.inputs).toEqual([
      { webhookId: null, settings: { ...NEW_WEBHOOK, webhookUrl: VALID_URL, authHeader: 'Bearer s3cret', addresses: [STORED_ADDRESS] } },
    ]);
  });

  it('refuses a duplicate address in any case with the SPEC.md message, which the next keystroke clears', () => {
    const { actor } = startForm();
    actor.send({ type: 'webhook.new' });
    actor.send({ type: 'webhook.address.draft', value: ADDRESS });
    actor.send({ type: 'webhook.address.add' });
    actor.send({ type: 'webhook.address.draft', value: STORED_ADDRESS.toUpperCase().replace('0X', '0x') });
    actor.send({ type: 'webhook.address.add' });
    expect(selectAddressError(actor.getSnapshot())).toBe(WEBHOOK_ADDRESS_MESSAGES.duplicate);
    actor.send({ type: 'webhook.address.draft', value: '' });
    expect(selectAddressError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'webhook.address.add' });
    expect(selectAddressError(actor.getSnapshot())).toBe(WEBHOOK_ADDRESS_MESSAGES.empty);
  });

  it('is full at 25 addresses and refuses a 26th until one is removed', () => {
    const { actor } = startForm();
    actor.send({ type: 'webhook.edit', webhook: FULL_WEBHOOK });
    expect(selectIsFull(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'webhook.address.draft', value: ADDRESS });
    actor.send({ type: 'webhook.address.add' });
    expect(selectAddressError(actor.getSnapshot())).toBe(WEBHOOK_ADDRESS_MESSAGES.full);
    actor.send({ type: 'webhook.address.remove', address: FULL_WEBHOOK.accounts[3] ?? '' });
    expect(selectIsFull(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'webhook.address.add' });
    expect(actor.getSnapshot().context.settings.addresses).toHaveLength(25);
    expect(actor.getSnapshot().context.settings.addresses.at(-1)).toBe(STORED_ADDRESS);
  });

  it('opens with the edited webhook’s fields and cannot be closed while saving', async () => {
    const { actor, save } = startForm();
    actor.send({ type: 'webhook.edit', webhook: FULL_WEBHOOK });
    expect(actor.getSnapshot().context.settings.txnTypes).toEqual(['swap']);
    actor.send({ type: 'webhook.submit' });
    expect(actor.getSnapshot().can({ type: 'webhook.cancel' })).toBe(false);
    expect(save.inputs.at(-1)?.webhookId).toBe('wh_full');
    const moved = nextSnapshot(actor);
    save.resolve(undefined);
    await moved;
    expect(selectWasSaved(actor.getSnapshot())).toBe(true);
  });
});
