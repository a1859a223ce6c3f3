/**
 * /settings as a user on Free meets it, in real Chromium against the real server, at 1280×800 and
 * 390×844: the Current Plan card with the real plan, the Premium Plan Demo and back, the project
 * name renamed by keyboard (Enter saves trimmed, a blank name ignored, Escape cancels) and kept by
 * the server (after a reload and in a fresh browser), the project ID copied ('Copied!'), the owner alone in Project Users with no
 * invites left, and the Autoscaling card: locked on Free, usable in the demo by keyboard only
 * (slider and radios), Save Settings stored by the server (enabling refused on Free, kept across a reload). axe-core on each state; nothing
 * wider than the screen. Screenshots land in screenshots/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, logIn, openContext } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { allowClipboard, setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** Texts SPEC.md and the issue give word for word. */
const spec = {
  freeView: 'Free Plan View',
  premiumDemo: 'Premium Plan Demo',
  noActions: 'No actions available',
  invitesLeft: 'Invites Left: 0',
  saveSettings: 'Save Settings',
  copied: 'Copied!',
  demoFeatures: ['5M credits per month', 'unlimited API keys', 'advanced analytics', '24/7 priority support'],
} as const;

const ui = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Project Settings', exact: true }),
  region: (page: Page, name: string) => page.getByRole('region', { name, exact: true }),
  button: (page: Page, name: string) => page.getByRole('button', { name, exact: true }),
  planView: (page: Page, name: string) => page.getByRole('radiogroup', { name: 'Plan shown' }).getByText(name, { exact: true }),
  slider: (page: Page) => page.getByRole('slider', { name: 'Autoscaling limit' }),
  radio: (page: Page, name: 'Enabled' | 'Disabled') => page.getByRole('radio', { name, exact: true }),
  nameField: (page: Page) => ui.region(page, 'Project').getByRole('textbox', { name: 'Project name' }),
};

const check = (page: Page, name: string) => checkScreen(page, name, `settings-${name}`);

const focusedIs = (locator: ReturnType<Page['getByRole']>) => locator.evaluate((element) => element === document.activeElement);

