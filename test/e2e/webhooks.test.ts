/**
 * The Webhooks screen (SPEC.md "Webhooks (demo)") in real Chromium against the real server, at
 * 1280×800 and 390×844: the About and usage cards with the user's own billing cycle (the server's
 * GET /usage cycle), the empty My Webhooks, and the Configure Webhook modal by keyboard and pointer
 * — the address tip from a focused info button, the transaction-type multi-select, the URL and
 * address messages, 25 addresses at most, and Create, which only logs. axe-core on the screen and on
 * the modal; no sideways scrolling; screenshots in screenshots/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectHidden, expectTitle, expectVisible, horizontalOverflow } from '../support/page';
import { expectNoViolations } from '../support/screen-checks';
import { screenshot } from '../support/screenshots';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** Texts SPEC.md gives word for word. */
const spec = {
  empty: "You don't have any webhooks yet.",
  configure: 'Configure Webhook',
  addressEmpty: 'Address cannot be empty',
  addressDuplicate: 'This address is already added',
  addressFull: 'You can only add up to 25 addresses',
} as const;

const ui = {
  dialog: (page: Page) => page.getByRole('dialog', { name: spec.configure }),
  checkbox: (page: Page, name: string) => ui.dialog(page).getByRole('checkbox', { name, exact: true }),
  /** What a pointer clicks: the checkbox's label (its input is visually hidden). */
  checkboxLabel: (page: Page, name: string) =>
    ui
      .dialog(page)
      .locator('label')
      .filter({ hasText: new RegExp(`^${name}$`) }),
  url: (page: Page) => ui.dialog(page).getByLabel(/^Webhook URL/),
  address: (page: Page) => ui.dialog(page).getByLabel('Addresses', { exact: true }),
  add: (page: Page) => ui.dialog(page).getByRole('button', { name: 'Add', exact: true }),
};

const day = (instant: string) => new Date(instant).toISOString().slice(0, 10);

/** Whether anything is wider than the window (the page would scroll sideways). */
async function overflowsSideways(page: Page): Promise<boolean> {
  return (await horizontalOverflow(page)) > 0;
}

