import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  selectAddressDraft,
  selectAddressError,
  selectIsEditingExisting,
  selectIsFull,
  selectIsOpen,
  selectSaveError,
  selectSettings,
  selectUrlError,
} from '@machines/webhook-form';
import { queryClient } from '@/app/query-client';
import { BUILT_IN_NETWORKS, NETWORKS, networkLabel } from '@/domain/networks';
import { TXN_TYPES, TXN_TYPE_LABELS, WEBHOOK_TYPE_LABELS, WEBHOOK_TYPES } from '@/domain/webhook-form';
import { SAVED_NOTICE } from '@/views/webhooks/webhook-texts';
import { type Executors, describePath } from '../machines/flow-model';
import { FULL_WEBHOOK, type WebhookFormModelEvent, webhookFormFlow, webhookFormPaths } from '../machines/models/webhook-form.model';
import { addressInput, authInput, dialog, focusIsInDialog, inDialog, renderWebhooks, txnCheckbox, urlInput } from './webhooks-harness';

afterEach(() => queryClient.clear());

const savedStatus = () => {
  const status = document.querySelector('p[role="status"]');
  if (!status) throw new Error('no status line');
  return status;
};

/** Replaces a field's text the way a user does: select all, then paste (or just clear). */
async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value !== '') await user.paste(value);
}

describe('Configure Webhook, walking the webhook form machine paths', () => {
  for (const path of webhookFormPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { save } = renderWebhooks([FULL_WEBHOOK]);

      await webhookFormFlow.run(
        path,
        {
          'webhook.new': () => user.click(screen.getByRole('button', { name: 'New Webhook' })),
          'webhook.edit': ({ webhook }) => user.click(screen.getByRole('button', { name: `Edit webhook ${webhook.id}` })),
          'webhook.network': ({ network }) => user.click(inDialog().getByLabelText(networkLabel(BUILT_IN_NETWORKS, network))),
          'webhook.type': ({ webhookType }) => user.click(inDialog().getByLabelText(WEBHOOK_TYPE_LABELS[webhookType])),
          'webhook.txn.types': async ({ txnTypes }) => {
            for (const txnType of txnTypes) await user.click(inDialog().getByLabelText(TXN_TYPE_LABELS[txnType]));
          },
          'webhook.url': ({ value }) => retype(user, urlInput(), value),
          'webhook.auth.header': ({ value }) => retype(user, authInput(), value),
          'webhook.address.draft': ({ value }) => retype(user, addressInput(), value),
          // The keyboard way: Enter in the field adds the address.
          'webhook.address.add': () => user.type(addressInput(), '{Enter}'),
          'webhook.address.remove': ({ address }) => user.click(inDialog().getByLabelText(`Remove ${address}`)),
          'webhook.cancel': async () => {
            await focusIsInDialog();
            await user.keyboard('{Escape}');
          },
          'webhook.submit': () => user.click(inDialog().getByText(/^(Create Webhook|Save Changes)$/, { selector: 'button' })),
          'xstate.done.actor.saveWebhook': ({ output }) => act(async () => save.resolve(output)),
          'xstate.error.actor.saveWebhook': ({ error }) => act(async () => save.reject(error)),
        } satisfies Executors<WebhookFormModelEvent>,
        async (expected) => {
          // Cheap queries (labels, text, selectors): a role query walks the whole accessibility tree at every state.
          expect(savedStatus().textContent).toBe(expected.matches({ shut: 'saved' }) ? SAVED_NOTICE : '');
          if (!selectIsOpen(expected)) {
            await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
            return;
          }
          const modal = await waitFor(dialog);
          const settings = selectSettings(expected);
          const saving = expected.matches({ open: 'saving' });
          const fields = within(modal);
          expect(fields.getByText('Configure Webhook').id).toBe(modal.getAttribute('aria-labelledby'));
          for (const network of NETWORKS) {
            expect(fields.getByLabelText(networkLabel(BUILT_IN_NETWORKS, network))).toHaveProperty('checked', network === settings.network);
          }
          for (const type of WEBHOOK_TYPES) {
            expect(fields.getByLabelText(WEBHOOK_TYPE_LABELS[type])).toHaveProperty('checked', type === settings.webhookType);
          }
          for (const type of TXN_TYPES) {
            expect(fields.getByLabelText(TXN_TYPE_LABELS[type])).toHaveProperty('checked', settings.txnTypes.includes(type));
          }
          expect(urlInput()).toHaveProperty('value', settings.webhookUrl);
          const urlError = selectUrlError(expected);
          expect(urlInput().getAttribute('aria-invalid')).toBe(urlError === null ? null : 'true');
          if (urlError !== null) expect(fields.getByText(urlError)).toBeTruthy();
          expect(authInput()).toHaveProperty('value', settings.authHeader);
          expect(addressInput()).toHaveProperty('value', selectAddressDraft(expected));
          const addressError = selectAddressError(expected);
          expect(addressInput().getAttribute('aria-invalid')).toBe(addressError === null ? null : 'true');
          if (addressError !== null) expect(fields.getByText(addressError)).toBeTruthy();
          const list = modal.querySelector('ul[aria-label="Addresses to watch"]');
          expect([...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([...settings.addresses]);
          expect(fields.getByText('Add', { selector: 'button' })).toHaveProperty('disabled', saving || selectIsFull(expected));
          expect(modal.querySelector('[role="alert"]')?.textContent ?? null).toBe(selectSaveError(expected));
          const submit = saving ? /Saving/ : selectIsEditingExisting(expected) ? 'Save Changes' : 'Create Webhook';
          expect(fields.getByText(submit, { selector: 'button, button *' }).closest('button')).toHaveProperty('disabled', saving);
          expect(fields.getByText('Cancel', { selector: 'button' })).toHaveProperty('disabled', saving);
        },
      );
    });
  }
});

