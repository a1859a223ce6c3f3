/**
 * Screens that fit their width, in real Chromium against the real server (and a real anvil node
 * for metered usage), at 1280×800 and 390×844: /usage's breakdown stacked with every column and its
 * note readable; the playground under Allowed Domains saying why and where to change it, its JSON
 * wrapped inside its box; 'Developer Plan' on one line in its stat card; the e-mail of the welcome
 * banner never broken mid-word; the coming-soon page titled as the sidebar with the way back; the
 * product name in the shell while it loads. Screenshots land in screenshots/.
 */
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_FACTS } from '@/domain/networks';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { startTestAnvil } from '../support/anvil';
import { expectPath, expectVisible, horizontalOverflow, logIn, openContext } from '../support/page';
import { expectNoViolations } from '../support/screen-checks';
import { screenshot } from '../support/screenshots';
import { setUpStory, shareOneServer } from '../support/story';
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

/** A real anvil node for metered usage, and the product name. */
const shared = shareOneServer({
  settings: { PRODUCT_NAME },
  upstream: async () => {
    const node = await startTestAnvil(NETWORK_FACTS.mainnet.chainId);
    return { settings: { UPSTREAM_MAINNET_URL: node.url }, stop: () => node.stop() };
  },
});

for (const viewport of viewports) {
  describe(`screens that fit, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    // A long part without dots: on a phone it must move whole to the next line, never be cut in it.
    const email = `screenfit${viewport.name}ownerlongname@example.com`;
    const password = 'aB3$tory';
    const story = setUpStory(shared, { viewport, account: { email, password }, apiToken: true, page: 'signed-in', timeout: 90_000 });
    let apiKey = '';

    const authorization = () => ({ Authorization: `Bearer ${story.token}` });

    beforeAll(async () => {
      const me = await story.server.api.GET('/users/me', { headers: authorization() });
      apiKey = me.data?.apiKey ?? '';
      expect(apiKey).not.toBe('');
    });

    it('/usage: every column of the breakdown and its note are readable, nothing scrolls sideways', async () => {
      for (const method of ['eth_blockNumber', 'eth_chainId', 'eth_getLogs']) {
        const params = method === 'eth_getLogs' ? [{ fromBlock: '0x0', toBlock: 'latest' }] : [];
        const answer = await fetch(`${story.server.url}/api/v1/mainnet/${apiKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        expect(answer.status).toBe(200);
      }
      await story.page.goto('/usage');
      const table = story.page.getByRole('table', { name: 'Usage breakdown' });
      await expectVisible(table.getByRole('cell', { name: 'eth_getLogs', exact: true }));
      const rows = table.getByRole('row').filter({ has: story.page.getByRole('cell') });
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
      const note = story.page.getByText(/^Calls answered by a node\. Rate-limited and refused calls cost no credits/);
      expect(await fitsOnScreen(note)).toEqual({ inside: true, clipped: false });
      expect(await horizontalOverflow(story.page), 'horizontal overflow on /usage').toBeLessThanOrEqual(0);
      await screenshot(story.page, 'fit-usage');
      await expectNoViolations(story.page, '/usage');
    });

    it('/usage on a paid plan: the RPC Metrics charts and their tables fit, reachable by keyboard, axe clean', async () => {
      const user = await findUserByEmail(story.server.app.db, email);
      const developer = await findPlanByName(story.server.app.db, 'Developer');
      if (!user || !developer) throw new Error('the test user or the Developer plan is missing');
      await setUserPlan(story.server.app.db, user.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      // Answered calls of three methods, and calls the gateway refuses (a method it does not serve).
      const call = (method: string) =>
        fetch(`${story.server.url}/api/v1/mainnet/${apiKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
        });
      for (const method of ['eth_blockNumber', 'eth_blockNumber', 'eth_chainId', 'eth_gasPrice'])
        expect((await call(method)).status).toBe(200);
      for (const method of ['anvil_mine', 'debug_traceCall']) expect((await call(method)).status).not.toBe(200);

      await story.page.goto('/usage');
      const metrics = story.page.getByRole('region', { name: 'RPC Metrics', exact: true });
      const figures = ['Requests and credits', 'Latency', 'Errors by outcome', 'Top methods'];
      for (const name of figures) await expectVisible(metrics.getByRole('figure', { name, exact: true }));
      // Recharts drew each chart (an SVG surface the keyboard can reach).
      const surfaces = metrics.locator('svg.recharts-surface[tabindex="0"]');
      await expect.poll(() => surfaces.count()).toBe(figures.length);
      expect(await horizontalOverflow(story.page), 'horizontal overflow on /usage with RPC Metrics').toBeLessThanOrEqual(0);
      await screenshot(story.page, 'fit-usage-metrics');
      await expectNoViolations(story.page, '/usage RPC Metrics');

      // The keyboard reaches a chart and its tooltip: focus, then the arrow keys move between buckets.
      const traffic = metrics.getByRole('figure', { name: 'Requests and credits', exact: true });
      await traffic.locator('svg.recharts-surface').focus();
      await story.page.keyboard.press('ArrowRight');
      await expectVisible(traffic.locator('.recharts-tooltip-wrapper').getByText(/Requests/));

      // Every chart's table view, stacked on a phone: nothing scrolls sideways either.
      for (const name of figures) {
        const figure = metrics.getByRole('figure', { name, exact: true });
        await figure.getByRole('button', { name: 'Table view' }).click();
        await expectVisible(figure.getByRole('table', { name: `${name} table` }));
      }
      await expectVisible(
        metrics.getByRole('table', { name: 'Top methods table' }).getByRole('rowheader', { name: 'eth_blockNumber', exact: true }),
      );
      expect(await horizontalOverflow(story.page), 'horizontal overflow on /usage with the metrics tables').toBeLessThanOrEqual(0);
      await screenshot(story.page, 'fit-usage-metrics-tables');
      await expectNoViolations(story.page, '/usage RPC Metrics tables');
    });

    it('/rpc-testing under Allowed Domains: says why the call is refused and where to change it; the JSON wraps in its box', async () => {
      const saved = await story.server.api.PUT('/accessControl', {
        headers: authorization(),
        body: { domains: ['app.example.com'], ips: [], cidrs: [] },
      });
      expect(saved.error).toBeUndefined();
      try {
        await story.page.goto('/rpc-testing');
        await story.page.getByLabel('Method', { exact: true }).selectOption('eth_blockNumber');
        await story.page.getByRole('button', { name: 'Run', exact: true }).click();
        const panel = story.page.getByRole('region', { name: 'Response', exact: true });
        await expectVisible(panel.getByText('Refused by your Allowed Domains', { exact: true }));
        await expectVisible(panel.getByText(/runs in your browser on 127\.0\.0\.1, which is not one of them/));
        await expectVisible(panel.getByText(/empty Allowed Domains for a while in the RPC Access Control card on the Endpoints page/));
        await expectVisible(panel.getByText('HTTP 403', { exact: true }));
        const json = story.page.getByLabel('Response JSON', { exact: true });
        expect(await json.innerText()).toContain('Not allowed: the Origin of this request is not one of your allowed domains');
        // No line runs past the box's edge: the long message wraps.
        expect(await fitsOnScreen(json)).toEqual({ inside: true, clipped: false });
        expect(await horizontalOverflow(story.page), 'horizontal overflow on /rpc-testing').toBeLessThanOrEqual(0);
        await screenshot(story.page, 'fit-rpc-refused-by-domains');
        await expectNoViolations(story.page, '/rpc-testing refused by Allowed Domains');
        await panel.getByRole('link', { name: 'Open RPC Access Control' }).click();
        await expectPath(story.page, '/endpoints');
        await expectVisible(story.page.getByRole('heading', { name: 'RPC Access Control' }));
        // It lands on the card: focused, and scrolled to (its top inside the window, below the sticky top bar).
        const card = story.page.getByRole('region', { name: 'RPC Access Control', exact: true });
        await expect.poll(() => card.evaluate((element) => element === document.activeElement)).toBe(true);
        const top = await card.evaluate((element) => element.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(64);
        expect(top).toBeLessThan(story.page.viewportSize()?.height ?? 0);
      } finally {
        await story.server.api.PUT('/accessControl', { headers: authorization(), body: { domains: [], ips: [], cidrs: [] } });
      }
    });

    it("dashboard: 'Developer Plan' on one line in its card; the e-mail wraps only at its '@' or dots", async () => {
      const user = await findUserByEmail(story.server.app.db, email);
      const developer = await findPlanByName(story.server.app.db, 'Developer');
      if (!user || !developer) throw new Error('the test user or the Developer plan is missing');
      await setUserPlan(story.server.app.db, user.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      await story.page.goto('/');
      const plan = story.page.getByRole('group', { name: 'Current Plan' }).getByText('Developer Plan', { exact: true });
      await expectVisible(plan);
      expect(await lineCount(plan)).toBe(1);
      const shownEmail = story.page.getByRole('region', { name: /^Welcome/ }).locator('strong');
      expect(await shownEmail.textContent()).toBe(email);
      // Lines start with the address itself, or at its '@' or a dot: never inside a word.
      for (const [offset, character] of await lineStarts(shownEmail)) expect(offset === 0 || ['@', '.'].includes(character)).toBe(true);
      expect(await horizontalOverflow(story.page), 'horizontal overflow on /').toBeLessThanOrEqual(0);
      await screenshot(story.page, 'fit-dashboard-developer');
    });

    it('/coming-soon/system-status: titled as the sidebar, with the way back to the dashboard', async () => {
      await story.page.goto('/coming-soon/system-status');
      await expectVisible(story.page.getByRole('heading', { level: 1, name: 'System Status', exact: true }));
      await screenshot(story.page, 'fit-coming-soon');
      await expectNoViolations(story.page, '/coming-soon/system-status');
      await story.page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expectPath(story.page, '/');
    });

    it('shows the product name while the shell loads (the session and the configuration still on their way)', async () => {
      const held = new Map<string, () => void>();
      const hold = (name: string, pattern: string) =>
        story.page.route(pattern, async (route) => {
          await new Promise<void>((release) => held.set(name, release));
          await route.continue();
        });
      await hold('me', '**/api/users/me');
      await hold('config', '**/api/config');
      try {
        await story.page.goto('/keys', { waitUntil: 'commit' });
        await expectVisible(story.page.getByRole('main').getByText(PRODUCT_NAME, { exact: true }));
        await expectVisible(story.page.getByRole('status').getByText('Loading...'));
        await screenshot(story.page, 'fit-shell-loading');
        // The session answers; the configuration still has not: the brand is there all the same.
        for (let tries = 0; !held.has('me') && tries < 50; tries += 1) await sleep(100);
        held.get('me')?.();
        await expectVisible(story.page.getByRole('heading', { level: 1, name: 'API Keys & Endpoints' }));
        expect(held.has('config')).toBe(true);
        await expectVisible(story.page.getByRole('link', { name: PRODUCT_NAME, exact: true }));
        await screenshot(story.page, 'fit-shell-before-config');
      } finally {
        for (const release of held.values()) release();
        await story.page.unrouteAll({ behavior: 'ignoreErrors' });
      }
    });

    it('names the product from the first paint in a browser that never saw it (the served page carries it)', async () => {
      // The page as served, before any script: its title and the loading shell's brand.
      const served = await story.browser.newContext({ baseURL: story.server.url, javaScriptEnabled: false, viewport });
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
      const fresh = await openContext(story.browser, story.server.url, viewport);
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
