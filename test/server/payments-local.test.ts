import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import type { Billing } from '@server/payments/billing';
import type { LocalProvider } from '@server/payments/local/local-provider';
import { formatUsd } from '@/domain/money';
import { longDate } from '@/domain/subscription-text';
import { bearer, signedInUser } from './helpers/accounts';
import { hours } from './helpers/manual-clock';
import { localBilling } from './helpers/local-billing';
import { memberAt } from './helpers/audit';
import { startTestApp, type TestApp } from './helpers/test-app';
import { me } from './gateway-harness';

type ApiPlan = components['schemas']['Plan'];
type SubscriptionState = components['schemas']['SubscriptionState'];
type CardForm = components['schemas']['TestModeCardForm'];
type PortalForm = components['schemas']['TestModePortalForm'];

/**
 * The local test-mode provider end to end on the real server and its database: the billing
 * service over this provider, the provider's pages as the browser would use them, and what the
 * dashboard's API then says of the user's plan and subscription.
 */
let server: TestApp;
let local: LocalProvider;
let billing: Billing;

beforeAll(async () => {
  // Sessions outlive the months the clock moves through.
  server = await startTestApp({ SESSION_TTL_HOURS: '8760' });
  ({ local, billing } = localBilling(server));
});
afterAll(async () => server.close());

const successCard: CardForm = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' };
const declinedCard: CardForm = { ...successCard, cardNumber: '4000 0000 0000 0002' };

interface Customer {
  readonly userId: number;
  readonly token: string;
}

async function customer(label: string): Promise<Customer> {
  const { token } = await signedInUser(server.app, label);
  return { userId: (await me(server.app, token)).id, token };
}

const lastSegment = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

async function startCheckout(who: Customer, planId: number, frequency: 'MONTHLY' | 'ANNUALY' = 'MONTHLY') {
  const started = await billing.subscribe(memberAt(server, who.userId), planId, frequency);
  return { ...started, sessionId: lastSegment(started.url) };
}

const pay = (sessionId: string, form: CardForm = successCard) => local.pages.pay(sessionId, form);

async function plan(who: Customer): Promise<ApiPlan> {
  return (await server.app.inject({ method: 'GET', url: '/api/users/plan', headers: bearer(who.token) })).json();
}

async function subscription(who: Customer): Promise<SubscriptionState['subscription']> {
  const answer: SubscriptionState = (
    await server.app.inject({ method: 'GET', url: '/api/users/subscription', headers: bearer(who.token) })
  ).json();
  return answer.subscription;
}

async function localSubscriptions(who: Customer): Promise<{ id: string; status: string }[]> {
  const { rows } = await server.app.db.query<{ id: string; status: string }>(
    'SELECT id, status FROM local_subscriptions WHERE user_id = $1 ORDER BY created_at',
    [who.userId],
  );
  return rows;
}

async function subscribed(who: Customer, planId: number, frequency: 'MONTHLY' | 'ANNUALY' = 'MONTHLY') {
  const started = await startCheckout(who, planId, frequency);
  expect(await pay(started.sessionId)).toMatchObject({ status: 303 });
  return started;
}

async function portal(who: Customer) {
  const token = lastSegment(await billing.portalUrl(who.userId));
  return {
    token,
    page: async () => local.pages.portalPage(token),
    act: async (form: PortalForm) => local.pages.portalAction(token, form),
  };
}

const htmlOf = (result: { html?: string }) => result.html ?? '';

