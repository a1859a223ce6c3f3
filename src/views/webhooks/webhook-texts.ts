import { type WebhookType, MAX_WEBHOOK_ADDRESSES, MAX_WEBHOOK_ADDRESSES_VIA_API } from '@/domain/webhook-form';
import { WEBHOOK_ACK_SECONDS, WEBHOOK_PROPAGATION_MINUTES } from '@/domain/webhook-stats';

/** SPEC.md "Webhooks": the empty state of My Webhooks, word for word. */
export const NO_WEBHOOKS_YET = "You don't have any webhooks yet.";
export const CONFIGURE_WEBHOOK = 'Configure Webhook';
export const NEW_WEBHOOK_BUTTON = 'New Webhook';

/** What each kind of webhook sends (shown under the type switch). */
export const WEBHOOK_TYPE_HELP: Readonly<Record<WebhookType, string>> = {
  enhanced: 'Parsed, readable events: who sent what to whom, for which type of transaction.',
  raw: 'The transaction exactly as the node returns it, for your own parsing.',
  discord: 'A short message posted to a Discord channel: paste the channel’s webhook URL.',
};

export const ADDRESS_LIMIT_TIP = `You can add up to ${MAX_WEBHOOK_ADDRESSES} addresses here. To watch more, up to ${MAX_WEBHOOK_ADDRESSES_VIA_API.toLocaleString('en-US')} addresses per webhook, add them through the API.`;
export const PROPAGATION_NOTE = `Changes to a webhook take up to ${WEBHOOK_PROPAGATION_MINUTES} minutes to take effect.`;
export const ACK_NOTE = `Your endpoint must acknowledge each call within ${WEBHOOK_ACK_SECONDS} seconds (any 2xx answer), or the call counts as failed.`;

/** Said once the Configure Webhook form went through (SPEC.md: creating or editing makes no call). */
export const SAVED_NOTICE = 'Webhooks are a preview: your webhook was checked but not stored yet, so My Webhooks is unchanged.';
