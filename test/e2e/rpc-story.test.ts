/**
 * The RPC story, as a new user tries it, in real Chromium against the real server and two
 * real anvil nodes (mainnet and devnet chain ids): keys up to the Free limit, rename, show and copy,
 * the RPC URL per network answered by a real node, a burst past the plan's rate, delete; the
 * playground; an allow-list saved in /endpoints and enforced by the gateway; /usage and the dashboard
 * showing the credits really spent. Run at 1280×800 and 390×844. Screenshots land in screenshots/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainIds } from '@server/nodes/local-nodes';
import { creditsFor } from '@/domain/credits';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { launchBrowser } from '../support/browser';
import { expectHidden, expectPath, expectVisible, openContext, uiTimeout } from '../support/page';
import { screenshot } from '../support/screenshots';
import { startServer, type RunningServer } from '../support/server';
import { viewports } from '../support/viewports';

/** Texts SPEC.md gives word for word. */
const spec = {
  keyLimit: 'You have reached the maximum limit of 3 API keys for your plan.',
  keysUsed: (count: number) => `${count}/3 keys used`,
  copied: 'Copied!',
} as const;

/** The Free plan (server/plans): 3 keys, 10 requests per second, 500,000 credits a month. */
const free = { maxKeys: 3, ratePerSecond: 10, credits: 500_000 } as const;

const numbers = new Intl.NumberFormat('en-US');

/** Locators aligned with the screens as built (roles and labels only): one place to change when a label changes. */
const ui = {
  emailField: (page: Page) => page.getByLabel(/^email\s*\*?$/i),
  passwordField: (page: Page) => page.getByLabel(/^password\s*\*?$/i),
  loginButton: (page: Page) => page.getByRole('button', { name: 'Log in', exact: true }),
  generateButton: (page: Page) => page.getByRole('button', { name: 'Generate new key', exact: true }),
  renameButton: (page: Page, name: string) => page.getByRole('button', { name: `Rename ${name}`, exact: true }),
  renameField: (page: Page, name: string) => page.getByLabel(`New name for ${name}`, { exact: true }),
  blankName: (page: Page) => page.getByText('A key name cannot be blank.', { exact: true }),
  showButton: (page: Page, name: string) => page.getByRole('button', { name: `Show key ${name}`, exact: true }),
  hideButton: (page: Page, name: string) => page.getByRole('button', { name: `Hide key ${name}`, exact: true }),
  copyKeyButton: (page: Page, name: string) => page.getByRole('button', { name: `Copy key ${name}`, exact: true }),
  copiedButton: (page: Page) => page.getByRole('button', { name: spec.copied, exact: true }),
  deleteButtons: (page: Page) => page.getByRole('button', { name: /^Delete (?!key$)/ }),
  deleteDialog: (page: Page) => page.getByRole('alertdialog', { name: 'Delete API key?' }),
  endpointCard: (page: Page) => page.getByRole('region', { name: 'Endpoint', exact: true }),
  /** The network switch is a radio group drawn as a segmented control; its items are labels. */
  networkItem: (scope: Page | ReturnType<Page['getByRole']>, label: 'Mainnet' | 'Devnet') => scope.getByText(label, { exact: true }),
  networkRadio: (scope: Page | ReturnType<Page['getByRole']>, label: 'Mainnet' | 'Devnet') =>
    scope.getByRole('radio', { name: label, exact: true }),
  rpcUrlField: (scope: Page | ReturnType<Page['getByRole']>) => scope.getByLabel('RPC URL', { exact: true }),
  methodSelect: (page: Page) => page.getByLabel('Method', { exact: true }),
  paramsField: (page: Page) => page.getByLabel('Params (JSON array)', { exact: true }),
  runButton: (page: Page) => page.getByRole('button', { name: 'Run', exact: true }),
  responseCard: (page: Page) => page.getByRole('region', { name: 'Response', exact: true }),
  responseJson: (page: Page) => page.getByLabel('Response JSON', { exact: true }),
  editIpsButton: (page: Page) => page.getByRole('button', { name: 'Edit Allowed IPs', exact: true }),
  ipsDialog: (page: Page) => page.getByRole('dialog', { name: 'Edit Allowed IPs' }),
  ipField: (page: Page) => page.getByLabel('IP address', { exact: true }),
  ipsSaved: (page: Page) => page.getByText('Allowed IPs saved. The gateway enforces them from now on.', { exact: true }),
  creditsUsedCard: (page: Page) => page.getByRole('group', { name: 'Credits Used', exact: true }),
  viewButton: (page: Page, name: 'Methods' | 'Usage Type') =>
    page.getByRole('group', { name: 'View' }).getByRole('button', { name, exact: true }),
  timeRange: (page: Page) => page.getByLabel('Time range', { exact: true }),
  resetFilters: (page: Page) => page.getByRole('button', { name: 'Reset Filters', exact: true }),
  breakdown: (page: Page) => page.getByRole('table', { name: 'Usage breakdown' }),
} as const;

