/**
 * /dedicated-nodes as a user meets it, in real Chromium against the real server, at 1280×800 and
 * 390×844: the welcome screen, the six steps of the order walked with the keyboard and the mouse
 * (radio cards, checkboxes, Back and Next), SPEC.md's texts where nothing is on offer, Order disabled
 * until the risks are acknowledged and a client and a payment method chosen, the order only logged
 * (no request), the confirmation, and back. axe-core on every step and the confirmation; nothing
 * wider than the screen. Screenshots land in screenshots/.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { expectVisible, horizontalOverflow, logIn, openContext } from '../support/page';
import { screenshot } from '../support/screenshots';
import { startServer, type RunningServer } from '../support/server';
import { viewports } from '../support/viewports';

/** Texts SPEC.md gives word for word. */
const spec = {
  start: 'Add Your First Dedicated Node',
  noNodes: 'No Nodes Currently Available',
  noLocations: 'NO LOCATIONS AVAILABLE FOR SELECTED NODE TYPE',
} as const;

const risks = 'I acknowledge the risks of running a dedicated node';

const ui = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Dedicated Nodes', exact: true }),
  step: (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true }),
  button: (page: Page, name: string) => page.getByRole('button', { name, exact: true }),
  radio: (page: Page, name: string) => page.getByRole('radio', { name, exact: true }),
  checkbox: (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true }),
};

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await wcagViolations(page), `WCAG 2.1 AA violations on ${where}`).toEqual([]);
}

async function expectNoOverflow(page: Page, where: string): Promise<void> {
  expect(await horizontalOverflow(page), `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** Looks at a step as it stands: axe, the width, a screenshot. */
async function check(page: Page, name: string): Promise<void> {
  await expectNoOverflow(page, name);
  await expectNoViolations(page, name);
  await screenshot(page, `dedicated-nodes-${name}`);
}

for (const viewport of viewports) {
  describe(`dedicated nodes, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const email = `nodes.${viewport.name}@example.com`;
    const password = 'aB3$tory';

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      const registered = await server.api.POST('/auth/register', { body: { email, password } });
      expect(registered.error).toBeUndefined();
      context = await openContext(browser, server.url, viewport);
      page = await context.newPage();
      await logIn(page, email, password);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('walks the order from the welcome screen to the confirmation, and only logs it', async () => {
      await page.goto('/dedicated-nodes');
      await expectVisible(ui.heading(page));
      await expectVisible(ui.button(page, spec.start));
      await expectVisible(page.getByText('Advanced users only', { exact: true }));
      await page.waitForLoadState('networkidle');
      await check(page, 'welcome');

      // Step 0, by keyboard: the step's heading has the focus; Tab enters the radio group at the
      // checked card, an arrow key moves the choice.
      await ui.button(page, spec.start).click();
      await expectVisible(ui.step(page, 'Billing cycle'));
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Billing cycle');
      expect(await ui.radio(page, 'Monthly').isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      await expect.poll(() => ui.radio(page, 'Monthly').evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => ui.radio(page, 'Yearly').isChecked()).toBe(true);
      await check(page, '0-billing');
      await ui.button(page, 'Next').click();

      // Step 1: the resource-intensive option, and SPEC.md's text: no nodes.
      await expectVisible(ui.step(page, 'Node type'));
      await expectVisible(page.getByText(spec.noNodes, { exact: true }));
      await ui.checkbox(page, 'Resource-intensive workloads').focus();
      await page.keyboard.press('Space');
      await expect.poll(() => ui.checkbox(page, 'Resource-intensive workloads').isChecked()).toBe(true);
      await check(page, '1-type');
      await ui.button(page, 'Next').click();

      // Step 2: no locations.
      await expectVisible(ui.step(page, 'Location'));
      await expectVisible(page.getByText(spec.noLocations, { exact: true }));
      await check(page, '2-location');
      await ui.button(page, 'Next').click();

      // Step 3: a client is needed to go on.
      await expectVisible(ui.step(page, 'Client'));
      expect(await ui.button(page, 'Next').isDisabled()).toBe(true);
      await check(page, '3-client');
      await page.getByText('Jito', { exact: true }).click();
      await expect.poll(() => ui.radio(page, 'Jito').isChecked()).toBe(true);
      await ui.button(page, 'Next').click();

      // Step 4: both plugins free; back and forth keeps the choices.
      await expectVisible(ui.step(page, 'Geyser plugin'));
      expect(await page.getByRole('radiogroup', { name: 'Geyser plugin' }).getByText('Free', { exact: true }).count()).toBe(2);
      await page.getByText('Yellowstone', { exact: true }).click();
      await check(page, '4-plugin');
      await ui.button(page, 'Back').click();
      await expectVisible(ui.step(page, 'Client'));
      expect(await ui.radio(page, 'Jito').isChecked()).toBe(true);
      await ui.button(page, 'Next').click();
      await ui.button(page, 'Next').click();

      // Step 5: Order disabled until a payment method and the risks.
      await expectVisible(ui.step(page, 'Payment'));
      const order = ui.button(page, 'Order');
      expect(await order.isDisabled()).toBe(true);
      await expectVisible(page.getByText('Order is disabled until you:', { exact: true }));
      await check(page, '5-payment-incomplete');
      await page.getByText('Crypto (USDC)', { exact: true }).click();
      expect(await order.isDisabled()).toBe(true);
      await page.getByText(risks, { exact: true }).click();
      await expect.poll(() => order.isDisabled()).toBe(false);
      await check(page, '5-payment-complete');

      const logged: ConsoleMessage[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('[demo]')) logged.push(message);
      });
      page.on('request', (request) => {
        if (request.method() !== 'GET') requests.push(`${request.method()} ${request.url()}`);
      });
      await order.click();
      await expectVisible(page.getByRole('heading', { level: 2, name: 'Order received', exact: true }));
      await expectVisible(page.getByText(/Nothing was charged/));
      await expect.poll(() => logged.length).toBe(1);
      expect(await logged[0]?.args()[1]?.jsonValue()).toEqual({
        isYearly: true,
        acknowledgeRisks: true,
        resourceIntensiveEnabled: true,
        selectedLocation: null,
        selectedClient: 'jito',
        selectedPlugin: 'yellowstone',
        paymentMethod: 'crypto',
      });
      expect(requests).toEqual([]);
      await check(page, 'ordered');

      await ui.button(page, 'Done').click();
      await expectVisible(ui.button(page, spec.start));
      await expect.poll(() => ui.button(page, spec.start).evaluate((button) => button === document.activeElement)).toBe(true);
    });

    it('Cancel leaves the form for the welcome screen and drops the order', async () => {
      await page.goto('/dedicated-nodes');
      await ui.button(page, spec.start).click();
      await page.getByText('Yearly', { exact: true }).click();
      await ui.button(page, 'Cancel').click();
      await ui.button(page, spec.start).click();
      expect(await ui.radio(page, 'Monthly').isChecked()).toBe(true);
    });
  });
}