const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`settings, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const email = `settings.${viewport.name}@example.com`;
    const password = 'aB3$tory';
    const story = setUpStory(shared, {
      viewport,
      account: { email, password },
      page: 'signed-in',
      prepareContext: allowClipboard,
      timeout: 60_000,
    });
    let userId = 0;

    beforeAll(async () => {
      const token = await story.page.evaluate(() => localStorage.getItem('token'));
      const me = await story.server.api.GET('/users/me', { headers: { Authorization: `Bearer ${token}` } });
      userId = me.data?.id ?? 0;
      expect(userId).toBeGreaterThan(0);
    });

    it('shows the real plan, the project and its owner; the Premium Plan Demo shows Professional', async () => {
      await story.page.goto('/settings');
      await expectVisible(ui.heading(story.page));
      const plan = ui.region(story.page, 'Current Plan');
      await expectVisible(plan.getByText('Free Plan', { exact: true }));
      expect(await story.page.getByRole('radio', { name: spec.freeView }).isChecked()).toBe(true);

      const projectId = `prj_${String(userId).padStart(8, '0')}`;
      expect(await ui.region(story.page, 'Project').getByRole('textbox', { name: 'Project ID' }).inputValue()).toBe(projectId);
      const users = ui.region(story.page, 'Project Users');
      await expectVisible(users.getByText(email, { exact: true }));
      await expectVisible(users.getByText(spec.noActions, { exact: true }));
      await expectVisible(users.getByText(spec.invitesLeft, { exact: true }));
      await expectVisible(users.getByText(/share its project ID/));
      await story.page.waitForLoadState('networkidle');
      await check(story.page, 'free');

      await ui.planView(story.page, spec.premiumDemo).click();
      await expectVisible(plan.getByText('Professional Plan', { exact: true }));
      expect(await plan.getByRole('listitem').allTextContents()).toEqual([...spec.demoFeatures]);
      await expectVisible(plan.getByText(/^Renews on /));
      await check(story.page, 'premium-demo');

      // Back by keyboard: the toggle is a radio group.
      await story.page.getByRole('radio', { name: spec.premiumDemo }).focus();
      await story.page.keyboard.press('ArrowLeft');
      await expectVisible(plan.getByText('Free Plan', { exact: true }));
    });

    it('renames the project by keyboard, ignores a blank name, and the server keeps the name (reload, fresh browser)', async () => {
      await story.page.goto('/settings');
      const edit = ui.button(story.page, 'Edit project name');
      await edit.focus();
      await story.page.keyboard.press('Enter');
      await expect.poll(() => focusedIs(ui.nameField(story.page))).toBe(true);
      await story.page.keyboard.press('ControlOrMeta+A');
      await story.page.keyboard.press('Backspace');
      await story.page.keyboard.type('   ');
      await story.page.keyboard.press('Enter');
      await expectVisible(story.page.getByText('A project name cannot be empty.', { exact: true }));
      expect(await ui.nameField(story.page).isVisible()).toBe(true);
      await check(story.page, 'name-blank');
      await story.page.keyboard.press('ControlOrMeta+A');
      await story.page.keyboard.type('  Payments API ');
      await story.page.keyboard.press('Enter');
      await expectVisible(ui.region(story.page, 'Project').getByText('Payments API', { exact: true }));
      await expect.poll(() => focusedIs(ui.button(story.page, 'Edit project name'))).toBe(true);

      // Escape drops an edit.
      await story.page.keyboard.press('Enter');
      await story.page.keyboard.type('Other');
      await story.page.keyboard.press('Escape');
      await expectVisible(ui.region(story.page, 'Project').getByText('Payments API', { exact: true }));

      await story.page.reload();
      await expectVisible(ui.region(story.page, 'Project').getByText('Payments API', { exact: true }));

      // The server keeps it: a fresh browser (another device, cleared storage) shows it too.
      expect(await story.page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('projectName')))).toEqual([]);
      const fresh = await openContext(story.browser, story.server.url, viewport);
      try {
        const other = await fresh.newPage();
        await logIn(other, email, password);
        await other.goto('/settings');
        await expectVisible(ui.region(other, 'Project').getByText('Payments API', { exact: true }));
      } finally {
        await fresh.close();
      }
    });

    it("copies the project ID and reads 'Copied!'", async () => {
      await story.page.goto('/settings');
      await ui.button(story.page, 'Copy Project ID').click();
      await expectVisible(ui.button(story.page, spec.copied));
      expect(await story.page.evaluate(() => navigator.clipboard.readText())).toBe(`prj_${String(userId).padStart(8, '0')}`);
      await expectVisible(ui.button(story.page, 'Copy Project ID'), 5_000);
    });

    it('locks autoscaling on Free; in the demo sets it by keyboard, the server refuses enabling it and keeps it saved disabled across a reload', async () => {
      await story.page.goto('/settings');
      await expectVisible(ui.slider(story.page));
      expect(await ui.slider(story.page).getAttribute('aria-disabled')).toBe('true');
      expect(await ui.radio(story.page, 'Enabled').isDisabled()).toBe(true);
      expect(await ui.button(story.page, spec.saveSettings).isDisabled()).toBe(true);
      await expectVisible(ui.region(story.page, 'Autoscaling').getByText(/not available on free plans/));

      await ui.planView(story.page, spec.premiumDemo).click();
      await expect.poll(() => ui.slider(story.page).getAttribute('aria-disabled')).toBeNull();
      await ui.slider(story.page).focus();
      expect(await ui.slider(story.page).getAttribute('aria-valuenow')).toBe('25');
      await story.page.keyboard.press('ArrowRight');
      await expect.poll(() => ui.slider(story.page).getAttribute('aria-valuetext')).toBe('26% (Moderate autoscaling)');
      await story.page.keyboard.press('End');
      await expectVisible(story.page.getByText(/^Maximum autoscaling: your rate limit can grow by up to 100%/));
      await story.page.keyboard.press('Home');
      await expectVisible(story.page.getByText(/^No autoscaling:/));
      for (let i = 0; i < 60; i += 1) await story.page.keyboard.press('ArrowRight');
      await expectVisible(story.page.getByText(/^High autoscaling: your rate limit can grow by up to 60%/));

      // The radios: Tab from the group's checked radio, arrows change it.
      await ui.radio(story.page, 'Disabled').focus();
      await story.page.keyboard.press('ArrowUp');
      await expect.poll(() => ui.radio(story.page, 'Enabled').isChecked()).toBe(true);
      await expectVisible(story.page.getByText(/20% premium/));
      await check(story.page, 'autoscaling-demo');

      // The server refuses enabling on Free (SPEC.md §6) and the card says why; saved disabled, it is kept.
      await ui.button(story.page, spec.saveSettings).click();
      await expectVisible(
        ui
          .region(story.page, 'Autoscaling')
          .getByRole('alert')
          .getByText('Autoscaling is not available on free plans. Upgrade to a paid plan to use it.'),
      );
      await ui.radio(story.page, 'Enabled').focus();
      await story.page.keyboard.press('ArrowDown');
      await expect.poll(() => ui.radio(story.page, 'Disabled').isChecked()).toBe(true);
      await ui.button(story.page, spec.saveSettings).click();
      await expectVisible(story.page.getByText('Autoscaling settings saved.', { exact: true }));
      expect(await ui.button(story.page, spec.saveSettings).isDisabled()).toBe(true);
      await check(story.page, 'autoscaling-saved');

      // A reload shows what the server stored.
      await story.page.reload();
      await ui.planView(story.page, spec.premiumDemo).click();
      await expect.poll(() => ui.slider(story.page).getAttribute('aria-valuenow')).toBe('60');
      expect(await ui.radio(story.page, 'Disabled').isChecked()).toBe(true);

      // Back to the account's Free plan: locked again, the values kept.
      await ui.planView(story.page, spec.freeView).click();
      await expect.poll(() => ui.slider(story.page).getAttribute('aria-disabled')).toBe('true');
      expect(await ui.slider(story.page).getAttribute('aria-valuenow')).toBe('60');
    });
  });
}