describe('checkout', () => {
  it('shows the plan, its price from the plan table, labelled card fields, Pay, Cancel and the test cards', async () => {
    const who = await customer('page');
    const { sessionId } = await startCheckout(who, 2, 'ANNUALY');
    const page = await local.pages.checkoutPage(sessionId);
    expect(page.status).toBe(200);
    const html = htmlOf(page);
    expect(html).toContain('<html lang="en">');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('Subscribe to Developer');
    expect(html).toContain('$529.20 per year');
    for (const [id, label, autocomplete] of [
      ['cardNumber', 'Card number', 'cc-number'],
      ['expiry', 'Expiry (MM / YY)', 'cc-exp'],
      ['cvc', 'CVC', 'cc-csc'],
      ['name', 'Name on card', 'cc-name'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}" name="${id}"[^>]*autocomplete="${autocomplete}"`));
    }
    // The button names what is charged; no placeholder reads as a value already typed.
    expect(html).toContain('<button type="submit">Pay $529.20</button>');
    expect(html).not.toContain('placeholder=');
    expect(html).toContain(`<a href="${server.config.publicUrl}/billing/cancel">Cancel</a>`);
    expect(html).toContain('4242 4242 4242 4242 (payment succeeds) or 4000 0000 0000 0002 (payment is declined)');
    // The pages' own policy allows exactly their one stylesheet and their one script (which formats
    // the card fields as they are typed), and forms that go on to the dashboard.
    const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
    const stylesheet = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('input[name=expiry]');
    expect(local.contentSecurityPolicy).toBe(
      `default-src 'none'; style-src 'sha256-${sha256(stylesheet)}'; script-src 'sha256-${sha256(script)}'; form-action 'self' ${new URL(server.config.publicUrl).origin}; frame-ancestors 'none'; base-uri 'none'`,
    );
  });

  it('the success card: the user moves to the plan, the subscription is active, the checkout complete, one paid invoice', async () => {
    const who = await customer('paid');
    const { sessionId, checkoutId } = await startCheckout(who, 2);
    // Starting a checkout changes nothing yet.
    expect(await plan(who)).toMatchObject({ name: 'Free' });

    const paid = await pay(sessionId);
    expect(paid).toEqual({ status: 303, location: `${server.config.publicUrl}/billing/success?checkout=${checkoutId}` });
    // Applied before the browser is sent back: the dashboard shows the plan at once.
    expect(await plan(who)).toMatchObject({ name: 'Developer', rate: 50, credit: 1_500_000, maxKey: 10 });
    expect(await subscription(who)).toMatchObject({
      planName: 'Developer',
      frequency: 'MONTHLY',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(await billing.checkout(who.userId, checkoutId)).toMatchObject({ status: 'complete', amount: 4_900, currency: 'USD' });
    expect(await billing.invoices(who.userId)).toEqual([
      expect.objectContaining({ amount: 4_900, currency: 'USD', status: 'paid', number: expect.stringMatching(/^TEST-\d{6}$/) }),
    ]);
    expect((await localSubscriptions(who)).map((row) => row.id)).toEqual([expect.stringMatching(/^lsub_/)]);
    // The page of a paid checkout sends the user on, never to a second payment.
    expect(htmlOf(await local.pages.checkoutPage(sessionId))).toContain('This checkout is paid already.');
  });

  it('the declined card: "Your card was declined." on the page (402), and nothing changes', async () => {
    const who = await customer('declined');
    const { sessionId, checkoutId } = await startCheckout(who, 3);
    const declined = await pay(sessionId, declinedCard);
    expect(declined.status).toBe(402);
    expect(htmlOf(declined)).toContain('<p class="alert" role="alert">Your card was declined.</p>');
    expect(htmlOf(declined)).toContain('value="4000 0000 0000 0002"');
    expect(await plan(who)).toMatchObject({ name: 'Free' });
    expect(await subscription(who)).toBeNull();
    expect(await billing.checkout(who.userId, checkoutId)).toMatchObject({ status: 'open' });
    expect(await billing.invoices(who.userId)).toEqual([]);
    // The same checkout can still be paid with a good card.
    expect(await pay(sessionId)).toMatchObject({ status: 303 });
    expect(await plan(who)).toMatchObject({ name: 'Business' });
  });

  it('refuses other cards and bad fields with a message next to each field, keeping what was typed (400)', async () => {
    const who = await customer('fields');
    const { sessionId } = await startCheckout(who, 2);
    const other = await pay(sessionId, { ...successCard, cardNumber: '5555 5555 5555 4444', name: 'Grace <Hopper>' });
    expect(other.status).toBe(400);
    const html = htmlOf(other);
    expect(html).toContain(
      '<p class="error" id="cardNumber-error">Use a test card: 4242 4242 4242 4242 (payment succeeds) or 4000 0000 0000 0002 (payment is declined).</p>',
    );
    expect(html).toMatch(/<input id="cardNumber"[^>]*value=""[^>]* aria-invalid="true" aria-describedby="cardNumber-error">/);
    expect(html).not.toContain('5555');
    expect(html).toContain('value="Grace &lt;Hopper&gt;"');

    const bad = htmlOf(await pay(sessionId, { cardNumber: '4242424242424242', expiry: '01 / 20', cvc: '1', name: '' }));
    for (const [field, message] of [
      ['expiry', 'This expiry date is in the past: enter a future one.'],
      ['cvc', 'Enter the 3 or 4 digit security code (CVC).'],
      ['name', 'Enter the name on the card.'],
    ]) {
      expect(bad).toContain(`<p class="error" id="${field}-error">${message}</p>`);
      expect(bad).toMatch(new RegExp(`<input id="${field}"[^>]* aria-invalid="true" aria-describedby="${field}-error">`));
    }
    expect(bad).toContain('value="01 / 20"');
    expect(await plan(who)).toMatchObject({ name: 'Free' });
  });

  it.each(['1230', '12/30', '12 / 2030', '12-30'])('accepts the expiry typed as %j', async (expiry) => {
    const who = await customer(`expiry-${expiry.replace(/\W/g, '')}`);
    const { sessionId } = await startCheckout(who, 2);
    expect(await pay(sessionId, { ...successCard, expiry })).toMatchObject({ status: 303 });
    expect(await plan(who)).toMatchObject({ name: 'Developer' });
  });

  it('Pay pressed twice, or in two tabs at once: one subscription, one invoice, every answer sends the browser on', async () => {
    const who = await customer('twice');
    const { sessionId, url } = await startCheckout(who, 2);
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(sessionId)));
    const successUrl = answers[0]?.location;
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 303, location: successUrl })));
    expect(await pay(sessionId)).toEqual({ status: 303, location: successUrl });
    expect(await localSubscriptions(who)).toHaveLength(1);
    expect(await billing.invoices(who.userId)).toHaveLength(1);
    expect(url).toContain('/api/payment/test-mode/checkout/lco_');
  });

  it('an expired or replaced checkout is refused (409) and charges nothing', async () => {
    const who = await customer('expired');
    const first = await startCheckout(who, 2);
    const second = await startCheckout(who, 3);
    const replaced = await pay(first.sessionId);
    expect(replaced.status).toBe(409);
    expect(htmlOf(replaced)).toContain('This checkout has expired');
    expect(htmlOf(replaced)).toContain(`href="${server.config.publicUrl}/billing/cancel"`);

    server.clock.advance(hours(24));
    expect((await pay(second.sessionId)).status).toBe(409);
    expect((await local.pages.checkoutPage(second.sessionId)).status).toBe(404);
    expect(await plan(who)).toMatchObject({ name: 'Free' });
    expect(await billing.invoices(who.userId)).toEqual([]);
    expect((await local.pages.checkoutPage('lco_nothing')).status).toBe(404);
  });
});

