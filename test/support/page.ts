import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Viewport } from './viewports';

/** Short enough that a missing element fails the test in seconds, long enough for a cold lazy chunk. */
export const uiTimeout = 10_000;

/** A fresh browser profile (empty localStorage and cookies) at one viewport. */
export async function openContext(browser: Browser, baseURL: string, viewport: Viewport): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
  });
  context.setDefaultTimeout(uiTimeout);
  context.setDefaultNavigationTimeout(uiTimeout * 2);
  return context;
}

/** Waits until the SPA shows `path` (a client-side navigation has no load event to wait for). */
export async function expectPath(page: Page, path: string | RegExp, timeout = uiTimeout): Promise<void> {
  const matches = (url: URL) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname));
  try {
    await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
  } catch {
    throw new Error(`expected the path ${String(path)}, but the page stayed on ${new URL(page.url()).pathname}`);
  }
}

export async function expectVisible(locator: Locator, timeout = uiTimeout): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout = uiTimeout): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Waits until document.title matches: titles change after the lazy view mounts. */
export async function expectTitle(page: Page, pattern: RegExp, timeout = uiTimeout): Promise<string> {
  try {
    await page.waitForFunction(
      ({ source, flags }) => new RegExp(source, flags).test(document.title),
      { source: pattern.source, flags: pattern.flags },
      { timeout },
    );
  } catch {
    throw new Error(`expected a title matching ${String(pattern)}, got "${await page.title()}"`);
  }
  return page.title();
}

/** Escapes text for use inside a RegExp (product names may hold dots or plus signs). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the page cannot scroll (the open drawer locks scrolling of the page behind it). */
export function isScrollLocked(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const hidden = (element: Element) => ['hidden', 'clip'].includes(getComputedStyle(element).overflowY);
    return hidden(document.body) || hidden(document.documentElement);
  });
}

/** How many pixels the page is wider than its window (0 or less: nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Logs in through /login's form, as a person would, and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^email\s*\*?$/i).fill(email);
  await page.getByLabel(/^password\s*\*?$/i).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectPath(page, '/');
}
