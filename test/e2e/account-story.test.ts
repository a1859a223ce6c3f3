/**
 * The account story, as a new user tries it, in real Chromium against the real server:
 * sign up, log in, see the notice of the unverified address, resend a link, open the newest from
 * the mail outbox and see the notice gone, every sidebar entry, log out, Google sign-in (local OpenID provider), password
 * reset through the mail outbox, log in with the new password; and the guard's return-to-origin.
 * Run at 1280×800 and 390×844 (drawer). Screenshots of every screen land in screenshots/.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import {
  escapeRegExp,
  expectHidden,
  expectPath,
  expectTitle,
  expectVisible,
  horizontalOverflow,
  isScrollLocked,
  uiTimeout,
} from '../support/page';
import { screenshot } from '../support/screenshots';
import { latestMailTo } from '../support/server';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** Texts SPEC.md gives word for word. */
const spec = {
  sendResetLink: 'Send Reset Link',
  resetRequested: 'If an account with that email exists, we have sent password reset instructions to your email.',
  passwordsDoNotMatch: 'Passwords do not match',
  badCredentials: 'Bad credentials, please try again.',
  /** Not SPEC.md's: the e-mail verification texts (src/domain/email-verification.ts). */
  resendDone: 'A new verification link is on its way. It works once, for 24 hours.',
  verified: 'Your e-mail address is verified. Usage alerts will now reach you.',
  /** Strength score = number of the five password rules met. */
  strengthLabels: ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong'],
} as const;

/** A field label, tolerating a trailing required-marker asterisk. */
const label = (words: string) => new RegExp(`^${words}\\s*\\*?$`, 'i');

/**
 * Locators where SPEC.md names no exact text, aligned with the screens as built: one place to
 * change when a label changes. Exact names on purpose, so drift shows up as a failing test.
 * Roles and labels only, never CSS classes.
 */
