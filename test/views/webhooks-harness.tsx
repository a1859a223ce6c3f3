import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { WebhookSave } from '@machines/webhook-form.types';
import { $api } from '@/api/query-hooks';
import type { Schemas } from '@/api/client';
import type { WebhookRow } from '@/domain/webhook-form';
import { BILLING_CYCLE_REQUEST } from '@/api/usage-queries';
import WebhooksPage from '@/views/webhooks/webhooks-page';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedQuery } from './seed-queries';

export const billingCycleKey = $api.queryOptions('get', '/usage', BILLING_CYCLE_REQUEST).queryKey;

/** GET /usage as the server answers it for a user in the cycle 2025-02-07 to 2025-03-07. */
export const usageReport: Schemas['UsageReport'] = {
  range: '1d',
  groupBy: 'usageType',
  from: '2025-02-20T00:00:00.000Z',
  to: '2025-02-21T00:00:00.000Z',
  cycle: { start: '2025-02-07T00:00:00.000Z', end: '2025-03-07T00:00:00.000Z', creditsUsed: 0, creditsLimit: 500_000 },
  totals: { requests: 0, credits: 0, rateLimited: 0, refused: 0 },
  rows: [],
};

/** The Webhooks screen with a save the test settles, the deletions it records, and the cycle seeded. */
export function renderWebhooks(webhooks: readonly WebhookRow[] = []) {
  seedQuery(billingCycleKey, usageReport);
  const save = pendingCall<void, WebhookSave>('saveWebhook');
  const deleted: WebhookRow[] = [];
  const rendered = renderInApp(
    <WebhooksPage webhooks={webhooks} actors={{ saveWebhook: save.logic, deleteWebhook: (webhook) => void deleted.push(webhook) }} />,
    { path: '/webhooks' },
  );
  return { save, deleted, ...rendered };
}

/** The open dialog (found by selector: a role query walks the whole accessibility tree, too slow at every step of a path). */
export function dialog(): HTMLElement {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!found) throw new Error('no dialog is open');
  return found;
}
export const inDialog = () => within(dialog());
export const urlInput = () => inDialog().getByLabelText(/^Webhook URL/);
export const authInput = () => inDialog().getByLabelText(/^Authentication header/);
export const addressInput = () => inDialog().getByLabelText('Addresses');
export const txnCheckbox = (name: string) => inDialog().getByRole('checkbox', { name });

/** Escape once the dialog holds the focus (its trap is set up just after it opens), as a keyboard user meets it. */
export async function focusIsInDialog() {
  await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
}