describe('upgrade of a paying user', () => {
  it('changes the same subscription, charging the new price less the unused part of the period', async () => {
    const who = await customer('upgrade');
    await subscribed(who, 2);
    const [before] = await localSubscriptions(who);
    const period = await subscription(who);
    const dayMs = hours(24);
    const totalDays = (Date.parse(period?.currentPeriodEnd ?? '') - Date.parse(period?.currentPeriodStart ?? '')) / dayMs;
    server.clock.advance(10 * dayMs);
    const { sessionId } = await startCheckout(who, 3);
    // Whole days on both sides: 24,900 less 4,900 × (days unused / days in the period), floored.
    const expected = Math.floor((24_900 * totalDays - 4_900 * (totalDays - 10)) / totalDays);
    const page = htmlOf(await local.pages.checkoutPage(sessionId));
    expect(page).toContain('Upgrade to Business');
    expect(page).toContain(`${formatUsd(expected)} due today`);
    expect(page).toContain(`<button type="submit">Pay ${formatUsd(expected)}</button>`);
    // The card on file pays: nothing to type again (another card can still be given, optionally).
    expect(page).toContain('Paid with the card on file: <strong>test card ending in 4242</strong>');
    expect(page).not.toMatch(/<input [^>]* required/);

    expect(await pay(sessionId, { cardNumber: '', expiry: '', cvc: '', name: '' })).toMatchObject({ status: 303 });
    expect(await localSubscriptions(who)).toEqual([{ id: before?.id, status: 'active' }]);
    expect(await plan(who)).toMatchObject({ name: 'Business' });
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.amount)).toEqual([expected, 4_900]);
    expect(await subscription(who)).toMatchObject({ planName: 'Business', currentPeriodStart: server.clock.now().toISOString() });
  });
});

