/**
 * The billing story, as a new user tries it, in real Chromium against the real server and its local
 * test-mode payment provider: the plans in order with the Monthly/Yearly switch, the Upgrade modal
 * (closed and reopened), a declined card on the checkout page, a paid card and the return page, the
 * dashboard on Developer, Upgrade only above the plan, the invoice in the app and in the customer
 * portal, a failed renewal (past-due banner), cancelling at the period's end and the end of that
 * period (back to Free); and an Enterprise user, who sees the contact card but no plans. axe-core on
 * /billing, the modal, the checkout and the portal. Run at 1280×800 and 390×844, each with its own
 * server and accounts. Screenshots land in screenshots/.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findPlanByName } from '@server/repos/plans';
import { setUserPlan } from '@server/repos/users';
import { expectHidden, expectPath, expectVisible, logIn, openContext, uiTimeout } from '../support/page';
import { expectNoViolations } from '../support/screen-checks';
import { screenshot } from '../support/screenshots';
import { logInThroughApi, setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** Texts SPEC.md gives word for word. */
const spec = {
  payWithCard: 'Pay with Card',
  yearlyDiscount: '- 10%',
  loadingPlans: 'Loading plans...',
  plansFailed: 'Failed to fetch plans',
  freePlan: 'Free Plan',
  upgrade: 'Upgrade',
  listedPlans: ['Free', 'Developer', 'Business', 'Professional'],
} as const;

type ListedPlan = (typeof spec.listedPlans)[number];
type Frequency = 'MONTHLY' | 'ANNUALY';

/** The plan table (src/domain/plan-catalog.ts) as the plan cards show it: yearly is 12 months less 10 %. */
const prices: Record<ListedPlan, Record<Frequency, string>> = {
  Free: { MONTHLY: '$0.00 / month', ANNUALY: '$0.00 / year' },
  Developer: { MONTHLY: '$49.00 / month', ANNUALY: '$529.20 / year' },
  Business: { MONTHLY: '$249.00 / month', ANNUALY: '$2,689.20 / year' },
  Professional: { MONTHLY: '$499.00 / month', ANNUALY: '$5,389.20 / year' },
};

/** The Developer plan's figures as the dashboard shows them. */
const developer = { credits: '1,500,000', rate: '50', maxKeys: '10' } as const;

