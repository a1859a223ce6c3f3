/**
 * Layout findings of issue 20 §4, in real Chromium against the real server (and a real anvil node
 * for metered usage), at 1280×800 and 390×844: /usage's breakdown stacked with every column and its
 * note readable; the playground under Allowed Domains saying why and where to change it, its JSON
 * wrapped inside its box; 'Developer Plan' on one line in its stat card; the e-mail of the welcome
 * banner never broken mid-word; the coming-soon page titled as the sidebar with the way back; the
 * product name in the shell while it loads. Screenshots land in screenshots/.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainIds } from '@server/nodes/local-nodes';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { wcagViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { expectPath, expectVisible, horizontalOverflow, logIn, openContext } from '../support/page';
import { screenshot } from '../support/screenshots';
import { startServer, type RunningServer } from '../support/server';
import { viewports } from '../support/viewports';

/** Whether an element lies wholly inside the window's width and is not cut by its own box. */
function fitsOnScreen(locator: Locator): Promise<{ inside: boolean; clipped: boolean }> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      inside: box.left >= 0 && box.right <= document.documentElement.clientWidth + 0.5 && box.width > 0,
      clipped: element.scrollWidth > element.clientWidth + 1,
    };
  });
}

/** How many lines an element's text takes (its height over its line height). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });
}

/** Where the browser broke a text into lines: each later line's offset in the text and its first character. */
function lineStarts(locator: Locator): Promise<Array<[number, string]>> {
  return locator.evaluate((element) => {
    const text = element.textContent ?? '';
    const range = document.createRange();
    const starts: Array<[number, string]> = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop !== null && top > lastTop + 2) starts.push([offset + i, text.slice(offset + i, offset + i + 1)]);
        lastTop = top;
      }
      offset += (node.textContent ?? '').length;
    }
    return starts;
  });
}

