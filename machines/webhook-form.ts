import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { refusalOr } from '@/domain/failure-message';
import {
  NEW_WEBHOOK,
  WEBHOOK_SAVE_FALLBACK,
  cleanWebhookSettings,
  isAddressListFull,
  normalizeWebhookAddress,
  settingsOf,
  validateWebhookAddress,
  validateWebhookUrl,
} from '@/domain/webhook-form';
import type { WebhookFormContext, WebhookFormEvent, WebhookSave } from './webhook-form.types';

const draftProblem = ({ addressDraft, settings }: WebhookFormContext) => validateWebhookAddress(addressDraft, settings.addresses);
const draftBlank = ({ addressDraft }: WebhookFormContext) => addressDraft.trim() === '';
const urlProblem = ({ settings }: WebhookFormContext) => validateWebhookUrl(settings.webhookUrl);
const closedContext = { webhookId: null, settings: NEW_WEBHOOK, addressDraft: '', addressError: null, showErrors: false, saveError: null };

/**
 * The Configure Webhook modal (SPEC.md "Webhooks", §3 "Webhook form", §5 addresses).
 *
 * - `shut`: no modal, `shut.saved` when the last submit went through (the screen says what became
 *   of it), else `shut.closed`. `webhook.new` opens empty fields, `webhook.edit` a webhook's.
 * - `open`: the modal. Its transaction-type multi-select is machines/txn-types.ts, started by the
 *   modal beside this one from `settings.txnTypes`; it reports each selection as `webhook.txn.types`.
 * - `open.editing`: the fields. `webhook.address.add` checks the draft by SPEC.md §5 and leaves the
 *   refusal's message under the field. `webhook.submit` is refused while the URL is not an http(s)
 *   URL or a typed address is refused (then every field shows its message); an address still typed
 *   is added first, as nobody expects Create to drop it.
 * - `open.saving`: the `saveWebhook` actor (the demonstration logs the webhook, as SPEC.md §7 says
 *   no call is made); the modal cannot be closed meanwhile. A failure returns to `editing` with it.
 */
export const webhookFormMachine = setup({
  types: {
    context: {} as WebhookFormContext,
    events: {} as WebhookFormEvent,
  },
  actors: {
    saveWebhook: fromPromise<void, WebhookSave>(async () => {
      throw new Error('saveWebhook actor not provided');
    }),
  },
  actions: {
    setField: assign(({ context }, params: Partial<WebhookFormContext['settings']>) => ({ settings: { ...context.settings, ...params } })),
    setDraft: assign((_, params: { value: string }) => ({ addressDraft: params.value, addressError: null })),
    addDraft: assign(({ context }) => ({
      settings: { ...context.settings, addresses: [...context.settings.addresses, normalizeWebhookAddress(context.addressDraft)] },
      addressDraft: '',
      addressError: null,
    })),
    showDraftProblem: assign({ addressError: ({ context }) => draftProblem(context) }),
    showTypedDraftProblem: assign({ addressError: ({ context }) => (draftBlank(context) ? null : draftProblem(context)) }),
    showErrors: assign({ showErrors: true }),
    removeAddress: assign(({ context }, params: { address: string }) => ({
      settings: { ...context.settings, addresses: context.settings.addresses.filter((listed) => listed !== params.address) },
    })),
  },
  guards: {
    draftAccepted: ({ context }) => draftProblem(context) === null,
    isListed: ({ context }, params: { address: string }) => context.settings.addresses.includes(params.address),
    draftBlank: ({ context }) => draftBlank(context),
    urlAccepted: ({ context }) => urlProblem(context) === null,
  },
}).createMachine({
  id: 'webhookForm',
  context: closedContext,
  initial: 'shut',
  states: {
    shut: {
      entry: assign(closedContext),
      on: {
        'webhook.new': { target: 'open' },
        'webhook.edit': {
          target: 'open',
          actions: assign(({ event }) => ({ webhookId: event.webhook.id, settings: settingsOf(event.webhook) })),
        },
      },
      initial: 'closed',
      states: { closed: {}, saved: {} },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'webhook.network': { actions: { type: 'setField', params: ({ event }) => ({ network: event.network }) } },
            'webhook.type': { actions: { type: 'setField', params: ({ event }) => ({ webhookType: event.webhookType }) } },
            'webhook.txn.types': { actions: { type: 'setField', params: ({ event }) => ({ txnTypes: event.txnTypes }) } },
            'webhook.url': { actions: { type: 'setField', params: ({ event }) => ({ webhookUrl: event.value }) } },
            'webhook.auth.header': { actions: { type: 'setField', params: ({ event }) => ({ authHeader: event.value }) } },
            'webhook.address.draft': { actions: { type: 'setDraft', params: ({ event }) => event } },
            'webhook.address.add': [{ guard: 'draftAccepted', actions: 'addDraft' }, { actions: 'showDraftProblem' }],
            'webhook.address.remove': {
              guard: { type: 'isListed', params: ({ event }) => event },
              actions: { type: 'removeAddress', params: ({ event }) => event },
            },
            'webhook.cancel': { target: '#webhookForm.shut.closed' },
            'webhook.submit': [
              { guard: and(['urlAccepted', 'draftBlank']), target: 'saving' },
              { guard: and(['urlAccepted', 'draftAccepted']), target: 'saving', actions: 'addDraft' },
              { actions: ['showErrors', 'showTypedDraftProblem'] },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          entry: assign({ saveError: null, addressDraft: '' }),
          invoke: {
            id: 'saveWebhook',
            src: 'saveWebhook',
            input: ({ context }) => ({ webhookId: context.webhookId, settings: cleanWebhookSettings(context.settings) }),
            onDone: { target: '#webhookForm.shut.saved' },
            onError: { target: 'editing', actions: assign({ saveError: ({ event }) => refusalOr(event.error, WEBHOOK_SAVE_FALLBACK) }) },
          },
        },
      },
    },
  },
});

export type WebhookFormSnapshot = SnapshotFrom<typeof webhookFormMachine>;

export const selectIsOpen = (s: WebhookFormSnapshot) => s.matches('open');
export const selectIsSaving = (s: WebhookFormSnapshot) => s.hasTag('busy');
export const selectIsEditingExisting = (s: WebhookFormSnapshot) => s.context.webhookId !== null;
export const selectSettings = (s: WebhookFormSnapshot) => s.context.settings;
export const selectAddressDraft = (s: WebhookFormSnapshot) => s.context.addressDraft;
export const selectAddressError = (s: WebhookFormSnapshot) => s.context.addressError;
/** The URL's message once a submit was refused (it follows the corrections), null before. */
export const selectUrlError = (s: WebhookFormSnapshot) => (s.context.showErrors ? urlProblem(s.context) : null);
/** At 25 addresses Add is disabled (SPEC.md §5). */
export const selectIsFull = (s: WebhookFormSnapshot) => isAddressListFull(s.context.settings.addresses);
export const selectSaveError = (s: WebhookFormSnapshot) => s.context.saveError;
export const selectWasSaved = (s: WebhookFormSnapshot) => s.matches({ shut: 'saved' });
