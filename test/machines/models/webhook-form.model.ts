import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { webhookFormMachine } from '@machines/webhook-form';
import type { WebhookFormContext } from '@machines/webhook-form.types';
import { CallFailed } from '@/domain/call-failure';
import { NEW_WEBHOOK, type WebhookRow, validateWebhookUrl } from '@/domain/webhook-form';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type WebhookFormModelEvent =
  | EventFromLogic<typeof webhookFormMachine>
  | DoneEvent<'saveWebhook', undefined>
  | ErrorEvent<'saveWebhook'>;

/** An EVM address as a wallet shows it (checksum case); the list keeps it lower-cased. */
export const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const STORED_ADDRESS = ADDRESS.toLowerCase();
export const VALID_URL = 'https://hooks.example.com/tx';
export const INVALID_URL = 'hooks.example.com/tx';

/** A webhook whose modal is already full: 25 addresses, so Add refuses a 26th. */
export const FULL_WEBHOOK: WebhookRow = {
  id: 'wh_full',
  url: 'https://hooks.example.com/full',
  txnTypes: ['swap'],
  accounts: Array.from({ length: 25 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`),
  type: 'raw',
  network: 'devnet',
};
export const FIRST_FULL_ADDRESS = FULL_WEBHOOK.accounts[0] ?? '';

export const webhookFormFixtures: WebhookFormModelEvent[] = [
  { type: 'webhook.edit', webhook: FULL_WEBHOOK },
  { type: 'webhook.network', network: 'devnet' },
  { type: 'webhook.type', webhookType: 'discord' },
  { type: 'webhook.txn.types', txnTypes: ['swap', 'mint'] },
  { type: 'webhook.url', value: '' },
  { type: 'webhook.url', value: INVALID_URL },
  { type: 'webhook.url', value: VALID_URL },
  { type: 'webhook.auth.header', value: 'Bearer s3cret' },
  { type: 'webhook.address.draft', value: '   ' },
  { type: 'webhook.address.draft', value: ADDRESS },
  { type: 'webhook.address.remove', address: STORED_ADDRESS },
  { type: 'webhook.address.remove', address: FIRST_FULL_ADDRESS },
  { type: 'xstate.done.actor.saveWebhook', output: undefined },
  { type: 'xstate.error.actor.saveWebhook', error: new CallFailed({ kind: 'refused', status: 503, message: null }) },
];

const PLAIN_FIELDS = new Set(['webhook.network', 'webhook.type', 'webhook.txn.types', 'webhook.auth.header']);
const ADDRESS_EVENTS = new Set(['webhook.address.draft', 'webhook.address.add', 'webhook.address.remove']);

function isPristineBesidesUrl({ settings, addressDraft }: WebhookFormContext): boolean {
  return settings.addresses.length === 0 && addressDraft === '';
}

/** Whether one of the fields besides the URL and addresses was changed. */
function otherFieldChanged({ settings }: WebhookFormContext): boolean {
  return (
    settings.network !== NEW_WEBHOOK.network ||
    settings.webhookType !== NEW_WEBHOOK.webhookType ||
    settings.txnTypes !== NEW_WEBHOOK.txnTypes ||
    settings.authHeader !== NEW_WEBHOOK.authHeader
  );
}

/**
 * The form has six fields; every combination of their values would be thousands of paths. The
 * model fills a new webhook in the order a user does, URL first, then addresses; changes one of
 * the other fields only on a valid, untouched form, and then submits; after a refused submit it
 * only corrects the URL, and after a failed save it only submits again or cancels. An edited
 * webhook (already full) only has its addresses changed.
 * Every state and transition of the chart is still taken.
 */
function filterEvents(state: AnyMachineSnapshot, event: EventObject): boolean {
  const context: WebhookFormContext = state.context;
  const isNew = context.webhookId === null;
  const settled = context.saveError === null && (!isNew || !otherFieldChanged(context));
  const urlValid = validateWebhookUrl(context.settings.webhookUrl) === null;
  if (PLAIN_FIELDS.has(event.type)) return isNew && settled && urlValid && !context.showErrors && isPristineBesidesUrl(context);
  if (event.type === 'webhook.url') return isNew && settled && isPristineBesidesUrl(context);
  if (ADDRESS_EVENTS.has(event.type)) return settled && !context.showErrors && (!isNew || urlValid);
  return true;
}

export const webhookFormFlow = createFlowModel(webhookFormMachine, { fixtures: webhookFormFixtures, filterEvents });
export const webhookFormPaths = webhookFormFlow.paths();
