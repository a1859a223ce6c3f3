import type { Network } from '@/domain/networks';
import type { TxnType, WebhookRow, WebhookSettings, WebhookType } from '@/domain/webhook-form';

export interface WebhookFormContext {
  /** The id of the webhook being edited; null for a new one. */
  webhookId: string | null;
  settings: WebhookSettings;
  /** The address field, added to `settings.addresses` by `webhook.address.add`. */
  addressDraft: string;
  /** The SPEC.md §5 message of the last refused address; the next keystroke clears it. */
  addressError: string | null;
  /** A submit was refused: the fields show their messages from now on, as they are corrected. */
  showErrors: boolean;
  saveError: string | null;
}

export type WebhookFormEvent =
  | { type: 'webhook.new' }
  | { type: 'webhook.edit'; webhook: WebhookRow }
  | { type: 'webhook.network'; network: Network }
  | { type: 'webhook.type'; webhookType: WebhookType }
  /** Sent by the form's transaction-type multi-select (the txnTypes machine) after each change. */
  | { type: 'webhook.txn.types'; txnTypes: readonly TxnType[] }
  | { type: 'webhook.url'; value: string }
  | { type: 'webhook.auth.header'; value: string }
  | { type: 'webhook.address.draft'; value: string }
  | { type: 'webhook.address.add' }
  | { type: 'webhook.address.remove'; address: string }
  | { type: 'webhook.cancel' }
  | { type: 'webhook.submit' };

/** What the saveWebhook actor gets: a new webhook (id null) or the changes to one. */
export interface WebhookSave {
  webhookId: string | null;
  settings: WebhookSettings;
}
