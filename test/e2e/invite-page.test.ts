/**
 * The invite page, as an invited person meets it, in real Chromium against the real server: an
 * owner on a paid plan invites an address through the API; the invitee opens the link of the mail
 * in the outbox signed out, sees the invite, creates an account from the page, logs in and comes
 * back to it, accepts, and lands on the dashboard acting in the project joined (the user menu's
 * project switcher shows it checked). An unknown link says so. Run at 1280×800 and 390×844 with
 * axe and the width checked; screenshots in screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INVITE_NOT_FOUND } from '@/domain/invites';
import { toInvite } from '@/domain/paths';
import { findPlanByName } from '@server/repos/plans';
import { setUserPlan } from '@server/repos/users';
import { escapeRegExp, expectPath, expectTitle, expectVisible } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { latestMailTo } from '../support/server';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const PROJECT = 'Payments';
const PASSWORD = 'aB3$tory';

const label = (words: string) => new RegExp(`^${words}\\s*\\*?$`, 'i');

const ui = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Project invitation', exact: true }),
  details: (page: Page, term: string) => page.getByText(term, { exact: true }).locator('xpath=following-sibling::*[1]'),
  signInLink: (page: Page) => page.getByRole('link', { name: 'Sign in to accept', exact: true }),
  createAccountLink: (page: Page) => page.getByRole('link', { name: 'Create an account', exact: true }),
  acceptButton: (page: Page) => page.getByRole('button', { name: 'Accept invite', exact: true }),
  emailField: (page: Page) => page.getByLabel(label('email')),
  passwordField: (page: Page) => page.getByLabel(label('password')),
  confirmField: (page: Page) => page.getByLabel(label('confirm password')),
  userMenuButton: (page: Page, email: string) =>
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(email.split('@')[0]?.slice(0, 8) ?? '')}(…|\\.\\.\\.)$`) }),
} as const;

const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`the invite page, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const owner = { email: `inviter.${viewport.name}@example.com`, password: PASSWORD };
    const invitee = `joiner.${viewport.name}@example.com`;
    const story = setUpStory(shared, { viewport, account: owner, apiToken: true, timeout: 60_000 });
    const shot = (name: string) => `invite-${name}-${viewport.name}`;

    it('an invitee opens the mailed link signed out, creates an account from it, comes back, accepts and acts in the project', async () => {
      const { server } = story;
      const auth = { headers: { Authorization: `Bearer ${story.token}` } };
      // The owner on a paid plan (what the admin command does: arranged, not bought), the project named.
      const me = await server.api.GET('/users/me', auth);
      if (!me.data) throw new Error(`GET /api/users/me failed: ${JSON.stringify(me.error)}`);
      const developer = await findPlanByName(server.app.db, 'Developer');
      if (developer === null) throw new Error('no Developer plan');
      await setUserPlan(server.app.db, me.data.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      const renamed = await server.api.PATCH('/project', { ...auth, body: { name: PROJECT } });
      expect(renamed.error).toBeUndefined();
      const invited = await server.api.POST('/projects/current/invites', { ...auth, body: { email: invitee, role: 'developer' } });
      expect(invited.error).toBeUndefined();

      const link = latestMailTo(server.app, invitee).link;
      if (link === undefined) throw new Error('the invitation mail has no link');
      const invitePath = new URL(link).pathname;

      const page = await story.newPage();
      await page.goto(invitePath);
      await expectVisible(ui.heading(page));
      await expectTitle(page, /^Project invitation/);
      await expectVisible(ui.signInLink(page));
      expect(await ui.details(page, 'Project').textContent()).toBe(PROJECT);
      expect(await ui.details(page, 'Role').textContent()).toBe('Developer');
      expect(await ui.details(page, 'Invited by').textContent()).toBe(owner.email);
      expect(await ui.details(page, 'Sent to').textContent()).toBe(invitee);
      expect(await ui.details(page, 'Expires').textContent()).toMatch(/ UTC$/);
      await checkScreen(page, `the invite page signed out (${viewport.name})`, shot('signed-out'));

      // Create an account from the page: signing up leads to /login, which leads back here.
      await ui.createAccountLink(page).click();
      await expectPath(page, '/signup');
      await ui.emailField(page).fill(invitee);
      await ui.passwordField(page).fill(PASSWORD);
      await ui.confirmField(page).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await expectPath(page, '/login');
      await expect.poll(() => ui.emailField(page).inputValue()).toBe(invitee);
      await ui.passwordField(page).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expectPath(page, invitePath);

      await expectVisible(ui.acceptButton(page));
      await expectVisible(page.getByText(/^Signed in as/));
      await checkScreen(page, `the invite page signed in (${viewport.name})`, shot('signed-in'));

      // By keyboard: the button takes the focus (visible ring) and Enter.
      await ui.acceptButton(page).focus();
      await page.keyboard.press('Enter');
      await expectPath(page, '/');
      await ui.userMenuButton(page, invitee).click();
      const joined = page.getByRole('menuitemradio', { name: `${PROJECT} (Developer)`, exact: true });
      await expectVisible(joined);
      await expect.poll(() => joined.getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('Escape');
      await page.close();
    });

    it('an unknown link says so, with nothing to accept', async () => {
      const page = await story.newPage();
      await page.goto(toInvite('x'.repeat(43)));
      await expectVisible(page.getByRole('alert').getByText(INVITE_NOT_FOUND, { exact: true }));
      expect(await ui.signInLink(page).count()).toBe(0);
      await expectVisible(page.getByRole('link', { name: 'Log in', exact: true }));
      await checkScreen(page, `the invite page of an unknown link (${viewport.name})`, shot('unknown'));
      await page.close();
    });
  });
}
