import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallFailed } from '@/domain/call-failure';
import { queryClient } from '@/app/query-client';
import {
  type BillingServer,
  newCustomer,
  payCheckout,
  portalAction,
  renderBilling,
  setPlan,
  startBillingServer,
  subscribedCustomer,
  userPlanName,
} from './billing-harness';

let billing: BillingServer;
// A server start can take long on a busy machine: the time limit only catches a hung start.
beforeAll(async () => {
  billing = await startBillingServer();
}, 120_000);
afterAll(() => billing?.close());
afterEach(() => queryClient.clear());

const planCards = () => screen.getAllByRole('article');
const upgrade = (plan: string) => screen.getByRole('button', { name: `Upgrade to ${plan}` });
const section = (name: string) => screen.getByRole('region', { name });

describe('/billing for a Free user, against the real server', () => {
  it("shows the current plan, the plans in order with their monthly prices, Upgrade only above Free and 'Current plan' on Free", async () => {
    await renderBilling(await newCustomer(billing, 'free'));
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Billing & Plans']);
    expect(within(section('Current Plan')).getByText('Free Plan')).toBeTruthy();
    await screen.findByRole('button', { name: 'Upgrade to Developer' });
    expect(planCards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Free',
      'Developer',
      'Business',
      'Professional',
    ]);
    expect(planCards().map((card) => within(card).getByText(/ \/ month$/).textContent)).toEqual([
      '$0.00 / month',
      '$49.00 / month',
      '$249.00 / month',
      '$499.00 / month',
    ]);
    const developer = within(planCards()[1] as HTMLElement);
    expect(developer.getByText('1,500,000 credits a month')).toBeTruthy();
    expect(developer.getByText('50 requests per second')).toBeTruthy();
    expect(developer.getByText('10 API keys')).toBeTruthy();
    await waitFor(() => expect(upgrade('Developer').hasAttribute('disabled')).toBe(false));
    expect(upgrade('Business').hasAttribute('disabled')).toBe(false);
    expect(upgrade('Professional').hasAttribute('disabled')).toBe(false);
    // The user's own plan is said, not offered as a disabled Upgrade.
    const free = within(planCards()[0] as HTMLElement);
    expect(free.getByText('Current plan')).toBeTruthy();
    expect(free.queryByRole('button')).toBeNull();
  });

  it("switches to yearly: '- 10%' on the switch and the server's yearly prices, each with what it comes to a month", async () => {
    await renderBilling(await newCustomer(billing, 'yearly'));
    await screen.findByRole('button', { name: 'Upgrade to Developer' });
    const yearly = screen.getByRole('radio', { name: /Yearly/ });
    expect(yearly.closest('label')?.textContent).toContain('- 10%');
    await userEvent.click(yearly);
    await screen.findByText('$529.20 / year');
    expect(planCards().map((card) => within(card).getByText(/ \/ year$/).textContent)).toEqual([
      '$0.00 / year',
      '$529.20 / year',
      '$2,689.20 / year',
      '$5,389.20 / year',
    ]);
    expect(planCards().map((card) => within(card).queryByText(/, billed yearly$/)?.textContent ?? null)).toEqual([
      null,
      '$44.10 / month, billed yearly',
      '$224.10 / month, billed yearly',
      '$449.10 / month, billed yearly',
    ]);
    await userEvent.click(upgrade('Business'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Business' });
    expect(within(dialog).getByText('$224.10 / month, billed yearly')).toBeTruthy();
    // A new subscriber pays the whole price today, as the payment page charges it.
    expect(within(dialog).getByText('Due today: $2,689.20')).toBeTruthy();
  });

  it('offers the enterprise contact (the configured sales address) and an empty invoices list', async () => {
    const customer = await newCustomer(billing, 'contact');
    await renderBilling(customer);
    const contact = within(section('Enterprise')).getByRole('link', { name: 'Contact sales' });
    expect(contact.getAttribute('href')).toBe('mailto:sales@example.com');
    await within(section('Invoices')).findByText('No invoices yet. They appear here after your first payment.', {});
  });

  it('starts the checkout and sends the browser to the url the server returned; the plan does not change yet', async () => {
    const customer = await newCustomer(billing, 'upgrade');
    const { redirects } = await renderBilling(customer);
    await waitFor(() => expect(upgrade('Developer').hasAttribute('disabled')).toBe(false));
    await userEvent.click(upgrade('Developer'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Developer' });
    expect(within(dialog).getByText('$49.00 / month')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay with Card' }));
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]).toMatch(/\/api\/payment\/test-mode\/checkout\/[^/]+$/);
    // Starting a checkout changes nothing: only the provider's verified event does.
    expect(await userPlanName(billing, customer)).toBe('Free');
  });

  it('closing the modal cancels: no checkout is started', async () => {
    const customer = await newCustomer(billing, 'close');
    const { redirects } = await renderBilling(customer);
    await waitFor(() => expect(upgrade('Business').hasAttribute('disabled')).toBe(false));
    await userEvent.click(upgrade('Business'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Business' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(redirects).toEqual([]);
  });
});

describe('/billing for a paying user', () => {
  it('shows the plan with its renewal date, Upgrade only above it, the lower plans through the portal, and the paid invoice', async () => {
    const customer = await subscribedCustomer(billing, 2, 'developer');
    const { redirects } = await renderBilling(customer);
    const current = section('Current Plan');
    await within(current).findByText('Developer Plan', {});
    await within(current).findByText(/^Renews on /);
    await waitFor(() => expect(upgrade('Business').hasAttribute('disabled')).toBe(false));
    expect(upgrade('Professional').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Upgrade to Free' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade to Developer' })).toBeNull();
    expect(within(planCards()[1] as HTMLElement).getByText('Current plan')).toBeTruthy();
    // Below the plan: the way down, said, and the button that opens the customer portal.
    const moveToFree = within(planCards()[0] as HTMLElement).getByRole('button', { name: 'Move to Free' });
    const hint = document.getElementById(moveToFree.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Cancel your plan in the customer portal: it stays until the end of the period, then you are on Free.');
    await userEvent.click(moveToFree);
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]).toMatch(/\/api\/payment\/test-mode\/portal\/[^/]+$/);
    const invoices = section('Invoices');
    await within(invoices).findByText('$49.00', {});
    expect(within(invoices).getByText('Paid')).toBeTruthy();
    // The test-mode provider's receipt page, opened in a new tab.
    const [invoice] = await customer.calls.invoices();
    const receipt = within(invoices).getByRole('link', { name: `Receipt for invoice ${invoice?.number}` });
    expect(receipt.textContent).toBe('Receipt');
    expect(receipt.getAttribute('href')).toMatch(/\/api\/payment\/test-mode\/invoices\/lin_[\w-]+$/);
  });

  it("the Upgrade modal says what is due today: the new plan's price less the unused part of the current period", async () => {
    const customer = await subscribedCustomer(billing, 2, 'prorated');
    await renderBilling(customer);
    await waitFor(() => expect(upgrade('Business').hasAttribute('disabled')).toBe(false));
    await userEvent.click(upgrade('Business'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Business' });
    expect(within(dialog).getByText('$249.00 / month')).toBeTruthy();
    // Paid moments ago: almost the whole $49.00 period is unused (a cent may have been used since).
    expect(within(dialog).getByText(/^Due today: \$(200\.00|199\.99)$/)).toBeTruthy();
    expect(within(dialog).getByText(/less the unused part of your current period/)).toBeTruthy();
  });

  it("links each invoice to the provider's hosted page (a paid one's as its receipt) and PDF when it has them", async () => {
    const customer = await newCustomer(billing, 'invoice-links');
    customer.calls.invoices = async () => [
      {
        id: 'in_3',
        number: 'A1B2-0003',
        date: '2025-04-07T10:00:00.000Z',
        amount: 24_900,
        currency: 'USD',
        status: 'paid',
        url: 'https://invoice.stripe.com/i/in_3',
        pdfUrl: null,
      },
      {
        id: 'in_2',
        number: 'A1B2-0002',
        date: '2025-03-07T10:00:00.000Z',
        amount: 24_900,
        currency: 'USD',
        status: 'open',
        url: 'https://invoice.stripe.com/i/in_2',
        pdfUrl: 'https://pay.stripe.com/invoice/in_2/pdf',
      },
      {
        id: 'in_1',
        number: null,
        date: '2025-02-07T10:00:00.000Z',
        amount: 4_900,
        currency: 'USD',
        status: 'paid',
        url: null,
        pdfUrl: null,
      },
    ];
    await renderBilling(customer);
    const invoices = section('Invoices');
    await within(invoices).findByText('A1B2-0002', {});
    const rows = within(invoices).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^April 7, 2025A1B2-0003\$249\.00PaidReceipt$/),
      expect.stringMatching(/^March 7, 2025A1B2-0002\$249\.00DueViewPDF$/),
      expect.stringMatching(/^February 7, 2025No number\$49\.00Paid$/),
    ]);
    // Stripe's hosted invoice page of a paid invoice is its receipt.
    const receipt = within(invoices).getByRole('link', { name: 'Receipt for invoice A1B2-0003' });
    expect(receipt.getAttribute('href')).toBe('https://invoice.stripe.com/i/in_3');
    const view = within(invoices).getByRole('link', { name: 'View invoice A1B2-0002' });
    expect(view.getAttribute('href')).toBe('https://invoice.stripe.com/i/in_2');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    expect(within(invoices).getByRole('link', { name: 'PDF of invoice A1B2-0002' }).getAttribute('href')).toBe(
      'https://pay.stripe.com/invoice/in_2/pdf',
    );
  });

  it('opens the customer portal from the payment card', async () => {
    const customer = await subscribedCustomer(billing, 2, 'portal');
    const { redirects } = await renderBilling(customer);
    await userEvent.click(within(section('Payment Management')).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]).toMatch(/\/api\/payment\/test-mode\/portal\/[^/]+$/);
  });

  it('says when the plan ends after a cancel in the portal', async () => {
    const customer = await subscribedCustomer(billing, 3, 'cancelling');
    await portalAction(billing, customer, 'cancel');
    await renderBilling(customer);
    await within(section('Current Plan')).findByText(/^Ends on .* — back to Free$/, {});
  });

  it('shows the past-due banner after a failed renewal, with the way to the portal', async () => {
    const customer = await subscribedCustomer(billing, 2, 'pastdue');
    await portalAction(billing, customer, 'renew-declined');
    const { redirects } = await renderBilling(customer);
    const banner = await screen.findByRole('region', { name: 'Your renewal payment failed' });
    expect(banner.textContent).toMatch(/We could not charge your card for the Developer plan\. .* your plan drops to Free on /);
    await userEvent.click(within(banner).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]).toMatch(/\/payment\/test-mode\/portal\//);
  });
});

