/**
 * A team, as its owner and a developer meet it, in real Chromium against the real server. The owner (on a paid plan) invites an address from Settings → Project Users. The invitee
 * opens the mailed link signed out, sees the invite, creates an account from the page, logs in and
 * comes back to it (the owner, opening it, reads it as theirs), accepts and acts in the project (the switcher shows it checked). As a Developer
 * they generate a key, give it its own domain list and roll it; Billing is not theirs (not in the
 * navigation, and the route says so). The owner sees them in Project Users and each of their steps
 * in the audit log, then makes them a Viewer: their keys screen is read-only from then on. An
 * unknown link says so. Run at 1280×800 and 390×844 with axe and the width checked; screenshots in
 * screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditActionLabel } from '@/domain/audit-log';
import { INVITE_NOT_FOUND, INVITE_SENT_BY_YOU } from '@/domain/invites';
import { ROLL_GRACE_FACTS } from '@/domain/key-lifecycle';
import { USE_OWN_LIST } from '@/domain/key-rule-text';
import { keysReadOnlyText } from '@/domain/roles';
import { ROLE_CANNOT_OPEN } from '@/domain/route-roles';
import { toInvite } from '@/domain/paths';
import { findPlanByName } from '@server/repos/plans';
import { setUserPlan } from '@server/repos/users';
import { escapeRegExp, expectHidden, expectPath, expectTitle, expectVisible } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { latestMailTo } from '../support/server';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const PROJECT = 'Payments';
const PASSWORD = 'aB3$tory';
/** The project's second key: the owner's default key is its first. */
const NEW_KEY = 'Key 2';

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
  usersCard: (page: Page) => page.getByRole('region', { name: 'Project Users', exact: true }),
  inviteForm: (page: Page) => page.getByRole('form', { name: 'Invite by e-mail', exact: true }),
  pendingInvites: (page: Page) => page.getByRole('table', { name: 'Pending invites', exact: true }),
  memberRow: (page: Page, email: string) =>
    page.getByRole('table', { name: 'Project Users', exact: true }).getByRole('row').filter({ hasText: email }),
  generateButton: (page: Page) => page.getByRole('button', { name: 'Generate new key', exact: true }),
  rulesButton: (page: Page, key: string) => page.getByRole('button', { name: `Rules of ${key}`, exact: true }),
  rulesDialog: (page: Page, key: string) => page.getByRole('dialog', { name: `Rules of ${key}` }),
  rollButton: (page: Page, key: string) => page.getByRole('button', { name: `Roll ${key}`, exact: true }),
  rollDialog: (page: Page, key: string) => page.getByRole('dialog', { name: `Roll ${key}?` }),
  userMenuButton: (page: Page, email: string) =>
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(email.split('@')[0]?.slice(0, 8) ?? '')}(…|\\.\\.\\.)$`) }),
} as const;

const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`a team, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const owner = { email: `inviter.${viewport.name}@example.com`, password: PASSWORD };
    const invitee = `joiner.${viewport.name}@example.com`;
    const story = setUpStory(shared, { viewport, account: owner, apiToken: true, page: 'signed-in', timeout: 60_000 });
    const shot = (name: string) => `teams-${name}-${viewport.name}`;
    /** The invitee's page, from their first visit on. */
    let joiner: Page | undefined;
    const joinerPage = () => {
      if (joiner === undefined) throw new Error("the invitee's page is not open: the stories run in order");
      return joiner;
    };

    it('the owner invites a developer from Project Users', async () => {
      const { server, page } = story;
      const auth = { headers: { Authorization: `Bearer ${story.token}` } };
      // The owner on a paid plan (what the admin command does: arranged, not bought), the project named.
      const me = await server.api.GET('/users/me', auth);
      if (!me.data) throw new Error(`GET /api/users/me failed: ${JSON.stringify(me.error)}`);
      const developer = await findPlanByName(server.app.db, 'Developer');
      if (developer === null) throw new Error('no Developer plan');
      await setUserPlan(server.app.db, me.data.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      const renamed = await server.api.PATCH('/project', { ...auth, body: { name: PROJECT } });
      expect(renamed.error).toBeUndefined();

      await page.goto('/settings');
      const users = ui.usersCard(page);
      await expectVisible(users.getByText('Invites Left: 3', { exact: true }));
      const form = ui.inviteForm(page);
      await form.getByLabel(label('email')).fill(invitee);
      await form.getByLabel('Role', { exact: true }).selectOption('developer');
      await form.getByRole('button', { name: 'Send invite', exact: true }).click();
      await expectVisible(ui.pendingInvites(page).getByText(invitee, { exact: true }));
      await expectVisible(users.getByText('Invites Left: 2', { exact: true }));
      expect(await form.getByLabel(label('email')).inputValue()).toBe('');
      await checkScreen(page, `/settings Project Users with an invite (${viewport.name})`, shot('invited'));

      // The owner opening the mailed link reads it as theirs: nothing to accept, the way back to Project Users.
      const link = latestMailTo(server.app, invitee).link;
      if (link === undefined) throw new Error('the invitation mail has no link');
      await page.goto(new URL(link).pathname);
      await expectVisible(page.getByText(INVITE_SENT_BY_YOU, { exact: true }));
      await expectVisible(page.getByText(`You invited ${invitee} to join ${PROJECT} as Developer.`, { exact: true }));
      await expectHidden(ui.acceptButton(page));
      await checkScreen(page, `the invite page read by its sender (${viewport.name})`, shot('invite-own'));
      await page.getByRole('link', { name: 'Back to Project Users', exact: true }).click();
      await expectVisible(ui.pendingInvites(page).getByText(invitee, { exact: true }));
    });

    it('the invitee opens the mailed link signed out, creates an account from it, comes back, accepts and acts in the project', async () => {
      const { server } = story;
      const link = latestMailTo(server.app, invitee).link;
      if (link === undefined) throw new Error('the invitation mail has no link');
      const invitePath = new URL(link).pathname;

      const page = await story.newPage();
      joiner = page;
      await page.goto(invitePath);
      await expectVisible(ui.heading(page));
      await expectTitle(page, /^Project invitation/);
      await expectVisible(ui.signInLink(page));
      expect(await ui.details(page, 'Project').textContent()).toBe(PROJECT);
      expect(await ui.details(page, 'Role').textContent()).toBe('Developer');
      expect(await ui.details(page, 'Invited by').textContent()).toBe(owner.email);
      expect(await ui.details(page, 'Sent to').textContent()).toBe(invitee);
      expect(await ui.details(page, 'Expires').textContent()).toMatch(/ UTC$/);
      await checkScreen(page, `the invite page signed out (${viewport.name})`, shot('invite-signed-out'));

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
      await checkScreen(page, `the invite page signed in (${viewport.name})`, shot('invite-signed-in'));

      // By keyboard: the button takes the focus (visible ring) and Enter.
      await ui.acceptButton(page).focus();
      await page.keyboard.press('Enter');
      await expectPath(page, '/');
      await ui.userMenuButton(page, invitee).click();
      const joined = page.getByRole('menuitemradio', { name: `${PROJECT} (Developer)`, exact: true });
      await expectVisible(joined);
      await expect.poll(() => joined.getAttribute('aria-checked')).toBe('true');
      await checkScreen(page, `the project switcher (${viewport.name})`, shot('switcher'));
      await page.keyboard.press('Escape');
    });

    it("as a Developer, generates a key, gives it its own domain list and rolls it; Billing is not the role's", async () => {
      const page = joinerPage();
      await page.goto('/keys');
      await ui.generateButton(page).click();
      await ui.rulesButton(page, NEW_KEY).click();
      const rules = ui.rulesDialog(page, NEW_KEY);
      await rules.getByRole('radiogroup', { name: 'Allowed Domains', exact: true }).getByText(USE_OWN_LIST, { exact: true }).click();
      await rules.getByLabel('Domain', { exact: true }).fill('app.example.com');
      await rules.getByRole('button', { name: 'Add to Allowed Domains', exact: true }).click();
      await rules.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectVisible(page.getByText(`Rules of ${NEW_KEY} saved. The gateway enforces them within a second.`));
      await ui.rollButton(page, NEW_KEY).click();
      const roll = ui.rollDialog(page, NEW_KEY);
      await roll.getByText(ROLL_GRACE_FACTS['1h'].label, { exact: true }).click();
      await roll.getByRole('button', { name: 'Roll key', exact: true }).click();
      await expectVisible(page.getByText('Old secret, works until', { exact: false }));

      // Billing: not in the navigation, and its route says why.
      await expectHidden(page.getByRole('link', { name: 'Billing', exact: true }));
      await page.goto('/billing');
      await expectVisible(page.getByRole('heading', { level: 1, name: ROLE_CANNOT_OPEN }));
      await checkScreen(page, `/billing for a Developer (${viewport.name})`, shot('role-gate'));
    });

    it('the owner sees the member and each of their steps in the audit log, then makes them a Viewer: the keys turn read-only', async () => {
      const { page } = story;
      await page.goto('/settings');
      const member = ui.memberRow(page, invitee);
      await expectVisible(member.getByText('Developer', { exact: true }));
      await checkScreen(page, `/settings Project Users with a member (${viewport.name})`, shot('members'));

      await page.getByRole('tab', { name: 'Audit Log', exact: true }).click();
      const rows = page.getByRole('table', { name: 'Audit Log' }).getByRole('row').filter({ hasText: invitee });
      for (const action of ['member.joined', 'key.created', 'key_rules.updated', 'key.rolled'] as const) {
        await expectVisible(rows.filter({ hasText: auditActionLabel(action) }).first());
      }
      await checkScreen(page, `/settings audit log of the team (${viewport.name})`, shot('audit-log'));

      await page.getByRole('tab', { name: 'Project', exact: true }).click();
      await ui
        .memberRow(page, invitee)
        .getByRole('button', { name: `Change role of ${invitee}`, exact: true })
        .click();
      await page.getByRole('menuitemradio', { name: 'Viewer', exact: true }).click();
      await expectVisible(ui.memberRow(page, invitee).getByText('Viewer', { exact: true }));

      const joinerKeys = joinerPage();
      await joinerKeys.goto('/keys');
      await expectVisible(joinerKeys.getByText(keysReadOnlyText('viewer'), { exact: true }));
      await expectHidden(ui.generateButton(joinerKeys));
      // The playground calls with the project's keys, which a Viewer reads masked: not theirs either.
      await expectHidden(joinerKeys.getByRole('link', { name: 'RPC Testing', exact: true }));
      await checkScreen(joinerKeys, `/keys for a Viewer (${viewport.name})`, shot('viewer-keys'));
      await joinerKeys.close();
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