const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`webhooks, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const account = { email: `webhooks.${viewport.name}@example.com`, password: 'aB3$tory' };
    const story = setUpStory(shared, { viewport, account, apiToken: true, page: 'signed-in', timeout: 60_000 });
    let cycle = '';
    const logged: string[] = [];

    beforeAll(async () => {
      // The cycle the server counts the user's quota in: the stats card must show this one.
      const usage = await story.server.api.GET('/usage', { headers: { Authorization: `Bearer ${story.token}` } });
      if (!usage.data) throw new Error('GET /usage failed');
      cycle = `${day(usage.data.cycle.start)} to ${day(usage.data.cycle.end)}`;
      story.page.on('console', (message) => {
        if (message.text().startsWith('[demo]')) logged.push(message.text());
      });
    });

    it('shows About, 0/1 with the billing cycle, and the empty My Webhooks', async () => {
      await story.page.goto('/webhooks');
      await expectVisible(story.page.getByRole('heading', { level: 1, name: 'Webhooks', exact: true }));
      await expectTitle(story.page, /^Webhooks \| /);
      const stats = story.page.getByRole('region', { name: 'Webhook Usage' });
      await expectVisible(stats.getByText('0/1', { exact: true }));
      await expectVisible(stats.getByText(cycle, { exact: true }));
      await expectVisible(story.page.getByRole('region', { name: /About Webhooks/ }).getByText(/up to 2 minutes/));
      await expectVisible(story.page.getByRole('region', { name: 'My Webhooks' }).getByText(spec.empty, { exact: true }));
      await story.page.waitForLoadState('networkidle');
      expect(await overflowsSideways(story.page)).toBe(false);
      await expectNoViolations(story.page, '/webhooks');
      await screenshot(story.page, 'webhooks');
    });

    it('opens Configure Webhook with the keyboard, and tells about the API limit from the focused info button', async () => {
      const newWebhook = story.page.getByRole('button', { name: 'New Webhook', exact: true });
      await newWebhook.focus();
      await story.page.keyboard.press('Enter');
      await expectVisible(ui.dialog(story.page));
      await expectNoViolations(story.page, 'the Configure Webhook modal');
      expect(await overflowsSideways(story.page)).toBe(false);
      await screenshot(story.page, 'webhooks-configure');

      // Tab through the modal until the info button holds the focus (focus stays trapped inside).
      const info = ui.dialog(story.page).getByRole('button', { name: 'About the address limit' });
      for (let presses = 0; presses < 30 && !(await info.evaluate((button) => button === document.activeElement)); presses++) {
        await story.page.keyboard.press('Tab');
        expect(await ui.dialog(story.page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      }
      // Focus shows the tip, unless the modal scrolled the button into view just then; Enter shows it anyway.
      await story.page.keyboard.press('Enter');
      await expectVisible(story.page.getByText(/up to 100,000 addresses per webhook, add them through the API/));
      await screenshot(story.page, 'webhooks-address-tip');
      // Escape hides the tip, and only the tip: the modal stays open.
      await story.page.keyboard.press('Escape');
      await expectHidden(story.page.getByText(/up to 100,000 addresses per webhook/));
      await screenshot(story.page, 'webhooks-after-escape');
      expect(await ui.dialog(story.page).isVisible()).toBe(true);
    });

    it("ticks transaction types: another removes 'Any', 'Any' clears the others, the last unticked is 'Any' again", async () => {
      await ui.checkboxLabel(story.page, 'Swap').click();
      expect(await ui.checkbox(story.page, 'Any').isChecked()).toBe(false);
      await ui.checkbox(story.page, 'Burn').focus();
      await story.page.keyboard.press('Space');
      expect(await ui.checkbox(story.page, 'Burn').isChecked()).toBe(true);
      await ui.checkboxLabel(story.page, 'Any').click();
      for (const name of ['Swap', 'Burn']) expect(await ui.checkbox(story.page, name).isChecked()).toBe(false);
      await ui.checkboxLabel(story.page, 'Mint').click();
      await ui.checkboxLabel(story.page, 'Mint').click();
      expect(await ui.checkbox(story.page, 'Any').isChecked()).toBe(true);
    });

    it('refuses a missing URL and the three address cases, and disables Add at 25', async () => {
      await ui.dialog(story.page).getByRole('button', { name: 'Create Webhook' }).click();
      await expectVisible(ui.dialog(story.page).getByText('Webhook URL is required'));
      await ui.address(story.page).press('Enter');
      await expectVisible(ui.dialog(story.page).getByText(spec.addressEmpty));
      await ui.address(story.page).fill('0x52908400098527886E0F7030069857D2E4169EE7');
      await ui.address(story.page).press('Enter');
      await ui.address(story.page).fill('0x52908400098527886e0f7030069857d2e4169ee7');
      await ui.address(story.page).press('Enter');
      await expectVisible(ui.dialog(story.page).getByText(spec.addressDuplicate));
      for (let i = 2; i <= 25; i++) {
        await ui.address(story.page).fill(`0x${String(i).padStart(40, '0')}`);
        await ui.add(story.page).click();
      }
      expect(await ui.add(story.page).isDisabled()).toBe(true);
      await expectVisible(ui.dialog(story.page).getByText(`25/25 addresses · ${spec.addressFull}`));
      await ui.address(story.page).fill('0xone-too-many');
      await ui.address(story.page).press('Enter');
      await expectVisible(ui.dialog(story.page).getByText(spec.addressFull, { exact: true }));
      expect(await overflowsSideways(story.page)).toBe(false);
      await expectNoViolations(story.page, 'the Configure Webhook modal with its messages');
      await screenshot(story.page, 'webhooks-configure-full');
    });

    it('creates the webhook by logging it only: the modal closes, the list stays empty', async () => {
      await ui.address(story.page).fill('');
      await ui.url(story.page).fill('https://hooks.example.com/tx');
      await ui.dialog(story.page).getByRole('button', { name: 'Create Webhook' }).click();
      await expectHidden(ui.dialog(story.page));
      await expectVisible(story.page.getByRole('status').getByText(/not stored yet/));
      await expectVisible(story.page.getByText(spec.empty, { exact: true }));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^\[demo\] create webhook/);
    });

    it('closes with Escape without saving', async () => {
      await story.page.getByRole('button', { name: 'New Webhook', exact: true }).click();
      await expectVisible(ui.dialog(story.page));
      await story.page.keyboard.press('Escape');
      await expectHidden(ui.dialog(story.page));
      expect(logged).toHaveLength(1);
    });
  });
}