const ui = {
  emailField: (page: Page) => page.getByLabel(label('email')),
  passwordField: (page: Page) => page.getByLabel(label('password')),
  confirmPasswordField: (page: Page) => page.getByLabel(label('confirm( new)? password')),
  newPasswordField: (page: Page) => page.getByLabel(label('new password')),
  loginButton: (page: Page) => page.getByRole('button', { name: 'Log in', exact: true }),
  signUpLink: (page: Page) => page.getByRole('link', { name: 'Sign up', exact: true }),
  signUpButton: (page: Page) => page.getByRole('button', { name: 'Sign up', exact: true }),
  forgotPasswordLink: (page: Page) => page.getByRole('link', { name: 'Forgot password?', exact: true }),
  /** A full-page navigation to the API, so a link styled as a button. */
  googleButton: (page: Page) => page.getByRole('link', { name: 'Sign in with Google', exact: true }),
  resetPasswordButton: (page: Page) => page.getByRole('button', { name: 'Reset Password', exact: true }),
  resetSuccess: (page: Page) => page.getByText('Your password has been reset. Redirecting to login...', { exact: true }),
  /** The 5-bar meter announces its label (Very Weak ... Very Strong) as aria-valuetext. */
  strengthMeter: (page: Page) => page.getByRole('meter', { name: 'Password strength', exact: true }),
  closeErrorButton: (page: Page) => page.getByRole('alert').getByRole('button', { name: 'Close', exact: true }),
  /** The layout's notice while the address is unverified (a region named by its title). */
  verificationNotice: (page: Page) => page.getByRole('region', { name: 'Please verify your e-mail address', exact: true }),
  dashboardHeading: (page: Page, productName: string) => page.getByRole('heading', { name: `Welcome to ${productName}`, exact: true }),
  /** The sidebar is <nav aria-label="Main">; below 992 px the same nav sits in the drawer. */
  sidebar: (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true }),
  openDrawerButton: (page: Page) => page.getByRole('button', { name: 'Open navigation', exact: true }),
  /** The navbar user button: the e-mail's local part cut to 8 characters plus an ellipsis. */
  userMenuButton: (page: Page, email: string) =>
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(email.split('@')[0]?.slice(0, 8) ?? '')}(…|\\.\\.\\.)$`) }),
  logoutItem: (page: Page) => page.getByRole('menuitem', { name: 'Logout', exact: true }),
  /**
   * Sidebar entries of the default reading (every real screen linked, Endpoints next to API Keys,
   * System Status its public page, none marked 'Soon'), where they lead and the page title before
   * ' | {product name}'. The coming-soon reading has its own story (route-readings.test.ts).
   */
  sidebarEntries: [
    { link: /^Dashboard$/, path: /^\/$/, title: 'Dashboard' },
    { link: /^API Keys$/, path: /^\/keys$/, title: 'API Keys & Endpoints' },
    { link: /^Endpoints$/, path: /^\/endpoints$/, title: 'Endpoints' },
    { link: /^Webhooks$/, path: /^\/webhooks$/, title: 'Webhooks' },
    { link: /^Dedicated Nodes$/, path: /^\/dedicated-nodes$/, title: 'Dedicated Nodes' },
    { link: /^Usage$/, path: /^\/usage$/, title: 'Usage / Metrics' },
    { link: /^RPC Testing$/, path: /^\/rpc-testing$/, title: 'RPC Testing' },
    { link: /^Billing$/, path: /^\/billing$/, title: 'Billing & Plans' },
    { link: /^Project Settings$/, path: /^\/settings$/, title: 'Project Settings' },
    { link: /^System Status$/, path: /^\/status$/, title: 'System Status' },
    { link: /^Support$/, path: /^\/support$/, title: 'Support' },
  ],
  documentationLink: (nav: Locator) => nav.getByRole('link', { name: /^Documentation/ }),
  /** Titles of the public screens, before ' | {product name}'. */
  titles: { login: 'Log in', signup: 'Sign up', forgotPassword: 'Forgot password' },
} as const;

/** The meter's label, announced and shown: "Strong" must not be satisfied by "Very Strong". */
async function expectStrength(page: Page, strength: string): Promise<void> {
  await expect.poll(() => ui.strengthMeter(page).getAttribute('aria-valuetext'), { timeout: uiTimeout }).toBe(strength);
  await expectVisible(page.getByText(new RegExp(`(?<!Very )\\b${strength}$`)));
}

/** Typed in these chunks, each meeting one more rule: lowercase, uppercase, number, special, 8 chars. */
const passwordChunks = ['a', 'B', '3', '$', 'tory'];
const password = passwordChunks.join('');

/** Both viewports' stories sign up on the file's one server: each with its own e-mail. */
const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`account story, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const user = { email: `ada.lovelace.${viewport.name}@example.com`, passwordChunks, newPassword: 'N3w&Secret' };
    const story = setUpStory(shared, { viewport });
    let productName: string;
    let documentationUrl: string;

    beforeAll(async () => {
      const { data, error } = await story.server.api.GET('/config');
      if (!data) throw new Error(`GET /api/config failed: ${JSON.stringify(error)}`);
      ({ productName, documentationUrl } = data);
    });

    /** SPEC.md §2: '{title} | {product name}'. */
    const titlePattern = (title: string) => new RegExp(`^${escapeRegExp(title)} \\| ${escapeRegExp(productName)}$`);

    async function logIn(page: Page, email: string, secret: string): Promise<void> {
      await ui.emailField(page).fill(email);
      await ui.passwordField(page).fill(secret);
      await ui.loginButton(page).click();
    }

    async function logOut(page: Page, email: string): Promise<void> {
      await ui.userMenuButton(page, email).click();
      await expectVisible(ui.logoutItem(page));
      await screenshot(page, 'user-menu');
      await ui.logoutItem(page).click();
      await expectPath(page, '/login');
      // The session ends even while the logout call is still under way; the stored token goes with it.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: uiTimeout }).toBeNull();
    }

    /** Opens a sidebar entry; on mobile through the drawer, which must lock scrolling and close after the click. */
    async function openSidebarEntry(page: Page, link: RegExp, shotName: string): Promise<void> {
      if (viewport.isMobile) {
        await expectHidden(ui.sidebar(page));
        await ui.openDrawerButton(page).click();
        await expectVisible(ui.sidebar(page));
        await expect.poll(() => isScrollLocked(page), { message: 'page scroll is locked while the drawer is open' }).toBe(true);
        if (shotName === 'dashboard') await screenshot(page, 'drawer-open');
      }
      await ui.sidebar(page).getByRole('link', { name: link }).click();
      if (viewport.isMobile) {
        await expectHidden(ui.sidebar(page));
        await expect.poll(() => isScrollLocked(page), { message: 'page scroll is unlocked once the drawer closes' }).toBe(false);
      }
    }

    it('signs up with a live strength meter, logs in, verifies the address from the outbox, opens every sidebar entry and logs out', async () => {
      const page = await story.newPage();
      await page.goto('/');
      await expectPath(page, '/login');
      await expectTitle(page, titlePattern(ui.titles.login));
      await screenshot(page, 'login');

      await ui.signUpLink(page).click();
      await expectPath(page, '/signup');
      await expectTitle(page, titlePattern(ui.titles.signup));
      await screenshot(page, 'signup');
      await ui.emailField(page).fill(user.email);
      const passwordField = ui.passwordField(page);
      for (const [index, chunk] of user.passwordChunks.entries()) {
        await passwordField.pressSequentially(chunk);
        const strength = spec.strengthLabels[index + 1] ?? '';
        await expectStrength(page, strength);
        expect(await ui.signUpButton(page).isDisabled(), `submit disabled at "${strength}"`).toBe(true);
      }
      await ui.confirmPasswordField(page).fill(`${password}x`);
      await expectVisible(page.getByText(spec.passwordsDoNotMatch));
      expect(await ui.signUpButton(page).isDisabled(), 'submit disabled while passwords differ').toBe(true);
      await ui.confirmPasswordField(page).fill(password);
      await expectHidden(page.getByText(spec.passwordsDoNotMatch));
      await expect.poll(() => ui.signUpButton(page).isEnabled()).toBe(true);
      await screenshot(page, 'signup-filled');
      await ui.signUpButton(page).click();
      await expectPath(page, '/login');

      await logIn(page, user.email, password);
      await expectPath(page, '/');
      await expectVisible(ui.dashboardHeading(page, productName));
      await expectTitle(page, titlePattern('Dashboard'));

      // Until the address is verified, the layout says so and what waits on it; a new link can be asked for.
      const notice = ui.verificationNotice(page);
      await expectVisible(notice);
      await expectVisible(notice.getByText(user.email, { exact: false }));
      await expectVisible(notice.getByText(/usage alerts are held back/));
      expect(await wcagViolations(page), 'dashboard with the verification notice').toEqual([]);
      expect(await horizontalOverflow(page), 'the notice fits the width').toBe(0);
      await screenshot(page, 'dashboard-unverified');
      const mailsBefore = story.server.app.outbox.filter((mail) => mail.to === user.email).length;
      await notice.getByRole('button', { name: 'Resend verification link', exact: true }).click();
      await expectVisible(notice.getByText(spec.resendDone, { exact: true }));
      expect(story.server.app.outbox.filter((mail) => mail.to === user.email)).toHaveLength(mailsBefore + 1);

      // The newest link, from the outbox, verifies the address; back on the dashboard the notice is gone.
      const verifyLink = latestMailTo(story.server.app, user.email).link ?? '';
      expect(verifyLink, 'the verification mail holds a link').toMatch(
        new RegExp(`^${escapeRegExp(story.server.url)}/verify-email\\?token=.+`),
      );
      await page.goto(verifyLink);
      await expectTitle(page, titlePattern('Verify e-mail address'));
      await expectVisible(page.getByText(spec.verified, { exact: true }));
      expect(await wcagViolations(page), 'the verified screen').toEqual([]);
      await screenshot(page, 'email-verified');
      await page.getByRole('link', { name: 'Go to the dashboard', exact: true }).click();
      await expectPath(page, '/');
      await expectVisible(ui.dashboardHeading(page, productName));
      await expectHidden(ui.verificationNotice(page));
      // The same link again is refused: it works once.
      await page.goto(verifyLink);
      await expectVisible(page.getByRole('alert').getByText(/Invalid or expired verification link/));
      await page.goto('/');
      await expectVisible(ui.dashboardHeading(page, productName));
      await expectHidden(ui.verificationNotice(page));
      await screenshot(page, 'dashboard');

      // Authenticated users are sent from /login to /.
      await page.goto('/login');
      await expectPath(page, '/');
      await expectVisible(ui.dashboardHeading(page, productName));

      for (const entry of ui.sidebarEntries) {
        const shotName = entry.title.toLowerCase().replace(/[^a-z]+/g, '-');
        await openSidebarEntry(page, entry.link, shotName);
        await expectPath(page, entry.path);
        await expectTitle(page, titlePattern(entry.title));
        await screenshot(page, `page-${shotName}`);
      }
      if (viewport.isMobile) await ui.openDrawerButton(page).click();
      const documentation = ui.documentationLink(ui.sidebar(page));
      expect(await documentation.getAttribute('href')).toBe(documentationUrl);
      expect(await documentation.getAttribute('target')).toBe('_blank');
      if (viewport.isMobile) await page.keyboard.press('Escape');

      await logOut(page, user.email);
      await page.goto('/');
      await expectPath(page, '/login');
      await page.context().close();
    });

    it('signs in with the Google button through the local OpenID provider, then logs out; never into a password account', async () => {
      const page = await story.newPage();
      const signInThroughStandIn = async (email: string) => {
        await page.goto('/login');
        await ui.googleButton(page).click();
        await expectPath(page, /^\/api\/oidc\//);
        await screenshot(page, 'oidc-login');
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Continue' }).click();
      };
      // The stand-in takes any typed e-mail: it must not open the password account of that e-mail.
      await signInThroughStandIn(user.email);
      await expectVisible(page.getByText(/Authentication error: This e-mail belongs to an account that signs in with a password/));
      await expectPath(page, '/login', 20_000);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      const googleEmail = `google-${user.email}`;
      await signInThroughStandIn(googleEmail);
      await expectPath(page, '/', 20_000);
      await expectVisible(ui.dashboardHeading(page, productName));
      await expectVisible(ui.userMenuButton(page, googleEmail));
      // Google vouched for the address: nothing to verify.
      await expectHidden(ui.verificationNotice(page));
      await screenshot(page, 'dashboard-after-google');
      await logOut(page, googleEmail);
      await page.context().close();
    });

    it('resets a forgotten password with the link from the outbox and logs in with the new one', async () => {
      // The account from the first test; made here too when that test stopped early (409 = exists).
      const registered = await story.server.api.POST('/auth/register', { body: { email: user.email, password } });
      expect([201, 409]).toContain(registered.response.status);

      const page = await story.newPage();
      await page.goto('/login');
      await ui.forgotPasswordLink(page).click();
      await expectPath(page, '/forgot-password');
      await expectTitle(page, titlePattern(ui.titles.forgotPassword));
      await ui.emailField(page).fill(user.email);
      await screenshot(page, 'forgot-password');
      await page.getByRole('button', { name: spec.sendResetLink }).click();
      await expectVisible(page.getByText(spec.resetRequested));
      await screenshot(page, 'forgot-password-sent');

      const mail = latestMailTo(story.server.app, user.email);
      const link = mail.link ?? mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0];
      expect(link, 'the reset mail holds a link').toMatch(new RegExp(`^${escapeRegExp(story.server.url)}/reset-password/.+`));
      await page.goto(link ?? '');
      await expectPath(page, /^\/reset-password\/.+/);
      await ui.newPasswordField(page).fill(user.newPassword);
      await ui.confirmPasswordField(page).fill(user.newPassword);
      await expectStrength(page, 'Very Strong');
      await screenshot(page, 'reset-password');
      await ui.resetPasswordButton(page).click();
      await expectVisible(ui.resetSuccess(page));
      const succeededAt = Date.now();
      await screenshot(page, 'reset-password-done');
      await expectPath(page, '/login', 8_000);
      expect(Date.now() - succeededAt, 'stays on the success message for about 3 s').toBeGreaterThanOrEqual(2_400);

      // The old password no longer works; the error box can be dismissed.
      await logIn(page, user.email, password);
      await expectVisible(page.getByText(spec.badCredentials));
      await screenshot(page, 'login-error');
      await ui.closeErrorButton(page).click();
      await expectHidden(page.getByText(spec.badCredentials));

      await logIn(page, user.email, user.newPassword);
      await expectPath(page, '/');
      await expectVisible(ui.dashboardHeading(page, productName));
      await page.context().close();
    });

    it('sends a logged-out visitor of a guarded page to /login and back there after login', async () => {
      const email = `guard.${viewport.name}@example.com`;
      const registered = await story.server.api.POST('/auth/register', { body: { email, password } });
      expect(registered.error).toBeUndefined();

      const page = await story.newPage();
      await page.goto('/billing');
      await expectPath(page, '/login');
      await logIn(page, email, password);
      await expectPath(page, '/billing');
      await expectTitle(page, titlePattern('Billing & Plans'));
      await page.context().close();
    });
  });
}
