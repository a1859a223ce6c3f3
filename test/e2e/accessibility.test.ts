/**
 * WCAG 2.1 AA, checked by axe-core in real Chromium on every screen as a user sees it — signed out,
 * signed in, with a response in the playground, with a modal open, with the drawer open — at
 * 1280×800 and 390×844. Contrast, names, labels, landmarks and ARIA are what axe can judge; the
 * keyboard and focus stories are in the other browser tests.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { expectVisible, logIn, openContext } from '../support/page';
import { startServer, type RunningServer } from '../support/server';
import { viewports } from '../support/viewports';

/** Signed-out screens, each with a heading that says it has drawn. */
const publicScreens = [
  { path: '/login', heading: /log in/i },
  { path: '/signup', heading: /sign up|create/i },
  { path: '/forgot-password', heading: /password/i },
  { path: '/reset-password/some-token', heading: /password/i },
] as const;

/** Signed-in screens and their h1. */
const screens = [
  { path: '/', heading: 'Dashboard' },
  { path: '/keys', heading: 'API Keys & Endpoints' },
  { path: '/rpc-testing', heading: 'RPC Testing' },
  { path: '/endpoints', heading: 'Endpoints' },
  { path: '/usage', heading: 'Usage / Metrics' },
  { path: '/billing', heading: 'Billing & Plans' },
  { path: '/billing/success', heading: 'Payment' },
  { path: '/billing/cancel', heading: 'Payment cancelled' },
  { path: '/support', heading: 'Support' },
  { path: '/webhooks', heading: 'Webhooks' },
  { path: '/dedicated-nodes', heading: 'Dedicated Nodes' },
  { path: '/settings', heading: 'Project Settings' },
  { path: '/coming-soon/system-status', heading: /^system status$/i },
] as const;

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await wcagViolations(page), `WCAG 2.1 AA violations on ${where}`).toEqual([]);
}

for (const viewport of viewports) {
  describe(`accessibility, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const email = `a11y.${viewport.name}@example.com`;
    const password = 'aB3$tory';

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      const registered = await server.api.POST('/auth/register', { body: { email, password } });
      expect(registered.error).toBeUndefined();
      context = await openContext(browser, server.url, viewport);
      page = await context.newPage();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('signed-out screens', async () => {
      for (const screen of publicScreens) {
        await page.goto(screen.path);
        await expectVisible(page.getByRole('heading', { level: 1, name: screen.heading, exact: true }));
        await expectNoViolations(page, screen.path);
      }
    });

    it('signed-in screens', async () => {
      await logIn(page, email, password);
      for (const screen of screens) {
        await page.goto(screen.path);
        await expectVisible(page.getByRole('heading', { level: 1, name: screen.heading, exact: true }));
        // The screen's calls have answered (no spinner left): axe sees the screen itself.
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, screen.path);
      }
    });

    it('the playground with a response, and a modal open', async () => {
      await page.goto('/rpc-testing');
      await page.getByLabel('Method', { exact: true }).selectOption('eth_blockNumber');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expectVisible(page.getByRole('region', { name: 'Response JSON', exact: true }));
      await expectNoViolations(page, '/rpc-testing with a response');

      await page.goto('/endpoints');
      await page.getByRole('button', { name: 'Edit Allowed IPs', exact: true }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Edit Allowed IPs' }));
      await expectNoViolations(page, '/endpoints with the Allowed IPs editor open');

      await page.goto('/keys');
      await page
        .getByRole('button', { name: /^Delete (?!key$)/ })
        .first()
        .click();
      await expectVisible(page.getByRole('alertdialog', { name: 'Delete API key?' }));
      await expectNoViolations(page, '/keys with the delete confirmation open');
    });

    if (viewport.isMobile) {
      it('the navigation drawer', async () => {
        await page.goto('/');
        await page.getByRole('button', { name: /open (the )?(navigation|menu)/i }).click();
        await expectVisible(page.getByRole('dialog'));
        await expectNoViolations(page, 'the open navigation drawer');
      });
    }
  });
}