interface RpcAnswer {
  status: number;
  body: unknown;
}

/** One JSON-RPC call straight to a URL, as curl would send it (no session, no cookie). */
async function callRpc(url: string, method: string, params: unknown[] = []): Promise<RpcAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: response.status, body: await response.json() };
}

const resultOf = (body: unknown): unknown => (typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined);
const errorOf = (body: unknown): unknown => (typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const viewport of viewports) {
  describe(`rpc story, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    let nodes: AnvilNode[] = [];
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let token: string;
    const email = `rpc.${viewport.name}@example.com`;
    const password = 'aB3$tory';
    /** Credits of every call the gateway accepted in this story, in the order they were made. */
    let creditsSpent = 0;
    /** A key's RPC URL as /keys showed it, per network. */
    const urls = { mainnet: '', devnet: '' };

    beforeAll(async () => {
      nodes = await Promise.all([startTestAnvil(localChainIds.mainnet), startTestAnvil(localChainIds.devnet)]);
      const [mainnet, devnet] = nodes;
      [server, browser] = await Promise.all([
        startServer({ UPSTREAM_MAINNET_URL: mainnet?.url ?? '', UPSTREAM_DEVNET_URL: devnet?.url ?? '' }),
        launchBrowser(),
      ]);
      const registered = await server.api.POST('/auth/register', { body: { email, password } });
      expect(registered.error).toBeUndefined();
      const loggedIn = await server.api.POST('/auth/login', { body: { email, password } });
      if (!loggedIn.data) throw new Error(`POST /api/auth/login failed: ${JSON.stringify(loggedIn.error)}`);
      token = loggedIn.data.access_token;

      context = await openContext(browser, server.url, viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      page = await context.newPage();
      await page.goto('/login');
      await ui.emailField(page).fill(email);
      await ui.passwordField(page).fill(password);
      await ui.loginButton(page).click();
      await expectPath(page, '/');
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await Promise.all(nodes.map((node) => node.stop()));
    });

    const authorization = () => ({ Authorization: `Bearer ${token}` });

    /** The user's keys as the server stores them, oldest first. */
    async function storedKeys() {
      const { data, error } = await server.api.GET('/apiKeys', { headers: authorization() });
      if (!data) throw new Error(`GET /api/apiKeys failed: ${JSON.stringify(error)}`);
      return data;
    }

    /** The dashboard's 'x of 500,000' credits figure. */
    async function expectDashboardCredits(credits: number): Promise<void> {
      await page.goto('/');
      await expectVisible(page.getByText(new RegExp(`^${numbers.format(credits)} of ${numbers.format(free.credits)} \\(\\d+%\\)$`)));
    }

    it('starts with no credits used on the dashboard', async () => {
      await expectDashboardCredits(0);
      await screenshot(page, 'rpc-dashboard-before');
    });

    it('generates keys up to the Free limit, renames, shows and copies one', async () => {
      await page.goto('/keys');
      // Registering made the first key.
      await expectVisible(page.getByText(spec.keysUsed(1), { exact: true }));
      await screenshot(page, 'keys');
      for (let count = 2; count <= free.maxKeys; count += 1) {
        await ui.generateButton(page).click();
        await expectVisible(page.getByText(spec.keysUsed(count), { exact: true }));
      }
      await expect.poll(() => ui.generateButton(page).isDisabled()).toBe(true);
      await expectVisible(page.getByText(spec.keyLimit, { exact: true }));
      await screenshot(page, 'keys-at-limit');

      const [first] = await storedKeys();
      if (!first) throw new Error('no stored key');
      // Escape cancels, a blank name is not saved, Enter saves.
      await ui.renameButton(page, first.name).click();
      await ui.renameField(page, first.name).fill('Discarded name');
      await ui.renameField(page, first.name).press('Escape');
      await expectVisible(ui.renameButton(page, first.name));
      await expectHidden(page.getByText('Discarded name'));

      await ui.renameButton(page, first.name).click();
      await ui.renameField(page, first.name).fill('   ');
      await ui.renameField(page, first.name).press('Enter');
      await expectVisible(ui.blankName(page));
      await screenshot(page, 'keys-rename-blank');
      expect((await storedKeys())[0]?.name, 'a blank name is not saved').toBe(first.name);

      await ui.renameField(page, first.name).fill('Production');
      await ui.renameField(page, first.name).press('Enter');
      await expectVisible(ui.renameButton(page, 'Production'));
      await expect.poll(async () => (await storedKeys())[0]?.name).toBe('Production');

      // Show, then Copy: 'Copied!' for 2 s, and the key is on the clipboard.
      await expectHidden(page.getByText(first.apiKey, { exact: true }));
      await ui.showButton(page, 'Production').click();
      await expectVisible(page.getByText(first.apiKey, { exact: true }));
      await expectVisible(ui.hideButton(page, 'Production'));
      await ui.copyKeyButton(page, 'Production').click();
      await expectVisible(ui.copiedButton(page));
      const copiedAt = Date.now();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.apiKey);
      await screenshot(page, 'keys-copied');
      await expectHidden(ui.copiedButton(page), 5_000);
      expect(Date.now() - copiedAt, "'Copied!' stays about 2 s").toBeGreaterThanOrEqual(1_500);
      await expectVisible(ui.copyKeyButton(page, 'Production'));
    });

    it('shows the RPC URL per network, answered by a real node, with HTTP 429 past the rate', async () => {
      const card = ui.endpointCard(page);
      await expect.poll(() => ui.networkRadio(card, 'Mainnet').isChecked(), { message: 'mainnet by default' }).toBe(true);
      urls.mainnet = await ui.rpcUrlField(card).inputValue();
      await ui.networkItem(card, 'Devnet').click();
      await expect.poll(() => ui.networkRadio(card, 'Devnet').isChecked()).toBe(true);
      await expect.poll(() => ui.rpcUrlField(card).inputValue()).toMatch(/\/v1\/devnet\//);
      urls.devnet = await ui.rpcUrlField(card).inputValue();
      await screenshot(page, 'keys-devnet');
      const [first] = await storedKeys();
      expect(urls.devnet).toBe(`${server.url}/api/v1/devnet/${first?.apiKey ?? ''}`);
      expect(urls.mainnet).toBe(`${server.url}/api/v1/mainnet/${first?.apiKey ?? ''}`);

      // Copy the URL as a user would, then call it.
      await ui.rpcUrlField(card).locator('xpath=..').getByRole('button', { name: 'Copy RPC URL' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(urls.devnet);

      const devnet = await callRpc(urls.devnet, 'eth_chainId');
      expect(devnet.status).toBe(200);
      expect(Number(resultOf(devnet.body))).toBe(localChainIds.devnet);
      creditsSpent += creditsFor('eth_chainId');
      const mainnet = await callRpc(urls.mainnet, 'eth_chainId');
      expect(mainnet.status).toBe(200);
      expect(Number(resultOf(mainnet.body))).toBe(localChainIds.mainnet);
      creditsSpent += creditsFor('eth_chainId');

      // A full bucket again, then 25 calls at once: the bucket's 10 get through, plus what it refills
      // (10 a second) while the burst is still arriving on a busy machine; the rest are refused.
      await sleep(1_200);
      const startedAt = performance.now();
      const burst = await Promise.all(Array.from({ length: 25 }, () => callRpc(urls.mainnet, 'eth_blockNumber')));
      const refilled = Math.ceil((free.ratePerSecond * (performance.now() - startedAt)) / 1_000);
      const accepted = burst.filter((answer) => answer.status === 200);
      const limited = burst.filter((answer) => answer.status === 429);
      expect(accepted.length).toBeGreaterThanOrEqual(free.ratePerSecond);
      expect(accepted.length).toBeLessThanOrEqual(free.ratePerSecond + refilled);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited.length).toBe(burst.length - accepted.length);
      for (const answer of accepted) expect(resultOf(answer.body)).toMatch(/^0x[0-9a-f]+$/);
      for (const answer of limited) expect(errorOf(answer.body)).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      creditsSpent += accepted.length * creditsFor('eth_blockNumber');
    });

    it('deletes a key after confirming', async () => {
      await ui.deleteButtons(page).last().click();
      const dialog = ui.deleteDialog(page);
      await expectVisible(dialog);
      await screenshot(page, 'keys-delete-dialog');
      await dialog.getByRole('button', { name: 'Delete key', exact: true }).click();
      await expectHidden(dialog);
      await expectVisible(page.getByText(spec.keysUsed(2), { exact: true }));
      await expect.poll(() => ui.generateButton(page).isEnabled()).toBe(true);
      expect(await storedKeys()).toHaveLength(2);
      await screenshot(page, 'keys-after-delete');
    });

    it('runs methods in the RPC playground and shows time, size and the JSON', async () => {
      await sleep(1_000);
      await page.goto('/rpc-testing');
      for (const method of ['eth_blockNumber', 'eth_getBalance']) {
        await ui.methodSelect(page).selectOption(method);
        if (method === 'eth_getBalance') {
          const params: unknown = JSON.parse(await ui.paramsField(page).inputValue());
          expect(params, 'a working example is prefilled').toEqual([expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), 'latest']);
        }
        // No JSON before the first run; afterwards the previous method's, which must be replaced.
        const before = (await ui.responseJson(page).count()) > 0 ? await ui.responseJson(page).textContent() : null;
        await ui.runButton(page).click();
        const response = ui.responseCard(page);
        await expectVisible(response.getByText(/^HTTP 200$/));
        await expectVisible(response.getByText(/^Time: [\d,]+ ms$/));
        await expectVisible(response.getByText(/^Size: [\d,]+ bytes?$/));
        await expect.poll(() => ui.responseJson(page).textContent()).not.toBe(before);
        const json: unknown = JSON.parse((await ui.responseJson(page).textContent()) ?? '');
        expect(resultOf(json)).toMatch(/^0x[0-9a-f]+$/);
        creditsSpent += creditsFor(method);
        await screenshot(page, `rpc-testing-${method}`);
      }

      // Copy puts the JSON shown on the clipboard: 'Copied!' for 2 s.
      const shown: unknown = JSON.parse((await ui.responseJson(page).textContent()) ?? '');
      await ui.responseCard(page).getByRole('button', { name: 'Copy response', exact: true }).click();
      await expectVisible(ui.responseCard(page).getByRole('button', { name: spec.copied, exact: true }));
      expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(shown);

      // A node's own JSON-RPC error is shown as it came (no filter has the example's id until the
      // user installs one), and it is a call the node answered: it costs its credits.
      await ui.methodSelect(page).selectOption('eth_getFilterChanges');
      await ui.runButton(page).click();
      await expect
        .poll(async () => errorOf(JSON.parse((await ui.responseJson(page).textContent()) ?? '{}')))
        .toMatchObject({
          message: 'filter not found',
        });
      creditsSpent += creditsFor('eth_getFilterChanges');
      await screenshot(page, 'rpc-testing-node-error');
    });

    it('saves an allowed IP in /endpoints that the gateway enforces, and removes it', async () => {
      await page.goto('/endpoints');
      await expectVisible(ui.editIpsButton(page));
      await screenshot(page, 'endpoints');
      // Only the addresses that answer can be copied; the others say they are not available yet,
      // and none is made a subdomain of this server's IP address (wss://mainnet.127.0.0.1:… is no address).
      const rpcs = page.getByRole('region', { name: 'RPCs', exact: true });
      await expect.poll(() => rpcs.getByRole('button', { name: /^Copy/ }).count()).toBe(2);
      await expectVisible(
        rpcs.getByRole('group', { name: 'Standard Websocket URL' }).getByText('This server does not answer this address yet.'),
      );
      expect(await page.locator('main').innerText()).not.toMatch(/\.127\.0\.0\.1/);
      const shared = await page.getByLabel('Shared Devnet URL', { exact: true }).inputValue();
      expect(shared).toBe(urls.devnet);

      await ui.editIpsButton(page).click();
      const dialog = ui.ipsDialog(page);
      await expectVisible(dialog);
      await ui.ipField(page).fill('10.9.9.9');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectVisible(dialog.getByRole('button', { name: 'Remove 10.9.9.9' }));
      await screenshot(page, 'endpoints-ip-dialog');
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectHidden(dialog);
      await expectVisible(ui.ipsSaved(page));
      await expectVisible(page.getByRole('list', { name: 'Allowed IPs' }).getByText('10.9.9.9', { exact: true }));
      await screenshot(page, 'endpoints-ip-saved');

      // The test calls from 127.0.0.1, which is not on the list.
      const refused = await callRpc(urls.mainnet, 'eth_blockNumber');
      expect(refused.status).toBe(403);
      expect(errorOf(refused.body)).toMatchObject({ message: expect.any(String) });

      await ui.editIpsButton(page).click();
      await expectVisible(dialog);
      await dialog.getByRole('button', { name: 'Remove 10.9.9.9' }).click();
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectHidden(dialog);
      await expectVisible(ui.ipsSaved(page));
      const passed = await callRpc(urls.mainnet, 'eth_blockNumber');
      expect(passed.status).toBe(200);
      creditsSpent += creditsFor('eth_blockNumber');
    });

    it('shows the credits really spent in /usage, by method and by usage type, and on the dashboard', async () => {
      await page.goto('/usage');
      const creditsUsed = ui.creditsUsedCard(page);
      await expectVisible(creditsUsed);
      await expect.poll(() => creditsUsed.textContent(), { timeout: uiTimeout }).toContain(numbers.format(creditsSpent));
      const report = await server.api.GET('/usage', { params: { query: { range: '1m', groupBy: 'method' } }, headers: authorization() });
      expect(report.data?.cycle.creditsUsed).toBe(creditsSpent);
      const table = ui.breakdown(page);
      for (const method of ['eth_chainId', 'eth_blockNumber', 'eth_getBalance'])
        await expectVisible(table.getByRole('cell', { name: method, exact: true }));
      await screenshot(page, 'usage');

      await ui.viewButton(page, 'Usage Type').click();
      await expect.poll(() => ui.viewButton(page, 'Usage Type').getAttribute('aria-pressed')).toBe('true');
      // Column headers are displayed from lg on; below it each row is a card (test/e2e/screen-fit.test.ts).
      if (!viewport.isMobile) await expectVisible(table.getByRole('columnheader', { name: 'Usage Type' }));
      await expectVisible(table.getByRole('cell', { name: 'Standard calls · 20 credits each' }));
      await ui.timeRange(page).selectOption('1d');
      await expectVisible(table.getByRole('cell', { name: 'Standard calls · 20 credits each' }));
      await screenshot(page, 'usage-by-type');

      await ui.resetFilters(page).click();
      await expect.poll(() => ui.viewButton(page, 'Methods').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => ui.timeRange(page).inputValue()).toBe('1m');
      if (!viewport.isMobile) await expectVisible(table.getByRole('columnheader', { name: 'Method' }));
      await expectVisible(table.getByRole('cell', { name: 'eth_chainId', exact: true }));

      await expectDashboardCredits(creditsSpent);
      await screenshot(page, 'rpc-dashboard-after');
    });
  });
}