/** The product name this server is configured with. */
const PRODUCT_NAME = 'Fit RPC';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const viewport of viewports) {
  describe(`screens that fit, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    let node: AnvilNode;
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    // A long part without dots: on a phone it must move whole to the next line, never be cut in it.
    const email = `screenfit${viewport.name}ownerlongname@example.com`;
    const password = 'aB3$tory';
    let token = '';
    let apiKey = '';

    const authorization = () => ({ Authorization: `Bearer ${token}` });

    async function expectNoViolations(where: string): Promise<void> {
      expect(await wcagViolations(page), `WCAG 2.1 AA violations on ${where}`).toEqual([]);
    }

    beforeAll(async () => {
      node = await startTestAnvil(localChainIds.mainnet);
      [server, browser] = await Promise.all([startServer({ UPSTREAM_MAINNET_URL: node.url, PRODUCT_NAME }), launchBrowser()]);
      const registered = await server.api.POST('/auth/register', { body: { email, password } });
      expect(registered.error).toBeUndefined();
      const loggedIn = await server.api.POST('/auth/login', { body: { email, password } });
      token = loggedIn.data?.access_token ?? '';
      const me = await server.api.GET('/users/me', { headers: authorization() });
      apiKey = me.data?.apiKey ?? '';
      expect(apiKey).not.toBe('');
      context = await openContext(browser, server.url, viewport);
      page = await context.newPage();
      await logIn(page, email, password);
    }, 90_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await node?.stop();
    });

    it('/usage: every column of the breakdown and its note are readable, nothing scrolls sideways', async () => {
      for (const method of ['eth_blockNumber', 'eth_chainId', 'eth_getLogs']) {
        const params = method === 'eth_getLogs' ? [{ fromBlock: '0x0', toBlock: 'latest' }] : [];
        const answer = await fetch(`${server.url}/api/v1/mainnet/${apiKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        expect(answer.status).toBe(200);
      }
      await page.goto('/usage');
      const table = page.getByRole('table', { name: 'Usage breakdown' });
      await expectVisible(table.getByRole('cell', { name: 'eth_getLogs', exact: true }));
      const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
      expect(await rows.count()).toBe(3);
      for (const row of await rows.all()) {
        const cells = row.getByRole('cell');
        expect(await cells.count()).toBe(3);
        for (const cell of await cells.all()) {
          expect(await cell.isVisible()).toBe(true);
          expect(await fitsOnScreen(cell)).toEqual({ inside: true, clipped: false });
        }
      }
      // Each figure says what it is where the column headers are not displayed.
      const getLogs = rows.filter({ hasText: 'eth_getLogs' });
      if (viewport.isMobile) {
        expect(await getLogs.getByRole('cell').nth(1).innerText()).toMatch(/^Requests:\s*1$/);
        expect(await getLogs.getByRole('cell').nth(2).innerText()).toMatch(/^Credits:\s*60$/);
      } else {
        await expectVisible(table.getByRole('columnheader', { name: 'Credits' }));
      }
      const note = page.getByText(/^Calls answered by a node\. Rate-limited and refused calls cost no credits/);
      expect(await fitsOnScreen(note)).toEqual({ inside: true, clipped: false });
      expect(await horizontalOverflow(page), 'horizontal overflow on /usage').toBeLessThanOrEqual(0);
      await screenshot(page, 'fit-usage');
      await expectNoViolations('/usage');
    });

    it('/rpc-testing under Allowed Domains: says why the call is refused and where to change it; the JSON wraps in its box', async () => {
      const saved = await server.api.PUT('/accessControl', {
        headers: authorization(),
        body: { domains: ['app.example.com'], ips: [], cidrs: [] },
      });
      expect(saved.error).toBeUndefined();
      try {
        await page.goto('/rpc-testing');
        await page.getByLabel('Method', { exact: true }).selectOption('eth_blockNumber');
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        const panel = page.getByRole('region', { name: 'Response', exact: true });
        await expectVisible(panel.getByText('Refused by your Allowed Domains', { exact: true }));
        await expectVisible(panel.getByText(/runs in your browser on 127\.0\.0\.1, which is not one of them/));
        await expectVisible(panel.getByText(/empty Allowed Domains for a while in the RPC Access Control card on the Endpoints page/));
        await expectVisible(panel.getByText('HTTP 403', { exact: true }));
        const json = page.getByLabel('Response JSON', { exact: true });
        expect(await json.innerText()).toContain('Not allowed: the Origin of this request is not one of your allowed domains');
        // No line runs past the box's edge: the long message wraps.
        expect(await fitsOnScreen(json)).toEqual({ inside: true, clipped: false });
        expect(await horizontalOverflow(page), 'horizontal overflow on /rpc-testing').toBeLessThanOrEqual(0);
        await screenshot(page, 'fit-rpc-refused-by-domains');
        await expectNoViolations('/rpc-testing refused by Allowed Domains');
        await panel.getByRole('link', { name: 'Open RPC Access Control' }).click();
        await expectPath(page, '/endpoints');
        await expectVisible(page.getByRole('heading', { name: 'RPC Access Control' }));
        // It lands on the card: focused, and scrolled to (its top inside the window, below the sticky top bar).
        const card = page.getByRole('region', { name: 'RPC Access Control', exact: true });
        await expect.poll(() => card.evaluate((element) => element === document.activeElement)).toBe(true);
        const top = await card.evaluate((element) => element.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(64);
        expect(top).toBeLessThan(page.viewportSize()?.height ?? 0);
      } finally {
        await server.api.PUT('/accessControl', { headers: authorization(), body: { domains: [], ips: [], cidrs: [] } });
      }
    });

    it("dashboard: 'Developer Plan' on one line in its card; the e-mail wraps only at its '@' or dots", async () => {
      const user = await findUserByEmail(server.app.db, email);
      const developer = await findPlanByName(server.app.db, 'Developer');
      if (!user || !developer) throw new Error('the test user or the Developer plan is missing');
      await setUserPlan(server.app.db, user.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      await page.goto('/');
      const plan = page.getByRole('group', { name: 'Current Plan' }).getByText('Developer Plan', { exact: true });
      await expectVisible(plan);
      expect(await lineCount(plan)).toBe(1);
      const shownEmail = page.getByRole('region', { name: /^Welcome/ }).locator('strong');
      expect(await shownEmail.textContent()).toBe(email);
      // Lines start with the address itself, or at its '@' or a dot: never inside a word.
      for (const [offset, character] of await lineStarts(shownEmail)) expect(offset === 0 || ['@', '.'].includes(character)).toBe(true);
      expect(await horizontalOverflow(page), 'horizontal overflow on /').toBeLessThanOrEqual(0);
      await screenshot(page, 'fit-dashboard-developer');
    });

    it('/coming-soon/system-status: titled as the sidebar, with the way back to the dashboard', async () => {
      await page.goto('/coming-soon/system-status');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'System Status', exact: true }));
      await screenshot(page, 'fit-coming-soon');
      await expectNoViolations('/coming-soon/system-status');
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expectPath(page, '/');
    });

    it('shows the product name while the shell loads (the session and the configuration still on their way)', async () => {
      const held = new Map<string, () => void>();
      const hold = (name: string, pattern: string) =>
        page.route(pattern, async (route) => {
          await new Promise<void>((release) => held.set(name, release));
          await route.continue();
        });
      await hold('me', '**/api/users/me');
      await hold('config', '**/api/config');
      try {
        await page.goto('/keys', { waitUntil: 'commit' });
        await expectVisible(page.getByRole('main').getByText(PRODUCT_NAME, { exact: true }));
        await expectVisible(page.getByRole('status').getByText('Loading...'));
        await screenshot(page, 'fit-shell-loading');
        // The session answers; the configuration still has not: the brand is there all the same.
        for (let tries = 0; !held.has('me') && tries < 50; tries += 1) await sleep(100);
        held.get('me')?.();
        await expectVisible(page.getByRole('heading', { level: 1, name: 'API Keys & Endpoints' }));
        expect(held.has('config')).toBe(true);
        await expectVisible(page.getByRole('link', { name: PRODUCT_NAME, exact: true }));
        await screenshot(page, 'fit-shell-before-config');
      } finally {
        for (const release of held.values()) release();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
      }
    });

    it('names the product from the first paint in a browser that never saw it (the served page carries it)', async () => {
      // The page as served, before any script: its title and the loading shell's brand.
      const served = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport });
      try {
        const first = await served.newPage();
        await first.goto('/keys');
        expect(await first.title()).toBe(PRODUCT_NAME);
        await expectVisible(first.locator('#loading-shell').getByText(PRODUCT_NAME, { exact: true }));
        await screenshot(first, 'fit-shell-first-paint');
      } finally {
        await served.close();
      }
      // Then the app's own loading screen keeps that name while GET /config and the session are on
      // their way, with no name remembered in this browser's storage.
      const fresh = await openContext(browser, server.url, viewport);
      const held: Array<() => void> = [];
      try {
        const other = await fresh.newPage();
        await logIn(other, email, password);
        await other.evaluate(() => localStorage.removeItem('productName'));
        await other.route(/\/api\/(config|users\/me)$/, async (route) => {
          await new Promise<void>((release) => held.push(release));
          await route.continue();
        });
        await other.goto('/keys', { waitUntil: 'commit' });
        await expectVisible(other.getByRole('main').getByText(PRODUCT_NAME, { exact: true }));
        await expectVisible(other.getByRole('status').getByText('Loading...'));
        for (const release of held) release();
        await other.unrouteAll({ behavior: 'ignoreErrors' });
      } finally {
        for (const release of held) release();
        await fresh.close();
      }
    });
  });
}
