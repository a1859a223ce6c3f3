/**
 * The terms and privacy policy as a new user meets them, in real Chromium against the real server
 * at 1280×800 and 390×844: linked (as links) from /login and /signup, public whether signed in or
 * out, with the server's text; and the signup → login hand-over (the notice and the e-mail filled
 * in, a long address wrapping instead of widening the phone's screen). axe-core on each page.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { expectPath, expectTitle, expectVisible, horizontalOverflow, openContext } from '../support/page';
import { screenshot } from '../support/screenshots';
import { startServer, type RunningServer } from '../support/server';
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

describe.each(viewports)('terms, privacy and the signup hand-over at $width px', (viewport) => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ PRODUCT_NAME: productName }), launchBrowser()]);
    context = await openContext(browser, server.url, viewport);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('/login shows the product name and links the terms as a link; /terms is public and leads back', async () => {
    await page.goto('/login');
    await expectVisible(ui.heading(page, 'Log in'));
    await expectVisible(ui.productName(page));
    await expectLooksLikeLink(page, ui.termsLink(page));
    await expectNoViolations(page, `/login at ${viewport.width}`);
    await screenshot(page, 'login');
    await ui.termsLink(page).click();
    await expectPath(page, '/terms');
    await expectDocument(page, 'Terms of Service');
    await expectVisible(ui.productName(page));
    await expectNoHorizontalOverflow(page);
    await expectNoViolations(page, `/terms signed out at ${viewport.width}`);
    await screenshot(page, 'terms');
    await page.getByRole('link', { name: 'Back to log in', exact: true }).click();
    await expectPath(page, '/login');
  });

  it('/signup shows the product name and links the privacy policy; /privacy opens directly too', async () => {
    await page.goto('/signup');
    await expectVisible(ui.heading(page, 'Create your account'));
    await expectVisible(ui.productName(page));
    await expectLooksLikeLink(page, ui.privacyLink(page));
    await expectNoHorizontalOverflow(page);
    await expectNoViolations(page, `/signup at ${viewport.width}`);
    await screenshot(page, 'signup');
    await ui.privacyLink(page).click();
    await expectPath(page, '/privacy');
    await expectDocument(page, 'Privacy Policy');
    await expectNoViolations(page, `/privacy signed out at ${viewport.width}`);
    await screenshot(page, 'privacy');
    await page.goto('/privacy');
    await expectDocument(page, 'Privacy Policy');
    await expectVisible(page.getByText(/hash of your password/));
  });

  it('after signup, /login says the account was created with the e-mail filled in, and a long one wraps', async () => {
    const email = `${viewport.name}.a.rather.long.name.for.a.new.account.holder@subdomain.example-company.com`;
    await page.goto('/signup');
    await ui.emailField(page).fill(email);
    await ui.passwordField(page).fill(password);
    await ui.confirmField(page).fill(password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectPath(page, '/login');
    await expectVisible(ui.created(page));
    expect(await ui.created(page).innerText()).toContain(email);
    expect(await ui.emailField(page).inputValue()).toBe(email);
    expect(await ui.passwordField(page).inputValue()).toBe('');
    // The address is not in the URL.
    expect(page.url()).not.toContain('example-company');
    await expectNoHorizontalOverflow(page);
    await expectNoViolations(page, `/login after signup at ${viewport.width}`);
    await screenshot(page, 'login-after-signup');

    // A reload keeps the history entry: the prerendered (empty) /login hydrates, then fills in again.
    const problems: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') problems.push(message.text());
    };
    page.on('console', onConsole);
    await page.reload();
    await expectVisible(ui.created(page));
    await expect.poll(() => ui.emailField(page).inputValue()).toBe(email);
    page.off('console', onConsole);
    expect(problems).toEqual([]);

    await ui.passwordField(page).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectPath(page, '/');
  });

  it('signed in, /terms and /privacy stay where they are and lead back to the dashboard', async () => {
    for (const [path, title] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      await page.goto(path);
      await expectDocument(page, title);
      expect(new URL(page.url()).pathname).toBe(path);
      await expectNoViolations(page, `${path} signed in at ${viewport.width}`);
    }
    await page.getByRole('link', { name: 'Back to the dashboard', exact: true }).click();
    await expectPath(page, '/');
  });
});
