/**
 * /dedicated-nodes as a user meets it, in real Chromium against the real server, at 1280×800 and
 * 390×844: the welcome screen, the six steps of the order walked with the keyboard and the mouse
 * (radio cards, checkboxes, Back and Next), SPEC.md's texts where nothing is on offer, Order disabled
 * until the risks are acknowledged and a client and a payment method chosen, the order only logged
 * (no request), the confirmation, and back. axe-core on every step and the confirmation; nothing
 * wider than the screen. Screenshots land in screenshots/.
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectVisible } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { setUpStory, shareOneServer } from '../support/story';
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

/** Looks at a step as it stands: axe, the width, a screenshot. */
const check = (page: Page, name: string) => checkScreen(page, name, `dedicated-nodes-${name}`);

const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`dedicated nodes, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const account = { email: `nodes.${viewport.name}@example.com`, password: 'aB3$tory' };
    const story = setUpStory(shared, { viewport, account, page: 'signed-in', timeout: 60_000 });

    it('walks the order from the welcome screen to the confirmation, and only logs it', async () => {
      await story.page.goto('/dedicated-nodes');
      await expectVisible(ui.heading(story.page));
      await expectVisible(ui.button(story.page, spec.start));
      await expectVisible(story.page.getByText('Advanced users only', { exact: true }));
      await story.page.waitForLoadState('networkidle');
      await check(story.page, 'welcome');

      // Step 0, by keyboard: the step's heading has the focus; Tab enters the radio group at the
      // checked card, an arrow key moves the choice.
      await ui.button(story.page, spec.start).click();
      await expectVisible(ui.step(story.page, 'Billing cycle'));
      await expect.poll(() => story.page.evaluate(() => document.activeElement?.textContent)).toBe('Billing cycle');
      expect(await ui.radio(story.page, 'Monthly').isChecked()).toBe(true);
      await story.page.keyboard.press('Tab');
      await expect.poll(() => ui.radio(story.page, 'Monthly').evaluate((input) => input === document.activeElement)).toBe(true);
      await story.page.keyboard.press('ArrowDown');
      await expect.poll(() => ui.radio(story.page, 'Yearly').isChecked()).toBe(true);
      await check(story.page, '0-billing');
      await ui.button(story.page, 'Next').click();

      // Step 1: the resource-intensive option, and SPEC.md's text: no nodes.
      await expectVisible(ui.step(story.page, 'Node type'));
      await expectVisible(story.page.getByText(spec.noNodes, { exact: true }));
      await ui.checkbox(story.page, 'Resource-intensive workloads').focus();
      await story.page.keyboard.press('Space');
      await expect.poll(() => ui.checkbox(story.page, 'Resource-intensive workloads').isChecked()).toBe(true);
      await check(story.page, '1-type');
      await ui.button(story.page, 'Next').click();

      // Step 2: no locations.
      await expectVisible(ui.step(story.page, 'Location'));
      await expectVisible(story.page.getByText(spec.noLocations, { exact: true }));
      await check(story.page, '2-location');
      await ui.button(story.page, 'Next').click();

      // Step 3: a client is needed to go on.
      await expectVisible(ui.step(story.page, 'Client'));
      expect(await ui.button(story.page, 'Next').isDisabled()).toBe(true);
      await check(story.page, '3-client');
      await story.page.getByText('Jito', { exact: true }).click();
      await expect.poll(() => ui.radio(story.page, 'Jito').isChecked()).toBe(true);
      await ui.button(story.page, 'Next').click();

      // Step 4: both plugins free; back and forth keeps the choices.
      await expectVisible(ui.step(story.page, 'Geyser plugin'));
      expect(await story.page.getByRole('radiogroup', { name: 'Geyser plugin' }).getByText('Free', { exact: true }).count()).toBe(2);
      await story.page.getByText('Yellowstone', { exact: true }).click();
      await check(story.page, '4-plugin');
      await ui.button(story.page, 'Back').click();
      await expectVisible(ui.step(story.page, 'Client'));
      expect(await ui.radio(story.page, 'Jito').isChecked()).toBe(true);
      await ui.button(story.page, 'Next').click();
      await ui.button(story.page, 'Next').click();

      // Step 5: Order disabled until a payment method and the risks.
      await expectVisible(ui.step(story.page, 'Payment'));
      const order = ui.button(story.page, 'Order');
      expect(await order.isDisabled()).toBe(true);
      await expectVisible(story.page.getByText('Order is disabled until you:', { exact: true }));
      await check(story.page, '5-payment-incomplete');
      await story.page.getByText('Crypto (USDC)', { exact: true }).click();
      expect(await order.isDisabled()).toBe(true);
      await story.page.getByText(risks, { exact: true }).click();
      await expect.poll(() => order.isDisabled()).toBe(false);
      await check(story.page, '5-payment-complete');

      const logged: ConsoleMessage[] = [];
      const requests: string[] = [];
      story.page.on('console', (message) => {
        if (message.text().startsWith('[demo]')) logged.push(message);
      });
      story.page.on('request', (request) => {
        if (request.method() !== 'GET') requests.push(`${request.method()} ${request.url()}`);
      });
      await order.click();
      await expectVisible(story.page.getByRole('heading', { level: 2, name: 'Order received', exact: true }));
      await expectVisible(story.page.getByText(/Nothing was charged/));
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
      await check(story.page, 'ordered');

      await ui.button(story.page, 'Done').click();
      await expectVisible(ui.button(story.page, spec.start));
      await expect.poll(() => ui.button(story.page, spec.start).evaluate((button) => button === document.activeElement)).toBe(true);
    });

    it('Cancel leaves the form for the welcome screen and drops the order', async () => {
      await story.page.goto('/dedicated-nodes');
      await ui.button(story.page, spec.start).click();
      await story.page.getByText('Yearly', { exact: true }).click();
      await ui.button(story.page, 'Cancel').click();
      await ui.button(story.page, spec.start).click();
      expect(await ui.radio(story.page, 'Monthly').isChecked()).toBe(true);
    });
  });
}
