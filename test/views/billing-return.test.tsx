import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Checkout, checkoutReturnMachine } from '@machines/checkout-return';
import { billingQueryKeys } from '@/api/billing-calls';
import { queryClient } from '@/app/query-client';
import PaymentCancelledPage from '@/views/billing-return/payment-cancelled-page';
import { describeModel } from '../machines/describe-model';
import type { Executors } from '../machines/flow-model';
import { type CheckoutReturnModelEvent, checkoutReturnFlows } from '../machines/models/checkout-return.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { type BillingServer, newCustomer, payCheckout, renderReturn, startBillingServer } from './billing-harness';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';

let billing: BillingServer;
// A server start can take long on a busy machine: the time limit only catches a hung start.
beforeAll(async () => {
  billing = await startBillingServer();
}, 120_000);
afterAll(() => billing?.close());
afterEach(() => queryClient.clear());

const RECEIVED = 'Payment received. You are now on the Developer plan.';
const CONFIRMING = 'Confirming your payment…';

describe('/billing/success against the real server', () => {
  it('says the payment went through once the server has the verified payment, and refreshes the cached plan data', async () => {
    const customer = await newCustomer(billing, 'success');
    const started = await customer.calls.subscribe({ planId: 2, frequency: 'MONTHLY' });
    seedQuery(billingQueryKeys.userPlan, await customer.calls.userPlan());
    await payCheckout(billing, started.url);
    seedQuery(billingQueryKeys.invoices, []);
    renderReturn(customer, started.checkoutId);
    await screen.findByText(RECEIVED);
    await waitFor(() => expect(queryClient.getQueryState(billingQueryKeys.userPlan)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(billingQueryKeys.invoices)?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Billing' }).getAttribute('href')).toBe('/billing');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Payment']);
  });

  it('keeps confirming while the checkout is open, and completes when the payment arrives', async () => {
    const customer = await newCustomer(billing, 'waiting');
    const started = await customer.calls.subscribe({ planId: 2, frequency: 'MONTHLY' });
    renderReturn(customer, started.checkoutId, { pollDelayMs: 50, maxChecks: 1000 });
    expect(screen.getByRole('status').textContent).toBe(CONFIRMING);
    // Reaching this page changed nothing: the plan is still Free until the payment is verified.
    expect((await customer.calls.userPlan()).name).toBe('Free');
    await payCheckout(billing, started.url);
    expect((await screen.findByText(RECEIVED)).textContent).toBe(RECEIVED);
    expect((await customer.calls.userPlan()).name).toBe('Developer');
  });

  it('stops asking after the bounded number of answers and says to check Billing later', async () => {
    const customer = await newCustomer(billing, 'slow');
    const started = await customer.calls.subscribe({ planId: 2, frequency: 'MONTHLY' });
    renderReturn(customer, started.checkoutId, { pollDelayMs: 10, maxChecks: 3 });
    await screen.findByText('Your payment is still being confirmed. This can take a few minutes: check Billing later.');
    await payCheckout(billing, started.url);
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText(RECEIVED);
  });

  it('says so when the checkout was replaced by a newer one (nothing charged)', async () => {
    const customer = await newCustomer(billing, 'replaced');
    const first = await customer.calls.subscribe({ planId: 2, frequency: 'MONTHLY' });
    await customer.calls.subscribe({ planId: 3, frequency: 'MONTHLY' });
    renderReturn(customer, first.checkoutId);
    await screen.findByText('This checkout has expired or was replaced by a newer one. Nothing was charged.');
    expect(screen.getByRole('link', { name: 'Back to Billing' }).getAttribute('href')).toBe('/billing');
  });

  it("shows the server's message for a checkout that is not the user's", async () => {
    const customer = await newCustomer(billing, 'unknown');
    renderReturn(customer, 'lco_not_a_checkout');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });

  it('asks nothing without a checkout in the link', async () => {
    const customer = await newCustomer(billing, 'no-id');
    renderReturn(customer, null);
    expect(screen.getByText('There is no payment to confirm here. Start from Billing.')).toBeTruthy();
  });
});

describe('/billing/cancel', () => {
  it('says the payment was cancelled and nothing was charged, with the way back to Billing', () => {
    seedConfig();
    renderInApp(<PaymentCancelledPage />, { path: '/billing/cancel' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Payment cancelled']);
    expect(screen.getByText('The payment was cancelled and nothing was charged. Your plan has not changed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Billing' }).getAttribute('href')).toBe('/billing');
  });
});

/** What the page shows in each state of the machine. */
const shownIn: Record<string, () => void> = {
  checking: () => expect(screen.getByRole('status').textContent).toBe(CONFIRMING),
  waiting: () => expect(screen.getByRole('status').textContent).toBe(CONFIRMING),
  complete: () => expect(screen.getByRole('status').textContent).toBe(RECEIVED),
  expired: () => screen.getByText('This checkout has expired or was replaced by a newer one. Nothing was charged.'),
  stillConfirming: () => {
    screen.getByText('Your payment is still being confirmed. This can take a few minutes: check Billing later.');
    screen.getByRole('button', { name: 'Check again' });
  },
  failed: () => {
    expect(screen.getByRole('alert').textContent).toBe('There is no such checkout.');
    screen.getByRole('button', { name: 'Check again' });
  },
  noCheckout: () => screen.getByText('There is no payment to confirm here. Start from Billing.'),
};

describeModel(
  '/billing/success walks the checkout-return paths',
  checkoutReturnMachine,
  checkoutReturnFlows,
  async (path, { input, flow }) => {
    const customer = await newCustomer(billing, 'walk');
    const getCheckout = pendingCall<Checkout, { id: string }>('getCheckout');
    customer.calls.checkout = (request, signal) => getCheckout.call(request, signal);
    renderReturn(customer, input.checkoutId, { pollDelayMs: 20, ...(input.maxChecks === undefined ? {} : { maxChecks: input.maxChecks }) });
    await flow.run(
      path,
      {
        'checkout.recheck': async () => {
          await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
        },
        'xstate.done.actor.getCheckout': async ({ output }) => {
          await waitFor(() => expect(getCheckout.pending).toBe(1));
          getCheckout.resolve(output);
        },
        'xstate.error.actor.getCheckout': async ({ error }) => {
          await waitFor(() => expect(getCheckout.pending).toBe(1));
          getCheckout.reject(error);
        },
        // The delay runs out on its own: the page asks again.
        'xstate.after.pollDelay.checkoutReturn.waiting': async () => {
          await waitFor(() => expect(getCheckout.pending).toBe(1));
        },
      } satisfies Executors<CheckoutReturnModelEvent>,
      async (expected) => {
        const shown = shownIn[String(expected.value)];
        if (!shown) throw new Error(`no view check for ${JSON.stringify(expected.value)}`);
        await waitFor(shown);
        // A link without a checkout asks nothing; otherwise only the link's checkout is asked about.
        for (const asked of getCheckout.inputs) expect(asked).toEqual({ id: 'lco_return' });
      },
    );
  },
);
