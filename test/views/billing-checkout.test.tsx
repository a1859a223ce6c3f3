import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CheckoutStarted, checkoutMachine } from '@machines/checkout';
import type { SubscribeRequest } from '@/api/billing-calls';
import { queryClient } from '@/app/query-client';
import { describeModel } from '../machines/describe-model';
import type { Executors } from '../machines/flow-model';
import { type CheckoutModelEvent, checkoutFlow, checkoutPaths } from '../machines/models/checkout.model';
import { pendingCall } from '../machines/pending-call';
import { type BillingServer, newCustomer, renderBilling, startBillingServer } from './billing-harness';

/**
 * The checkout machine's paths walked through /billing: the plans, the user's plan and the rest
 * come from the real server; the checkout's outcome is the path's (POST /users/subscribe held
 * until the path settles it), so refusals and the provider being down are walked too.
 */
let billing: BillingServer;
// A server start can take long on a busy machine: the time limit only catches a hung start.
beforeAll(async () => {
  billing = await startBillingServer();
}, 120_000);
afterAll(() => billing?.close());
afterEach(() => queryClient.clear());

const dialog = () => screen.getByRole('dialog', { name: 'Upgrade to Developer' });
const inDialog = (name: string) => within(dialog()).getByRole('button', { name });

describeModel('/billing walks the checkout paths', checkoutMachine, [{ paths: checkoutPaths }], async (path) => {
  const customer = await newCustomer(billing, 'checkout-walk');
  const subscribe = pendingCall<CheckoutStarted, SubscribeRequest>('subscribe');
  customer.calls.subscribe = (request, signal) => subscribe.call(request, signal);
  const { redirects } = await renderBilling(customer);
  const upgrade = await screen.findByRole('button', { name: 'Upgrade to Developer' });
  await waitFor(() => expect(upgrade.hasAttribute('disabled')).toBe(false));

  const shownIn: Record<string, (context: { error: string | null; url: string | null }) => void> = {
    idle: () => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(redirects).toEqual([]);
    },
    confirming: () => {
      expect(within(dialog()).getByText('$49.00 / month')).toBeTruthy();
      expect(inDialog('Pay with Card').hasAttribute('disabled')).toBe(false);
      expect(within(dialog()).queryByRole('alert')).toBeNull();
    },
    startingCheckout: () => {
      // Pay once: the button is busy and Cancel cannot stop what is under way.
      expect(inDialog('Redirecting...').hasAttribute('disabled')).toBe(true);
      expect(inDialog('Cancel').hasAttribute('disabled')).toBe(true);
    },
    redirecting: ({ url }) => expect(redirects).toEqual([url]),
    error: ({ error }) => {
      expect(within(dialog()).getByRole('alert').textContent).toBe(error);
      expect(inDialog('Try again')).toBeTruthy();
      expect(redirects).toEqual([]);
    },
  };

  await checkoutFlow.run(
    path,
    {
      'checkout.open': async () => {
        await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Developer' }));
      },
      'checkout.pay': async () => {
        await userEvent.click(inDialog('Pay with Card'));
      },
      'checkout.retry': async () => {
        await userEvent.click(inDialog('Try again'));
      },
      'checkout.close': async () => {
        await userEvent.click(inDialog('Cancel'));
      },
      'xstate.done.actor.startCheckout': async ({ output }) => {
        await waitFor(() => expect(subscribe.pending).toBe(1));
        subscribe.resolve(output);
      },
      'xstate.error.actor.startCheckout': async ({ error }) => {
        await waitFor(() => expect(subscribe.pending).toBe(1));
        subscribe.reject(error);
      },
    } satisfies Executors<CheckoutModelEvent>,
    async (expected) => {
      const shown = shownIn[String(expected.value)];
      if (!shown) throw new Error(`no view check for ${JSON.stringify(expected.value)}`);
      await waitFor(() => shown(expected.context));
      // The server is asked for the plan and period the modal showed, never a price.
      for (const request of subscribe.inputs) expect(request).toEqual({ planId: 2, frequency: 'MONTHLY' });
    },
  );
});