describe('Configure Webhook', () => {
  it('is titled, focus-trapped, names every control, and Cancel closes it without saving', async () => {
    const user = userEvent.setup({ delay: null });
    const { save } = renderWebhooks();
    await user.click(screen.getByRole('button', { name: 'New Webhook' }));
    await focusIsInDialog();
    expect(screen.getByRole('dialog', { name: 'Configure Webhook' })).toBe(dialog());
    expect(within(dialog()).getByRole('radiogroup', { name: 'Network' })).toBeTruthy();
    expect(within(dialog()).getByRole('radiogroup', { name: 'Webhook type' })).toBeTruthy();
    expect(within(dialog()).getByRole('group', { name: 'Transaction types' })).toBeTruthy();
    expect(urlInput()).toHaveProperty('required', true);
    expect(within(dialog()).getByText('Changes to a webhook take up to 2 minutes to take effect.')).toBeTruthy();
    expect(within(dialog()).getByText(/acknowledge each call within 10 seconds/)).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(save.inputs).toEqual([]);
  });

  it('tells about adding up to 100,000 addresses through the API from a focusable info button', async () => {
    const user = userEvent.setup({ delay: null });
    renderWebhooks();
    await user.click(screen.getByRole('button', { name: 'New Webhook' }));
    const info = within(dialog()).getByRole('button', { name: 'About the address limit' });
    await user.click(info);
    const tip = await screen.findByText(/up to 100,000 addresses per webhook, add them through the API/);
    expect(info.getAttribute('aria-describedby')).toBe(tip.closest('[id]')?.id ?? tip.id);
    // Escape hides the tip only: the modal stays open.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(/up to 100,000 addresses per webhook/)).toBeNull());
    expect(dialog().getAttribute('data-state')).toBe('open');
  });

  it('sends the settings to the save actor and says the list is unchanged', async () => {
    const user = userEvent.setup({ delay: null });
    const { save } = renderWebhooks();
    await user.click(screen.getByRole('button', { name: 'New Webhook' }));
    await user.click(inDialog().getByRole('radio', { name: 'Devnet' }));
    await user.click(txnCheckbox('Swap'));
    await user.click(txnCheckbox('Burn'));
    await user.type(urlInput(), 'https://hooks.example.com/tx');
    await user.type(addressInput(), 'wallet-1{Enter}');
    await user.click(inDialog().getByRole('button', { name: 'Create Webhook' }));
    expect(save.inputs).toEqual([
      {
        webhookId: null,
        settings: {
          network: 'devnet',
          webhookType: 'enhanced',
          txnTypes: ['swap', 'burn'],
          webhookUrl: 'https://hooks.example.com/tx',
          authHeader: '',
          addresses: ['wallet-1'],
        },
      },
    ]);
    await act(async () => save.resolve(undefined));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(SAVED_NOTICE);
    expect(screen.getByText("You don't have any webhooks yet.")).toBeTruthy();
  });
});