describe('customer portal', () => {
  it('shows the plan, the renewal date, the invoices, switch, cancel, the test clock and the way back', async () => {
    const who = await customer('portal');
    await subscribed(who, 2);
    const page = await (await portal(who)).page();
    expect(page.status).toBe(200);
    const html = htmlOf(page);
    expect(html).toContain('<strong>Developer</strong>, billed monthly: $49.00 per month');
    expect(html).toMatch(/Renews on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(html).toContain('<td class="amount">$49.00</td><td>Paid</td>');
    expect(html).toContain('value="cancel"');
    expect(html).toContain('<h2 id="switch-heading">Switch plan</h2>');
    expect(html).toContain('<h2 id="clock-heading">Test clock</h2>');
    expect(html).toContain(`<a href="${server.config.publicUrl}/billing">Return to dashboard</a>`);
  });

  it('cancel at period end, then the renewal ends the plan: back to Free', async () => {
    const who = await customer('cancel');
    await subscribed(who, 2);
    const { act, page, token } = await portal(who);
    const portalUrl = `${server.config.publicUrl}/api/payment/test-mode/portal/${token}`;
    expect(await act({ action: 'cancel' })).toEqual({ status: 303, location: `${portalUrl}?notice=cancelled` });
    expect(htmlOf(await local.pages.portalPage(token, 'cancelled'))).toMatch(
      /<p class="success" role="status">Your plan is cancelled: it stays until [A-Z][a-z]+ \d{1,2}, \d{4}, then moves to Free\.<\/p>/,
    );
    expect(await subscription(who)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(await plan(who)).toMatchObject({ name: 'Developer' });
    expect(htmlOf(await page())).toMatch(/Cancels on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect((await act({ action: 'cancel' })).status).toBe(409);

    expect(await act({ action: 'resume' })).toMatchObject({ status: 303 });
    expect(await subscription(who)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(await act({ action: 'cancel' })).toMatchObject({ status: 303 });

    expect(await act({ action: 'renew' })).toMatchObject({ status: 303 });
    expect(await plan(who)).toMatchObject({ name: 'Free' });
    expect(await subscription(who)).toBeNull();
    expect(htmlOf(await page())).toContain('You have no paid plan');
  });

  it('a failed renewal makes the subscription past due; retrying the payment makes it active again', async () => {
    const who = await customer('past-due');
    await subscribed(who, 2);
    const { act, page, token } = await portal(who);
    const declined = await act({ action: 'renew-declined' });
    expect(declined).toMatchObject({ status: 303, location: expect.stringMatching(/\?notice=renewal-failed$/) });
    // A failure reads as one: an alert in red, never the green box of a success.
    const landed = htmlOf(await local.pages.portalPage(token, 'renewal-failed'));
    expect(landed).toContain('<p class="alert" role="alert">The renewal payment failed: the invoice is unpaid.</p>');
    expect(landed).not.toContain('class="success"');
    const pastDue = await subscription(who);
    expect(pastDue).toMatchObject({ status: 'past_due', graceEndsAt: expect.any(String), planName: 'Developer' });
    expect(await plan(who)).toMatchObject({ name: 'Developer' });
    const pastDuePage = htmlOf(await page());
    expect(pastDuePage).toContain('Your last payment failed');
    // The dashboard's words and date (the API's graceEndsAt), never a renewal that will not happen.
    expect(pastDuePage).toContain(`Payment due — back to Free on ${longDate(pastDue?.graceEndsAt ?? '', 'UTC')} unless paid.`);
    expect(pastDuePage).not.toContain('Renews on');
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.status)).toEqual(['open', 'paid']);
    expect((await act({ action: 'renew' })).status).toBe(409);

    const retried = await act({ action: 'retry-payment' });
    expect(retried).toMatchObject({ status: 303, location: expect.stringMatching(/\?notice=payment-retried$/) });
    expect(await subscription(who)).toMatchObject({ status: 'active', graceEndsAt: null });
    // The page it lands on says what happened.
    const [renewal] = await billing.invoices(who.userId);
    expect(htmlOf(await local.pages.portalPage(lastSegment(retried.location ?? ''), 'payment-retried'))).toContain(
      `Payment received: $49.00 (invoice ${renewal?.number}) was charged to the test card ending in 4242. Your Developer plan is active again.`,
    );
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect((await act({ action: 'retry-payment' })).status).toBe(409);
  });

  it('the card can be replaced: a declined or malformed one is refused on the page; a past-due invoice is paid with the new one', async () => {
    const who = await customer('replace-card');
    await subscribed(who, 2);
    const { act, page, token } = await portal(who);
    const before = htmlOf(await page());
    expect(before).toContain('Card on file: <strong>test card ending in 4242</strong>');
    expect(before).toContain('<button type="submit" name="action" value="update-card">Save card</button>');
    expect(await act({ action: 'renew-declined' })).toMatchObject({ status: 303 });
    expect(htmlOf(await page())).toContain('value="update-card">Save card and pay $49.00</button>');

    const declined = await act({ action: 'update-card', ...declinedCard });
    expect(declined.status).toBe(402);
    expect(htmlOf(declined)).toContain('<p class="alert" role="alert">Your card was declined.</p>');
    const malformed = await act({ action: 'update-card', ...successCard, expiry: '13 / 40', cvc: '' });
    expect(malformed.status).toBe(400);
    expect(htmlOf(malformed)).toContain('<p class="error" id="expiry-error">Enter the expiry date as MM / YY, for example 12 / 34.</p>');
    expect(await subscription(who)).toMatchObject({ status: 'past_due' });

    const replaced = await act({ action: 'update-card', cardNumber: '4242424242424242', expiry: '1240', cvc: '999', name: 'Ada' });
    expect(replaced).toEqual({
      status: 303,
      location: `${server.config.publicUrl}/api/payment/test-mode/portal/${token}?notice=card-replaced-paid`,
    });
    expect(await subscription(who)).toMatchObject({ status: 'active', graceEndsAt: null });
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(htmlOf(await local.pages.portalPage(token, 'card-replaced-paid'))).toContain(
      'Card saved, and the unpaid invoice is paid: $49.00 (invoice',
    );
    // Paid up: another card only replaces the one on file.
    expect(await act({ action: 'update-card', ...successCard })).toMatchObject({
      location: expect.stringMatching(/notice=card-replaced$/),
    });
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
  });

  it('each invoice opens as a receipt page: number, date, who, what, amount, paid', async () => {
    const who = await customer('receipt');
    await subscribed(who, 2);
    const [invoice] = await billing.invoices(who.userId);
    expect(invoice?.url).toMatch(new RegExp(`^${server.config.publicUrl}/api/payment/test-mode/invoices/lin_`));
    const receipt = await local.pages.receiptPage(lastSegment(invoice?.url ?? ''));
    expect(receipt.status).toBe(200);
    const html = htmlOf(receipt);
    expect(html).toContain(`<h1>Receipt ${invoice?.number}</h1>`);
    expect(html).toContain('<tr><th scope="row">Amount</th><td>$49.00 (USD)</td></tr>');
    expect(html).toContain('<tr><th scope="row">Description</th><td>Developer plan, billed monthly</td></tr>');
    expect(html).toMatch(/Paid on [A-Z][a-z]+ \d{1,2}, \d{4} by test card\./);
    expect(htmlOf(await (await portal(who)).page())).toContain(
      `<a href="${invoice?.url}"><span class="visually-hidden">Receipt </span>${invoice?.number}</a>`,
    );
    expect((await local.pages.receiptPage('lin_unknown')).status).toBe(404);
  });

  it('a switch down waits for the end of the period, then the renewal moves the user to the lower plan', async () => {
    const who = await customer('down');
    await subscribed(who, 3);
    const { act, page } = await portal(who);
    expect(await act({ action: 'switch', planId: '2', frequency: 'MONTHLY' })).toMatchObject({ status: 303 });
    expect(await plan(who)).toMatchObject({ name: 'Business' });
    expect(htmlOf(await local.pages.portalPage((await portal(who)).token, 'switch-saved'))).toMatch(/Switch saved: Developer starts on /);
    expect(htmlOf(await page())).toMatch(/Switches to <strong>Developer, billed monthly<\/strong> on /);

    expect(await act({ action: 'renew' })).toMatchObject({ status: 303 });
    expect(await plan(who)).toMatchObject({ name: 'Developer' });
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.amount)).toEqual([4_900, 24_900]);
  });

  it('a switch up goes through a change checkout of the same subscription; bad forms are refused on the page', async () => {
    const who = await customer('up');
    await subscribed(who, 2);
    const [before] = await localSubscriptions(who);
    const { act } = await portal(who);
    const answer = await act({ action: 'switch', planId: '4', frequency: 'MONTHLY' });
    expect(answer).toMatchObject({ status: 303, location: expect.stringContaining('/api/payment/test-mode/checkout/lco_') });
    expect(await plan(who)).toMatchObject({ name: 'Developer' });
    // The card on file pays (the form's fields are left empty); back to the portal, which says so.
    const paid = await pay(lastSegment(answer.location ?? ''), { cardNumber: '', expiry: '', cvc: '', name: '' });
    expect(paid).toMatchObject({ status: 303, location: expect.stringMatching(/\/portal\/[^/?]+\?notice=upgraded$/) });
    expect(await plan(who)).toMatchObject({ name: 'Professional' });
    expect(await localSubscriptions(who)).toEqual([{ id: before?.id, status: 'active' }]);

    for (const form of [
      { action: 'switch', planId: '1', frequency: 'MONTHLY' },
      { action: 'switch', planId: '5', frequency: 'MONTHLY' },
      { action: 'switch', planId: '2', frequency: 'WEEKLY' },
      { action: 'switch' },
    ] as const) {
      const refused = await act(form);
      expect(refused.status).toBe(400);
      expect(htmlOf(refused)).toContain('Choose a paid plan and a billing frequency.');
    }
  });

  it('a portal link ends after an hour; an unknown one opens nothing', async () => {
    const who = await customer('link');
    const { page, act } = await portal(who);
    expect((await page()).status).toBe(200);
    expect((await act({ action: 'cancel' })).status).toBe(409);
    server.clock.advance(hours(1));
    expect((await page()).status).toBe(404);
    expect((await act({ action: 'cancel' })).status).toBe(404);
    expect((await local.pages.portalPage('not-a-token')).status).toBe(404);
  });
});

describe('time passing', () => {
  it('renewDue renews every subscription whose period ended, paid, from the same anchor', async () => {
    const who = await customer('time');
    await subscribed(who, 2);
    const start = await subscription(who);
    server.clock.advance(hours(24) * 40);
    // The server's own minute check may renew it first: either way it renews once.
    await local.renewDue();
    const renewed = await subscription(who);
    expect(renewed).toMatchObject({ status: 'active', planName: 'Developer', currentPeriodStart: start?.currentPeriodEnd });
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(await local.renewDue()).toBe(0);
  });

  it('a subscription cancelled by the billing service (grace ended, or a duplicate) ends at once; a refund voids its invoices', async () => {
    const who = await customer('refund');
    await subscribed(who, 2);
    const [live] = await localSubscriptions(who);
    await local.provider.cancelSubscription(live?.id ?? '', { refund: true });
    expect(await localSubscriptions(who)).toEqual([{ id: live?.id, status: 'canceled' }]);
    expect(await plan(who)).toMatchObject({ name: 'Free' });
    expect((await billing.invoices(who.userId)).map((invoice) => invoice.status)).toEqual(['void']);
  });
});
