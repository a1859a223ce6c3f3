import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { queryClient } from '@/app/query-client';
import type { WebhookRow } from '@/domain/webhook-form';
import { webhookActors } from '@/views/webhooks/webhook-actors';
import { CYCLE_FAILED, CYCLE_LOADING } from '@/views/webhooks/webhook-stats-card';
import WebhooksPage from '@/views/webhooks/webhooks-page';
import { renderInApp } from './app-harness';
import { billingCycleKey, dialog, renderWebhooks, urlInput } from './webhooks-harness';

afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

const firstRow: WebhookRow = {
  id: 'wh_1',
  url: 'https://hooks.example.com/a',
  txnTypes: ['any'],
  accounts: ['a', 'b', 'c'],
  type: 'enhanced',
  network: 'mainnet',
};
const rows: WebhookRow[] = [
  firstRow,
  { id: 'wh_2', url: 'https://hooks.example.com/b', txnTypes: ['swap', 'burn'], accounts: [], type: 'discord', network: 'devnet' },
];

describe('Webhooks screen', () => {
  it('has one h1, the About card with both timing notes, and the stats 0/1 with the billing cycle', async () => {
    renderWebhooks();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Webhooks']);
    const about = screen.getByRole('region', { name: /About Webhooks/ });
    expect(within(about).getByText('Changes to a webhook take up to 2 minutes to take effect.')).toBeTruthy();
    expect(within(about).getByText(/acknowledge each call within 10 seconds/)).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Webhook Usage' });
    expect(within(stats).getByText('0/1')).toBeTruthy();
    expect(await within(stats).findByText('2025-02-07 to 2025-03-07')).toBeTruthy();
    expect(document.title).toMatch(/^Webhooks/);
  });

  it("shows the empty state 'You don't have any webhooks yet.' and no table", () => {
    renderWebhooks();
    const card = screen.getByRole('region', { name: 'My Webhooks' });
    expect(within(card).getByText("You don't have any webhooks yet.")).toBeTruthy();
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('lists webhooks with the columns of SPEC.md, Any for every type, and the number of accounts', () => {
    renderWebhooks(rows);
    const table = screen.getByRole('table', { name: 'My Webhooks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'URL', 'Txn Types', 'Accounts', 'Type', 'Network', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first?.textContent).toContain('Txn Types:Any');
    expect(first?.textContent).toContain('Accounts:3');
    expect(first?.textContent).toContain('Type:Enhanced');
    expect(second?.textContent).toContain('Txn Types:Swap, Burn');
    expect(second?.textContent).toContain('Network:Devnet');
  });

  it('opens a webhook in Configure Webhook from Edit, and Delete only hands it to the delete actor', async () => {
    const user = userEvent.setup({ delay: null });
    const { deleted } = renderWebhooks(rows);
    await user.click(screen.getByRole('button', { name: 'Delete webhook wh_2' }));
    expect(deleted.map((row) => row.id)).toEqual(['wh_2']);
    expect(screen.getByRole('table', { name: 'My Webhooks' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit webhook wh_1' }));
    await waitFor(dialog);
    expect(urlInput()).toHaveProperty('value', 'https://hooks.example.com/a');
    expect(
      within(dialog())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a', 'b', 'c']);
  });

  it('says the billing cycle is loading, then that it failed, with Retry', async () => {
    queryClient.setQueryDefaults(billingCycleKey, { retry: false });
    renderInApp(<WebhooksPage />, { path: '/webhooks' });
    expect(screen.getByText(CYCLE_LOADING)).toBeTruthy();
    // jsdom has no API server: the real query fails, as it would offline.
    expect(await screen.findByText(CYCLE_FAILED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the demonstration actors', () => {
  it('log creating, updating and deleting a webhook instead of calling the API', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const settings = {
      network: 'mainnet',
      webhookType: 'raw',
      txnTypes: ['any'],
      webhookUrl: 'https://a.example',
      authHeader: '',
      addresses: [],
    } as const;
    const done = (webhookId: string | null) =>
      new Promise<void>((resolve) => {
        const actor = createActor(webhookActors.saveWebhook, { input: { webhookId, settings } });
        actor.subscribe({ complete: resolve });
        actor.start();
      });
    await done(null);
    await done('wh_1');
    webhookActors.deleteWebhook(firstRow);
    expect(info.mock.calls.map(([message]) => message)).toEqual([
      '[demo] create webhook',
      '[demo] update webhook',
      '[demo] delete webhook',
    ]);
  });
});