/** Stripe's test cards, which the test-mode provider knows; any future expiry and any CVC. */
const card = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  expiry: `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
  cvc: '123',
  name: 'Ada Lovelace',
} as const;

/** The sales address the server is configured with: the enterprise card's mailto, never the user's own. */
const salesEmail = 'sales.team@rpc-provider.example';

/** Locators aligned with the screens as built (roles and labels only): one place to change when a label changes. */
const ui = {
  billingHeading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Billing & Plans', exact: true }),
  currentPlanCard: (page: Page) => page.getByRole('region', { name: 'Current Plan', exact: true }),
  plansSection: (page: Page) => page.getByRole('region', { name: 'Available Plans', exact: true }),
  planCard: (page: Page, name: ListedPlan) => ui.plansSection(page).getByRole('article', { name, exact: true }),
  planNames: (page: Page) => ui.plansSection(page).getByRole('heading', { level: 3 }),
  /** The Monthly/Yearly switch is a radio group drawn as a segmented control; its items are labels. */
  frequencyGroup: (page: Page) => page.getByRole('radiogroup', { name: 'Billing period', exact: true }),
  /** The item's text; Yearly's carries the '- 10%' badge too. */
  frequencyItem: (page: Page, label: 'Monthly' | 'Yearly') => ui.frequencyGroup(page).getByText(new RegExp(`^${label}`)),
  frequencyRadio: (page: Page, label: 'Monthly' | 'Yearly') =>
    ui.frequencyGroup(page).getByRole('radio', { name: new RegExp(`^${label}`) }),
  upgradeButton: (page: Page, name: ListedPlan) => page.getByRole('button', { name: `${spec.upgrade} to ${name}`, exact: true }),
  anyUpgradeButton: (page: Page) => page.getByRole('button', { name: /^Upgrade/ }),
  checkoutDialog: (page: Page, name: ListedPlan) => page.getByRole('dialog', { name: `${spec.upgrade} to ${name}` }),
  paymentCard: (page: Page) => page.getByRole('region', { name: 'Payment Management', exact: true }),
  manageBilling: (page: Page) => ui.paymentCard(page).getByRole('button', { name: 'Manage billing', exact: true }),
  invoicesCard: (page: Page) => page.getByRole('region', { name: 'Invoices', exact: true }),
  enterpriseCard: (page: Page) => page.getByRole('region', { name: 'Enterprise', exact: true }),
  contactSales: (page: Page) => ui.enterpriseCard(page).getByRole('link', { name: 'Contact sales', exact: true }),
  pastDueBanner: (page: Page) => page.getByRole('region', { name: 'Your renewal payment failed', exact: true }),
  updatePaymentMethod: (page: Page) => ui.pastDueBanner(page).getByRole('button', { name: 'Update payment method', exact: true }),
  /** The dashboard's four figures, each a group named by its label. */
  statCard: (page: Page, label: 'Credits available' | 'API Keys' | 'Current Plan' | 'Rate Limit') =>
    page.getByRole('group', { name: label, exact: true }),
  upgradePlanLink: (page: Page) => page.getByRole('link', { name: 'Upgrade Plan', exact: true }),
  paymentReceived: (page: Page) => page.getByText('Payment received. You are now on the Developer plan.', { exact: true }),
  goToDashboard: (page: Page) => page.getByRole('link', { name: 'Go to the dashboard', exact: true }),
  /** The test-mode provider's checkout page (server/payments/local/pages/checkout-page.ts). */
  checkout: {
    heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Subscribe to Developer', exact: true }),
    cardNumber: (page: Page) => page.getByLabel('Card number', { exact: true }),
    expiry: (page: Page) => page.getByLabel('Expiry (MM / YY)', { exact: true }),
    cvc: (page: Page) => page.getByLabel('CVC', { exact: true }),
    name: (page: Page) => page.getByLabel('Name on card', { exact: true }),
    /** Pay names the amount it charges. */
    pay: (page: Page, amount = '$49.00') => page.getByRole('button', { name: `Pay ${amount}`, exact: true }),
    declined: (page: Page) => page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  },
  /** The test-mode provider's customer portal (server/payments/local/pages/portal-page.ts). */
  portal: {
    heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Customer portal', exact: true }),
    invoiceRow: (page: Page, number: string) =>
      page.getByRole('region', { name: 'Invoices', exact: true }).getByRole('row').filter({ hasText: number }),
    button: (
      page: Page,
      name:
        | 'Renew now: payment succeeds'
        | 'Renew now: payment fails'
        | 'Save card and pay $49.00'
        | 'Cancel plan at the end of the period'
        | 'Keep my plan (undo the cancellation)',
    ) => page.getByRole('button', { name, exact: true }),
    pastDue: (page: Page) => page.getByText('Your last payment failed and the invoice is unpaid', { exact: false }),
    /** The renewal line while past due: the dashboard's words and date. */
    graceLine: (page: Page) => page.getByText(/^Payment due — back to Free on .+ unless paid\.$/).first(),
    notice: (page: Page) => page.getByRole('status').filter({ hasText: /^(Card saved|Payment received|Your plan)/ }),
    replaceCard: (page: Page) => page.getByRole('region', { name: 'Payment method', exact: true }),
    cancels: (page: Page) => page.getByText(/^Cancels on .+\.$/),
    noPaidPlan: (page: Page) => page.getByText('You have no paid plan: you are on the Free plan.', { exact: false }),
    returnToDashboard: (page: Page) => page.getByRole('link', { name: 'Return to dashboard', exact: true }),
  },
} as const;

const checkoutPath = /^\/api\/payment\/test-mode\/checkout\/.+/;
const portalPath = /^\/api\/payment\/test-mode\/portal\/.+/;

/** Text of an element, once it holds `text` (the screens fill in after their calls answer). */
async function expectText(locator: Locator, text: string | RegExp): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) === 0 ? '' : ((await locator.first().textContent()) ?? '')), { timeout: uiTimeout })
    .toMatch(typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text);
}

async function fillCard(page: Page, number: string): Promise<void> {
  await ui.checkout.cardNumber(page).fill(number);
  await ui.checkout.expiry(page).fill(card.expiry);
  await ui.checkout.cvc(page).fill(card.cvc);
  await ui.checkout.name(page).fill(card.name);
}

const shared = shareOneServer({ settings: { SALES_EMAIL: salesEmail } });

for (const viewport of viewports) {
  describe(`billing story, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const password = 'aB3$tory';
    const story = setUpStory(shared, {
      viewport,
      account: { email: `billing.${viewport.name}@example.com`, password },
      apiToken: true,
      page: 'signed-in',
      timeout: 60_000,
    });

    /** A new account, made through the API; answers its bearer token. */
    async function signUp(address: string): Promise<string> {
      const registered = await story.server.api.POST('/auth/register', { body: { email: address, password } });
      expect(registered.error).toBeUndefined();
      return logInThroughApi(story.server, { email: address, password });
    }

    const authorization = (bearer = story.token) => ({ headers: { Authorization: `Bearer ${bearer}` } });

    /** What the server says the user's plan is: the only truth about a payment. */
    async function planOnServer(bearer = story.token): Promise<string> {
      const { data, error } = await story.server.api.GET('/users/plan', authorization(bearer));
      if (!data) throw new Error(`GET /api/users/plan failed: ${JSON.stringify(error)}`);
      return data.name;
    }

    async function subscriptionOnServer() {
      const { data, error } = await story.server.api.GET('/users/subscription', authorization());
      if (!data) throw new Error(`GET /api/users/subscription failed: ${JSON.stringify(error)}`);
      return data.subscription;
    }

    async function invoicesOnServer() {
      const { data, error } = await story.server.api.GET('/payment/invoices', authorization());
      if (!data) throw new Error(`GET /api/payment/invoices failed: ${JSON.stringify(error)}`);
      return data;
    }

    async function openBilling(): Promise<void> {
      await story.page.goto('/billing');
      await expectVisible(ui.billingHeading(story.page));
    }

    /**
     * What each listed plan offers the user on `current`: Upgrade (enabled) above it, 'Current plan'
     * on it, and below it 'Move to …' (the customer portal), never a disabled Upgrade.
     */
    async function expectOffersFor(current: ListedPlan): Promise<void> {
      const rank = spec.listedPlans.indexOf(current);
      for (const [index, plan] of spec.listedPlans.entries()) {
        const card = ui.planCard(story.page, plan);
        if (index > rank) {
          await expect
            .poll(() => ui.upgradeButton(story.page, plan).isEnabled(), { message: `Upgrade on ${plan}`, timeout: uiTimeout })
            .toBe(true);
        } else if (index === rank) {
          await expectVisible(card.getByText('Current plan', { exact: true }));
        } else {
          await expectVisible(card.getByRole('button', { name: `Move to ${plan}`, exact: true }));
        }
        if (index <= rank) expect(await ui.upgradeButton(story.page, plan).count(), `no Upgrade on ${plan}`).toBe(0);
      }
    }

    it("shows 'Loading plans...', then the current plan and the plans in order, monthly and yearly ('- 10%')", async () => {
      // The plans call is held (then let through to the real server) so the inline loading text can be seen.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const passed: Promise<void>[] = [];
      await story.page.route('**/api/plans', (route) => {
        const passing = held.then(() => route.continue());
        passed.push(passing);
        return passing;
      });
      await openBilling();
      await expectVisible(ui.plansSection(story.page).getByText(spec.loadingPlans, { exact: true }));
      await screenshot(story.page, 'billing-loading');
      release();
      // Every held call reaches the server before the route goes (an unrouted pending call would be handled twice).
      await Promise.all(passed);
      await story.page.unroute('**/api/plans');

      await expect.poll(() => ui.planNames(story.page).allTextContents(), { timeout: uiTimeout }).toEqual([...spec.listedPlans]);
      await expectText(ui.currentPlanCard(story.page), spec.freePlan);
      await expect.poll(() => ui.frequencyRadio(story.page, 'Monthly').isChecked(), { message: 'monthly by default' }).toBe(true);
      for (const plan of spec.listedPlans)
        await expectVisible(ui.planCard(story.page, plan).getByText(prices[plan].MONTHLY, { exact: true }));
      await expectOffersFor('Free');
      await expectVisible(ui.contactSales(story.page));
      await screenshot(story.page, 'billing-free');
      await expectNoViolations(story.page, '/billing on Free, monthly', { soft: true });

      await expectVisible(ui.frequencyGroup(story.page).getByText(spec.yearlyDiscount, { exact: true }));
      await ui.frequencyItem(story.page, 'Yearly').click();
      await expect.poll(() => ui.frequencyRadio(story.page, 'Yearly').isChecked()).toBe(true);
      for (const plan of spec.listedPlans)
        await expectVisible(ui.planCard(story.page, plan).getByText(prices[plan].ANNUALY, { exact: true }));
      // Beside the annual total, what it comes to a month.
      await expectVisible(ui.planCard(story.page, 'Developer').getByText('$44.10 / month, billed yearly', { exact: true }));
      await expect.poll(() => ui.planNames(story.page).allTextContents()).toEqual([...spec.listedPlans]);
      await screenshot(story.page, 'billing-free-yearly');
    });

    it("shows 'Failed to fetch plans' inline when the plans cannot be fetched, and Retry loads them", async () => {
      // The network fails under the browser (the server itself is never touched).
      await story.page.route('**/api/plans', (route) => route.abort('failed'));
      await openBilling();
      await expectVisible(ui.plansSection(story.page).getByText(spec.plansFailed, { exact: true }), 30_000);
      await screenshot(story.page, 'billing-plans-error');
      await story.page.unroute('**/api/plans');
      await ui.plansSection(story.page).getByRole('button', { name: 'Retry', exact: true }).click();
      await expect.poll(() => ui.planNames(story.page).allTextContents(), { timeout: uiTimeout }).toEqual([...spec.listedPlans]);
      await expectHidden(story.page.getByText(spec.plansFailed, { exact: true }));
    });

    it("Upgrade opens the modal with the plan, its price and 'Pay with Card'; Escape and Cancel close it, and it reopens", async () => {
      await openBilling();
      await ui.frequencyItem(story.page, 'Yearly').click();
      await expect.poll(() => ui.frequencyRadio(story.page, 'Yearly').isChecked()).toBe(true);
      await ui.upgradeButton(story.page, 'Developer').click();
      const dialog = ui.checkoutDialog(story.page, 'Developer');
      await expectVisible(dialog);
      await expectVisible(dialog.getByText(prices.Developer.ANNUALY, { exact: true }));
      await expectVisible(dialog.getByText(/billed yearly/).first());
      await expectVisible(dialog.getByText('Due today: $529.20', { exact: true }));
      await expectVisible(dialog.getByRole('button', { name: spec.payWithCard, exact: true }));
      await screenshot(story.page, 'billing-modal-yearly');
      await story.page.keyboard.press('Escape');
      await expectHidden(dialog);

      await ui.frequencyItem(story.page, 'Monthly').click();
      await expect.poll(() => ui.frequencyRadio(story.page, 'Monthly').isChecked()).toBe(true);
      await ui.upgradeButton(story.page, 'Developer').click();
      await expectVisible(dialog);
      await expectVisible(dialog.getByText(prices.Developer.MONTHLY, { exact: true }));
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectHidden(dialog);
      // Closing started no payment.
      expect(await subscriptionOnServer()).toBeNull();
      expect(await planOnServer()).toBe('Free');

      await ui.upgradeButton(story.page, 'Developer').click();
      await expectVisible(dialog);
      await expectVisible(dialog.getByText(prices.Developer.MONTHLY, { exact: true }));
      await expectVisible(dialog.getByText(/billed monthly/));
      await screenshot(story.page, 'billing-modal');
      await expectNoViolations(story.page, 'the Upgrade modal on /billing', { soft: true });
    });

    it('Pay with Card leads to the test-mode checkout page, where a declined card is refused and nothing changes', async () => {
      await ui.checkoutDialog(story.page, 'Developer').getByRole('button', { name: spec.payWithCard, exact: true }).click();
      await expectPath(story.page, checkoutPath, 20_000);
      await expectVisible(ui.checkout.heading(story.page));
      await expectVisible(story.page.getByText('$49.00 per month', { exact: true }));
      // No placeholder that reads as a value already typed.
      for (const field of [ui.checkout.cardNumber, ui.checkout.expiry, ui.checkout.cvc, ui.checkout.name]) {
        expect(await field(story.page).getAttribute('placeholder')).toBeNull();
      }
      await expectVisible(ui.checkout.pay(story.page));
      await screenshot(story.page, 'checkout');
      await expectNoViolations(story.page, 'the test-mode checkout page', { soft: true });

      // Typed as people type them, formatted as they go: the number in groups of 4, the expiry MM / YY.
      await ui.checkout.cardNumber(story.page).pressSequentially('4242424242424242');
      expect(await ui.checkout.cardNumber(story.page).inputValue()).toBe('4242 4242 4242 4242');
      const year = card.expiry.slice(-2);
      await ui.checkout.expiry(story.page).pressSequentially(`12${year}`);
      expect(await ui.checkout.expiry(story.page).inputValue()).toBe(`12 / ${year}`);
      await ui.checkout.expiry(story.page).fill('');
      await ui.checkout.expiry(story.page).pressSequentially(`4/${year}`);
      expect(await ui.checkout.expiry(story.page).inputValue()).toBe(`04 / ${year}`);
      await screenshot(story.page, 'checkout-typed');

      await fillCard(story.page, card.declined);
      await ui.checkout.pay(story.page).click();
      await expectVisible(ui.checkout.declined(story.page));
      await expectPath(story.page, checkoutPath);
      await screenshot(story.page, 'checkout-declined');
      await expectNoViolations(story.page, 'the test-mode checkout page with a declined card', { soft: true });
      expect(await planOnServer()).toBe('Free');
      expect(await subscriptionOnServer()).toBeNull();
      expect(await invoicesOnServer()).toEqual([]);
    });

    it('pays with the test card and comes back to the app, which says the payment went through; the dashboard shows Developer', async () => {
      await fillCard(story.page, card.success);
      await ui.checkout.pay(story.page).click();
      await expectPath(story.page, '/billing/success', 20_000);
      await expectVisible(ui.paymentReceived(story.page), 20_000);
      await screenshot(story.page, 'billing-success');
      await expectNoViolations(story.page, '/billing/success', { soft: true });
      expect(await planOnServer()).toBe('Developer');

      await ui.goToDashboard(story.page).click();
      await expectPath(story.page, '/');
      await expectText(ui.statCard(story.page, 'Current Plan'), 'Developer Plan');
      await expectText(ui.statCard(story.page, 'Credits available'), developer.credits);
      await expectText(ui.statCard(story.page, 'Rate Limit'), developer.rate);
      await expectText(ui.statCard(story.page, 'API Keys'), `Limit: ${developer.maxKeys}`);
      await expectHidden(ui.pastDueBanner(story.page));
      await screenshot(story.page, 'dashboard-developer');
    });

    it('/billing on Developer: Upgrade only above Developer, the paid invoice listed', async () => {
      const [invoice, ...others] = await invoicesOnServer();
      expect(others).toEqual([]);
      expect(invoice).toMatchObject({ amount: 4_900, currency: 'USD', status: 'paid' });
      const number = invoice?.number ?? '';
      expect(number).not.toBe('');

      await openBilling();
      await expectText(ui.currentPlanCard(story.page), 'Developer Plan');
      await expectText(ui.currentPlanCard(story.page), /Renews on /);
      await expectOffersFor('Developer');
      const row = ui.invoicesCard(story.page).getByRole('listitem').filter({ hasText: number });
      await expectVisible(row);
      await expectText(row, '$49.00');
      await expectText(row, 'Paid');
      await screenshot(story.page, 'billing-developer');
      await expectNoViolations(story.page, '/billing on Developer', { soft: true });

      // A paying user's Upgrade says what is due today, prorated as the payment page charges it.
      await ui.upgradeButton(story.page, 'Business').click();
      const dialog = ui.checkoutDialog(story.page, 'Business');
      await expectVisible(dialog.getByText(/^Due today: \$(200\.00|199\.99)$/));
      await screenshot(story.page, 'billing-modal-prorated');
      // The change page pays with the card on file: nothing to type again. Cancelled here.
      await dialog.getByRole('button', { name: spec.payWithCard, exact: true }).click();
      await expectPath(story.page, checkoutPath, 20_000);
      await expectVisible(story.page.getByRole('heading', { level: 1, name: 'Upgrade to Business', exact: true }));
      await expectVisible(story.page.getByText(/^Paid with the card on file: test card ending in 4242\.$/));
      await expectVisible(story.page.getByRole('button', { name: /^Pay \$(200\.00|199\.99)$/ }));
      await screenshot(story.page, 'checkout-change');
      await expectNoViolations(story.page, 'the test-mode change checkout', { soft: true });
      await story.page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await expectPath(story.page, '/billing/cancel');
      expect(await planOnServer()).toBe('Developer');
      await openBilling();

      // The invoice opens as a receipt.
      const receipt = row.getByRole('link', { name: `Receipt for invoice ${number}`, exact: true });
      const href = (await receipt.getAttribute('href')) ?? '';
      expect(await receipt.getAttribute('target')).toBe('_blank');
      await story.page.goto(href);
      await expectVisible(story.page.getByRole('heading', { level: 1, name: `Receipt ${number}`, exact: true }));
      await expectVisible(story.page.getByText('$49.00 (USD)', { exact: true }));
      await screenshot(story.page, 'receipt');
      await expectNoViolations(story.page, 'the test-mode receipt page', { soft: true });
      await openBilling();
    });

    it('the payment card opens the customer portal, which lists the invoice; a failed renewal shows the past-due banner', async () => {
      const [invoice] = await invoicesOnServer();
      await ui.manageBilling(story.page).click();
      await expectPath(story.page, portalPath, 20_000);
      await expectVisible(ui.portal.heading(story.page));
      await expectText(ui.portal.invoiceRow(story.page, invoice?.number ?? ''), /\$49\.00.*Paid/);
      await screenshot(story.page, 'portal');
      await expectNoViolations(story.page, 'the test-mode customer portal', { soft: true });

      // The test clock ends the period now, and the renewal's payment fails.
      await ui.portal.button(story.page, 'Renew now: payment fails').click();
      await expectVisible(ui.portal.pastDue(story.page));
      // No 'Renews on': the date the plan drops to Free, the one the dashboard says.
      await expectVisible(ui.portal.graceLine(story.page));
      await expect.poll(() => story.page.getByText(/^Renews on /).count()).toBe(0);
      const graceDate = /on (.+) unless paid/.exec((await ui.portal.graceLine(story.page).textContent()) ?? '')?.[1] ?? '';
      expect(graceDate).not.toBe('');
      await screenshot(story.page, 'portal-past-due');
      expect(await subscriptionOnServer()).toMatchObject({ planName: 'Developer', status: 'past_due' });
      expect(await planOnServer(), 'the plan stays for the grace period').toBe('Developer');

      await ui.portal.returnToDashboard(story.page).click();
      await expectPath(story.page, '/billing');
      await expectVisible(ui.pastDueBanner(story.page));
      await expectVisible(ui.updatePaymentMethod(story.page));
      await expectText(ui.pastDueBanner(story.page), `drops to Free on ${graceDate}`);
      await expectText(ui.currentPlanCard(story.page), `back to Free on ${graceDate} unless paid`);
      await screenshot(story.page, 'billing-past-due');
      await expectNoViolations(story.page, '/billing with the past-due banner', { soft: true });

      await story.page.goto('/');
      await expectVisible(ui.pastDueBanner(story.page));
      await expectText(ui.statCard(story.page, 'Current Plan'), 'Developer Plan');
      await screenshot(story.page, 'dashboard-past-due');
      await ui.updatePaymentMethod(story.page).click();
      await expectPath(story.page, portalPath, 20_000);
      await expectVisible(ui.portal.pastDue(story.page));
    });

    it('replaces the card in the portal, which pays the failed invoice and says so', async () => {
      const method = ui.portal.replaceCard(story.page);
      await expectVisible(method.getByText('test card ending in 4242', { exact: true }));
      await method.getByLabel('Card number', { exact: true }).fill(card.success);
      await method.getByLabel('Expiry (MM / YY)', { exact: true }).fill(card.expiry);
      await method.getByLabel('CVC', { exact: true }).fill(card.cvc);
      await method.getByLabel('Name on card', { exact: true }).fill(card.name);
      await screenshot(story.page, 'portal-replace-card');
      await expectNoViolations(story.page, 'the test-mode portal, past due, replacing the card', { soft: true });
      await ui.portal.button(story.page, 'Save card and pay $49.00').click();
      await expectVisible(ui.portal.notice(story.page));
      await expectText(ui.portal.notice(story.page), /^Card saved, and the unpaid invoice is paid: \$49\.00 \(invoice TEST-\d+\)/);
      await expectHidden(ui.portal.pastDue(story.page));
      await screenshot(story.page, 'portal-card-replaced');
      expect(await subscriptionOnServer()).toMatchObject({ status: 'active', graceEndsAt: null });
    });

    it('cancels in the portal (effective at the end of the period); when the period ends the user is on Free', async () => {
      await ui.portal.button(story.page, 'Cancel plan at the end of the period').click();
      await expectVisible(ui.portal.cancels(story.page));
      await expectVisible(ui.portal.button(story.page, 'Keep my plan (undo the cancellation)'));
      await screenshot(story.page, 'portal-cancelled');
      expect(await subscriptionOnServer()).toMatchObject({ planName: 'Developer', cancelAtPeriodEnd: true });
      expect(await planOnServer(), 'the plan stays until the period ends').toBe('Developer');

      await ui.portal.returnToDashboard(story.page).click();
      await expectPath(story.page, '/billing');
      await expectText(ui.currentPlanCard(story.page), /Ends on .+ back to Free/);
      await expectHidden(ui.pastDueBanner(story.page));
      await screenshot(story.page, 'billing-cancelled');

      await ui.manageBilling(story.page).click();
      await expectPath(story.page, portalPath, 20_000);
      await ui.portal.button(story.page, 'Renew now: payment succeeds').click();
      await expectVisible(ui.portal.noPaidPlan(story.page));
      await screenshot(story.page, 'portal-free');
      expect(await planOnServer()).toBe('Free');
      expect(await subscriptionOnServer()).toBeNull();

      await ui.portal.returnToDashboard(story.page).click();
      await expectPath(story.page, '/billing');
      await expectText(ui.currentPlanCard(story.page), spec.freePlan);
      await expectOffersFor('Free');
      await screenshot(story.page, 'billing-back-to-free');
      await story.page.goto('/');
      await expectText(ui.statCard(story.page, 'Current Plan'), spec.freePlan);
    });

    it('an Enterprise user sees no plans list and no Upgrade, but the contact card with a mailto to sales', async () => {
      const enterpriseEmail = `enterprise.${viewport.name}@example.com`;
      const enterpriseToken = await signUp(enterpriseEmail);
      const me = await story.server.api.GET('/users/me', authorization(enterpriseToken));
      if (!me.data) throw new Error(`GET /api/users/me failed: ${JSON.stringify(me.error)}`);
      // What the admin command does (test/server/gateway-harness.ts putOnPlan): Enterprise is arranged, never bought.
      const enterprise = await findPlanByName(story.server.app.db, 'Enterprise');
      if (enterprise === null) throw new Error('no Enterprise plan');
      await setUserPlan(story.server.app.db, me.data.id, { planId: enterprise.id, frequency: 'MONTHLY', now: new Date() });
      story.server.app.keyCache.invalidateUser(me.data.id);
      expect(await planOnServer(enterpriseToken)).toBe('Enterprise');

      const enterpriseContext = await openContext(story.browser, story.server.url, viewport);
      const enterprisePage = await enterpriseContext.newPage();
      await logIn(enterprisePage, enterpriseEmail, password);
      await expectText(ui.statCard(enterprisePage, 'Current Plan'), 'Enterprise Plan');
      await expectHidden(ui.upgradePlanLink(enterprisePage));

      await enterprisePage.goto('/billing');
      await expectVisible(ui.billingHeading(enterprisePage));
      await expectText(ui.currentPlanCard(enterprisePage), 'Enterprise Plan');
      await expectVisible(ui.contactSales(enterprisePage));
      expect(await ui.contactSales(enterprisePage).getAttribute('href')).toBe(`mailto:${salesEmail}`);
      await expect.poll(() => ui.plansSection(enterprisePage).count()).toBe(0);
      await expect.poll(() => ui.anyUpgradeButton(enterprisePage).count()).toBe(0);
      // Billed by contract: no customer portal to manage.
      await expect.poll(() => ui.paymentCard(enterprisePage).count()).toBe(0);
      await screenshot(enterprisePage, 'billing-enterprise');
      await expectNoViolations(enterprisePage, '/billing on Enterprise', { soft: true });
      await enterpriseContext.close();
    });
  });
}