describe('/billing for an Enterprise user', () => {
  it('hides the plans list and Upgrade, and keeps the contact card', async () => {
    const customer = await newCustomer(billing, 'enterprise');
    await setPlan(billing, customer, 'Enterprise');
    await renderBilling(customer);
    await within(section('Current Plan')).findByText('Enterprise Plan', {});
    expect(screen.queryByRole('heading', { name: 'Available Plans' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Upgrade/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(within(section('Enterprise')).getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toBe(
      'mailto:sales@example.com',
    );
  });
});

describe('/billing when calls fail', () => {
  it("shows 'Loading plans...' then the plans error inline, and Retry loads them", async () => {
    const customer = await newCustomer(billing, 'plans-fail');
    const realPlans = customer.calls.plans;
    let release: () => void = () => {};
    let fail = true;
    customer.calls.plans = (signal) =>
      new Promise((resolve, reject) => {
        release = () => (fail ? reject(new CallFailed({ kind: 'no-answer' })) : resolve(realPlans(signal)));
      });
    queryClient.setQueryDefaults(['get', '/plans'], { retry: false });
    await renderBilling(customer);
    expect(within(section('Available Plans')).getByRole('status').textContent).toBe('Loading plans...');
    release();
    expect((await within(section('Available Plans')).findByRole('alert')).textContent).toBe('Failed to fetch plans');
    fail = false;
    await userEvent.click(within(section('Available Plans')).getByRole('button', { name: 'Retry' }));
    release();
    await screen.findByRole('button', { name: 'Upgrade to Developer' });
  });

  it("shows 'Failed to fetch invoices' when the provider does not answer without a message", async () => {
    const customer = await newCustomer(billing, 'invoices-fail');
    customer.calls.invoices = async () => {
      throw new CallFailed({ kind: 'refused', status: 502, message: null });
    };
    queryClient.setQueryDefaults(['get', '/payment/invoices'], { retry: false });
    await renderBilling(customer);
    expect((await within(section('Invoices')).findByRole('alert', {})).textContent).toBe('Failed to fetch invoices');
  });

  it("shows the server's reason when the checkout is refused", async () => {
    const customer = await newCustomer(billing, 'refused');
    const { redirects } = await renderBilling(customer);
    await waitFor(() => expect(upgrade('Developer').hasAttribute('disabled')).toBe(false));
    // Another tab paid for Developer meanwhile: this page still offers it, the server refuses it.
    await payCheckout(billing, (await customer.calls.subscribe({ planId: 2, frequency: 'MONTHLY' })).url);
    await userEvent.click(upgrade('Developer'));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Developer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay with Card' }));
    expect((await within(dialog).findByRole('alert', {})).textContent).toBe('You are already on the Developer plan.');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(redirects).toEqual([]);
  });
});
