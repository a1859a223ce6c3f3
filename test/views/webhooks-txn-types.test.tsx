import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@/app/query-client';
import { TXN_TYPES, TXN_TYPE_LABELS, type WebhookRow } from '@/domain/webhook-form';
import { type Executors, describePath } from '../machines/flow-model';
import { EDITED_TXN_TYPES, type TxnTypesModelEvent, txnTypesVariants } from '../machines/models/txn-types.model';
import { inDialog, renderWebhooks } from './webhooks-harness';

afterEach(() => queryClient.clear());

/** A webhook listening to the edited variant's types, whose modal starts the multi-select with them. */
const swapsAndBurns: WebhookRow = {
  id: 'wh_swaps',
  url: 'https://hooks.example.com/swaps',
  txnTypes: EDITED_TXN_TYPES,
  accounts: [],
  type: 'enhanced',
  network: 'mainnet',
};

const checkbox = (type: (typeof TXN_TYPES)[number]) => inDialog().getByLabelText(TXN_TYPE_LABELS[type]);

describe('Configure Webhook transaction types, walking the multi-select machine paths', () => {
  for (const variant of txnTypesVariants) {
    describe(variant.name, () => {
      for (const path of variant.paths) {
        it(describePath(path), async () => {
          const user = userEvent.setup({ delay: null });
          const editing = variant.input.selected !== undefined;
          renderWebhooks(editing ? [swapsAndBurns] : []);
          await user.click(screen.getByRole('button', { name: editing ? 'Edit webhook wh_swaps' : 'New Webhook' }));

          await variant.flow.run(
            path,
            {
              // Space on the focused checkbox, as a keyboard user ticks it.
              'txn.toggle': async ({ txnType }) => {
                checkbox(txnType).focus();
                await user.keyboard(' ');
              },
            } satisfies Executors<TxnTypesModelEvent>,
            (expected) => {
              for (const type of TXN_TYPES) {
                expect(checkbox(type)).toHaveProperty('checked', expected.context.selected.includes(type));
              }
            },
          );
        });
      }
    });
  }

  it("names the group and keeps 'Any' ticked when it is unticked alone", async () => {
    const user = userEvent.setup({ delay: null });
    renderWebhooks();
    await user.click(screen.getByRole('button', { name: 'New Webhook' }));
    expect(inDialog().getByRole('group', { name: 'Transaction types' })).toBeTruthy();
    await user.click(checkbox('any'));
    expect(checkbox('any')).toHaveProperty('checked', true);
  });
});
