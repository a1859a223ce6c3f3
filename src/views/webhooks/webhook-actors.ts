import { fromPromise } from 'xstate';
import type { WebhookSave } from '@machines/webhook-form.types';
import { logDemoAction } from '@/api/demo-actions';
import type { WebhookRow } from '@/domain/webhook-form';

/**
 * What the Webhooks screen does with a webhook. SPEC.md §7: webhook create, edit and delete make no
 * calls, so the demonstration logs them; wiring the screen to an API replaces these, not the views.
 */
export const webhookActors = {
  saveWebhook: fromPromise<void, WebhookSave>(async ({ input }) => {
    logDemoAction(input.webhookId === null ? 'create webhook' : 'update webhook', input);
  }),
  deleteWebhook: (webhook: WebhookRow) => logDemoAction('delete webhook', { id: webhook.id }),
};

export type WebhookActors = typeof webhookActors;
