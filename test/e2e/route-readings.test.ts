/**
 * SPEC.md §2's other reading of the routes, switched on with COMING_SOON_SCREENS=true: the
 * sidebar is SPEC.md's list exactly, and /webhooks, /dedicated-nodes, /usage, /settings and
 * /endpoints (and their subpaths) lead to /coming-soon/{first segment}, typed or followed. The
 * default reading (every screen real) is the account story's sidebar walk.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { expectHidden, expectPath, expectVisible, logIn, openContext } from '../support/page';
import { screenshot } from '../support/screenshots';
import { startServer, type RunningServer } from '../support/server';
import { specSidebarNames } from '../support/spec-sidebar';
import { viewports } from '../support/viewports';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

const redirects = [
  { path: '/webhooks', target: '/coming-soon/webhooks', title: 'Webhooks' },
  { path: '/webhooks/new', target: '/coming-soon/webhooks', title: 'Webhooks' },
  { path: '/dedicated-nodes', target: '/coming-soon/dedicated-nodes', title: 'Dedicated Nodes' },
  { path: '/usage/methods', target: '/coming-soon/usage', title: 'Usage' },
  { path: '/settings', target: '/coming-soon/settings', title: 'Project Settings' },
  { path: '/endpoints/mainnet', target: '/coming-soon/endpoints', title: 'Endpoints' },
];

for (const viewport of viewports) {
  describe(`the coming-soon reading, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const email = `reading.${viewport.name}@example.com`;
    const password = 'aB3$tory';

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer({ COMING_SOON_SCREENS: 'true' }), launchBrowser()]);
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

    async function openNavigation(): Promise<void> {
      if (viewport.isMobile) await page.getByRole('button', { name: 'Open navigation', exact: true }).click();
      await expectVisible(sidebar(page));
    }

    it("shows SPEC.md's sidebar exactly, and its Soon entries lead to the coming-soon pages", async () => {
      await openNavigation();
      const links = sidebar(page).getByRole('link');
      const names = (await links.allInnerTexts()).map((text) =>
        text
          .replace(/\s+/g, ' ')
          .replace(/(\S)(Soon)$/, '$1 $2')
          .trim(),
      );
      // innerText leaves out the visually hidden "(opens in a new tab)": compare it by accessible name.
      expect(names.slice(0, -1)).toEqual(specSidebarNames.slice(0, -1));
      await expectVisible(sidebar(page).getByRole('link', { name: specSidebarNames.at(-1), exact: true }));
      await screenshot(page, `coming-soon-reading-sidebar-${viewport.name}`);
      await sidebar(page)
        .getByRole('link', { name: /^Webhooks/ })
        .click();
      await expectPath(page, '/coming-soon/webhooks');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Webhooks', exact: true }));
      if (viewport.isMobile) await expectHidden(sidebar(page));
    });

    it('sends each section and its subpaths to /coming-soon/{first segment}, accessibly', async () => {
      for (const { path, target, title } of redirects) {
        await page.goto(path);
        await expectPath(page, target);
        await expectVisible(page.getByRole('heading', { level: 1, name: title, exact: true }));
        await expectVisible(page.getByRole('heading', { level: 2, name: 'Coming soon', exact: true }));
      }
      await page.waitForLoadState('networkidle');
      await screenshot(page, `coming-soon-reading-endpoints-${viewport.name}`);
      expect(await wcagViolations(page), 'WCAG 2.1 AA violations on /coming-soon/endpoints').toEqual([]);
    });

    it('keeps the screens both readings share', async () => {
      for (const path of ['/keys', '/billing', '/support', '/rpc-testing']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectPath(page, path);
      }
    });
  });
}
