/**
 * The terms and privacy policy as a new user meets them, in real Chromium against the real server
 * at 1280×800 and 390×844: linked (as links) from /login and /signup, public whether signed in or
 * out, with the server's text; and the signup → login hand-over (the notice and the e-mail filled
 * in, a long address wrapping instead of widening the phone's screen). axe-core on each page.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import { expectPath, expectTitle, expectVisible, horizontalOverflow } from '../support/page';
import { screenshot } from '../support/screenshots';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const productName = 'Legal Test RPC';
const password = 'Legal$Pass1';
const label = (words: string) => new RegExp(`^${words}\\s*\\*?$`, 'i');

const ui = {
  heading: (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }),
  termsLink: (page: Page) => page.getByRole('link', { name: 'Terms of Service', exact: true }),
  privacyLink: (page: Page) => page.getByRole('link', { name: 'Privacy Policy', exact: true }),
  productName: (page: Page) => page.getByText(productName, { exact: true }),
  emailField: (page: Page) => page.getByLabel(label('email')),
  passwordField: (page: Page) => page.getByLabel(label('password')),
  confirmField: (page: Page) => page.getByLabel(label('confirm password')),
  created: (page: Page) => page.getByRole('status').filter({ hasText: 'has been created. Log in to continue.' }),
};

/** Nothing is wider than the window: no sideways scrolling, on a phone above all. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  expect(await horizontalOverflow(page), 'page width').toBeLessThanOrEqual(0);
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await wcagViolations(page), where).toEqual([]);
}

/** Looks like a link: underlined, and a visible focus ring when reached with the keyboard. */
async function expectLooksLikeLink(page: Page, link: Locator): Promise<void> {
  expect(await link.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain('underline');
  const name = await link.innerText();
  for (let tab = 0; tab < 40; tab += 1) {
    await page.keyboard.press('Tab');
    if (await link.evaluate((element) => element === document.activeElement)) break;
  }
  expect(await link.evaluate((element) => element.matches(':focus-visible')), `${name} focused by Tab`).toBe(true);
  const ring = await link.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), shadow: style.boxShadow };
  });
  expect(ring.outline !== 'none' && ring.width > 0 ? 'outline' : ring.shadow, `${name} focus ring`).not.toBe('none');
}

/** A legal page has drawn its text: its h1 and at least one section heading. */
async function expectDocument(page: Page, title: string): Promise<void> {
  await expectVisible(ui.heading(page, title));
  await expectVisible(page.getByRole('heading', { level: 2 }));
  await expectTitle(page, new RegExp(`^${title} \\| ${productName}$`));
}

const shared = shareOneServer({ settings: { PRODUCT_NAME: productName } });

describe.each(viewports)('terms, privacy and the signup hand-over at $width px', (viewport) => {
  const story = setUpStory(shared, { viewport, page: 'signed-out' });

  it('/login shows the product name and links the terms as a link; /terms is public and leads back', async () => {
    await story.page.goto('/login');
    await expectVisible(ui.heading(story.page, 'Log in'));
    await expectVisible(ui.productName(story.page));
    await expectLooksLikeLink(story.page, ui.termsLink(story.page));
    await expectNoViolations(story.page, `/login at ${viewport.width}`);
    await screenshot(story.page, 'login');
    await ui.termsLink(story.page).click();
    await expectPath(story.page, '/terms');
    await expectDocument(story.page, 'Terms of Service');
    await expectVisible(ui.productName(story.page));
    await expectNoHorizontalOverflow(story.page);
    await expectNoViolations(story.page, `/terms signed out at ${viewport.width}`);
    await screenshot(story.page, 'terms');
    await story.page.getByRole('link', { name: 'Back to log in', exact: true }).click();
    await expectPath(story.page, '/login');
  });

  it('/signup shows the product name and links the privacy policy; /privacy opens directly too', async () => {
    await story.page.goto('/signup');
    await expectVisible(ui.heading(story.page, 'Create your account'));
    await expectVisible(ui.productName(story.page));
    await expectLooksLikeLink(story.page, ui.privacyLink(story.page));
    await expectNoHorizontalOverflow(story.page);
    await expectNoViolations(story.page, `/signup at ${viewport.width}`);
    await screenshot(story.page, 'signup');
    await ui.privacyLink(story.page).click();
    await expectPath(story.page, '/privacy');
    await expectDocument(story.page, 'Privacy Policy');
    await expectNoViolations(story.page, `/privacy signed out at ${viewport.width}`);
    await screenshot(story.page, 'privacy');
    await story.page.goto('/privacy');
    await expectDocument(story.page, 'Privacy Policy');
    await expectVisible(story.page.getByText(/hash of your password/));
  });

  it('after signup, /login says the account was created with the e-mail filled in, and a long one wraps', async () => {
    const email = `${viewport.name}.a.rather.long.name.for.a.new.account.holder@subdomain.example-company.com`;
    await story.page.goto('/signup');
    await ui.emailField(story.page).fill(email);
    await ui.passwordField(story.page).fill(password);
    await ui.confirmField(story.page).fill(password);
    await story.page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectPath(story.page, '/login');
    await expectVisible(ui.created(story.page));
    expect(await ui.created(story.page).innerText()).toContain(email);
    expect(await ui.emailField(story.page).inputValue()).toBe(email);
    expect(await ui.passwordField(story.page).inputValue()).toBe('');
    // The address is not in the URL.
    expect(story.page.url()).not.toContain('example-company');
    await expectNoHorizontalOverflow(story.page);
    await expectNoViolations(story.page, `/login after signup at ${viewport.width}`);
    await screenshot(story.page, 'login-after-signup');

    // A reload keeps the history entry: the prerendered (empty) /login hydrates, then fills in again.
    const problems: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') problems.push(message.text());
    };
    story.page.on('console', onConsole);
    await story.page.reload();
    await expectVisible(ui.created(story.page));
    await expect.poll(() => ui.emailField(story.page).inputValue()).toBe(email);
    story.page.off('console', onConsole);
    expect(problems).toEqual([]);

    await ui.passwordField(story.page).fill(password);
    await story.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectPath(story.page, '/');
  });

  it('signed in, /terms and /privacy stay where they are and lead back to the dashboard', async () => {
    for (const [path, title] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      await story.page.goto(path);
      await expectDocument(story.page, title);
      expect(new URL(story.page.url()).pathname).toBe(path);
      await expectNoViolations(story.page, `${path} signed in at ${viewport.width}`);
    }
    await story.page.getByRole('link', { name: 'Back to the dashboard', exact: true }).click();
    await expectPath(story.page, '/');
  });
});
