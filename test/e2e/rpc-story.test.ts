/**
 * The RPC story, as a new user tries it, in real Chromium against the real server and two
 * real anvil nodes (mainnet and devnet chain ids): keys up to the Free limit, rename, show and copy,
 * the RPC URL per network answered by a real node, a burst past the plan's rate, delete; the
 * playground; an allow-list saved in /endpoints and enforced by the gateway; /usage and the dashboard
 * showing the credits really spent. Run at 1280×800 and 390×844. Screenshots land in screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NETWORK_FACTS } from '@/domain/networks';
import { creditsFor } from '@/domain/credits';
import { formatUsagePercent } from '@/domain/plan-display';
import { keyChoiceText } from '@/domain/playground-key';
import { startTestAnvil } from '../support/anvil';
import { expectHidden, expectVisible, uiTimeout } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { screenshot } from '../support/screenshots';
import { allowClipboard, setUpStory, shareOneServer } from '../support/story';
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
  keySelect: (page: Page) => page.getByLabel('API key', { exact: true }),
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

/** Two real nodes, mainnet's and devnet's chain ids, that the file's server sends the calls to. */
const shared = shareOneServer({
  upstream: async () => {
    const [mainnet, devnet] = await Promise.all([
      startTestAnvil(NETWORK_FACTS.mainnet.chainId),
      startTestAnvil(NETWORK_FACTS.devnet.chainId),
    ]);
    return {
      settings: { UPSTREAM_MAINNET_URL: mainnet.url, UPSTREAM_DEVNET_URL: devnet.url },
      stop: async () => {
        await Promise.all([mainnet.stop(), devnet.stop()]);
      },
    };
  },
});

for (const viewport of viewports) {
  describe(`rpc story, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const story = setUpStory(shared, {
      viewport,
      account: { email: `rpc.${viewport.name}@example.com`, password: 'aB3$tory' },
      apiToken: true,
      page: 'signed-in',
      prepareContext: allowClipboard,
      timeout: 60_000,
    });
    /** Credits of every call the gateway accepted in this story, in the order they were made. */
    let creditsSpent = 0;
    /** A key's RPC URL as /keys showed it, per network. */
    const urls = { mainnet: '', devnet: '' };

    const authorization = () => ({ Authorization: `Bearer ${story.token}` });

    /** The user's keys as the server stores them, oldest first. */
    async function storedKeys() {
      const { data, error } = await story.server.api.GET('/apiKeys', { headers: authorization() });
      if (!data) throw new Error(`GET /api/apiKeys failed: ${JSON.stringify(error)}`);
      return data;
    }

    /** The dashboard's 'x of 500,000 (y%)' credits figure, its percent by the dashboard's rule ('<1%' for a few calls). */
    async function expectDashboardCredits(credits: number): Promise<void> {
      await story.page.goto('/');
      const percent = formatUsagePercent(credits, free.credits);
      await expectVisible(
        story.page.getByText(`${numbers.format(credits)} of ${numbers.format(free.credits)} (${percent})`, { exact: true }),
      );
    }

    it('starts with no credits used on the dashboard', async () => {
      await expectDashboardCredits(0);
      await screenshot(story.page, 'rpc-dashboard-before');
    });

    it('generates keys up to the Free limit, renames, shows and copies one', async () => {
      await story.page.goto('/keys');
      // Registering made the first key.
      await expectVisible(story.page.getByText(spec.keysUsed(1), { exact: true }));
      await screenshot(story.page, 'keys');
      for (let count = 2; count <= free.maxKeys; count += 1) {
        await ui.generateButton(story.page).click();
        await expectVisible(story.page.getByText(spec.keysUsed(count), { exact: true }));
      }
      await expect.poll(() => ui.generateButton(story.page).isDisabled()).toBe(true);
      await expectVisible(story.page.getByText(spec.keyLimit, { exact: true }));
      await screenshot(story.page, 'keys-at-limit');

      const [first] = await storedKeys();
      if (!first) throw new Error('no stored key');
      // Escape cancels, a blank name is not saved, Enter saves.
      await ui.renameButton(story.page, first.name).click();
      await ui.renameField(story.page, first.name).fill('Discarded name');
      await ui.renameField(story.page, first.name).press('Escape');
      await expectVisible(ui.renameButton(story.page, first.name));
      await expectHidden(story.page.getByText('Discarded name'));

      await ui.renameButton(story.page, first.name).click();
      await ui.renameField(story.page, first.name).fill('   ');
      await ui.renameField(story.page, first.name).press('Enter');
      await expectVisible(ui.blankName(story.page));
      await screenshot(story.page, 'keys-rename-blank');
      expect((await storedKeys())[0]?.name, 'a blank name is not saved').toBe(first.name);

      await ui.renameField(story.page, first.name).fill('Production');
      await ui.renameField(story.page, first.name).press('Enter');
      await expectVisible(ui.renameButton(story.page, 'Production'));
      await expect.poll(async () => (await storedKeys())[0]?.name).toBe('Production');

      // Show, then Copy: 'Copied!' for 2 s, and the key is on the clipboard.
      await expectHidden(story.page.getByText(first.apiKey, { exact: true }));
      await ui.showButton(story.page, 'Production').click();
      await expectVisible(story.page.getByText(first.apiKey, { exact: true }));
      await expectVisible(ui.hideButton(story.page, 'Production'));
      await ui.copyKeyButton(story.page, 'Production').click();
      await expectVisible(ui.copiedButton(story.page));
      const copiedAt = Date.now();
      expect(await story.page.evaluate(() => navigator.clipboard.readText())).toBe(first.apiKey);
      await screenshot(story.page, 'keys-copied');
      await expectHidden(ui.copiedButton(story.page), 5_000);
      expect(Date.now() - copiedAt, "'Copied!' stays about 2 s").toBeGreaterThanOrEqual(1_500);
      await expectVisible(ui.copyKeyButton(story.page, 'Production'));
    });

    it('shows the RPC URL per network, answered by a real node, with HTTP 429 past the rate', async () => {
      const card = ui.endpointCard(story.page);
      await expect.poll(() => ui.networkRadio(card, 'Mainnet').isChecked(), { message: 'mainnet by default' }).toBe(true);
      urls.mainnet = await ui.rpcUrlField(card).inputValue();
      await ui.networkItem(card, 'Devnet').click();
      await expect.poll(() => ui.networkRadio(card, 'Devnet').isChecked()).toBe(true);
      await expect.poll(() => ui.rpcUrlField(card).inputValue()).toMatch(/\/v1\/devnet\//);
      urls.devnet = await ui.rpcUrlField(card).inputValue();
      await screenshot(story.page, 'keys-devnet');
      const [first] = await storedKeys();
      expect(urls.devnet).toBe(`${story.server.url}/api/v1/devnet/${first?.apiKey ?? ''}`);
      expect(urls.mainnet).toBe(`${story.server.url}/api/v1/mainnet/${first?.apiKey ?? ''}`);

      // Copy the URL as a user would, then call it.
      await ui.rpcUrlField(card).locator('xpath=..').getByRole('button', { name: 'Copy RPC URL' }).click();
      expect(await story.page.evaluate(() => navigator.clipboard.readText())).toBe(urls.devnet);

      const devnet = await callRpc(urls.devnet, 'eth_chainId');
      expect(devnet.status).toBe(200);
      expect(Number(resultOf(devnet.body))).toBe(NETWORK_FACTS.devnet.chainId);
      creditsSpent += creditsFor('eth_chainId');
      const mainnet = await callRpc(urls.mainnet, 'eth_chainId');
      expect(mainnet.status).toBe(200);
      expect(Number(resultOf(mainnet.body))).toBe(NETWORK_FACTS.mainnet.chainId);
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
      await ui.deleteButtons(story.page).last().click();
      const dialog = ui.deleteDialog(story.page);
      await expectVisible(dialog);
      await screenshot(story.page, 'keys-delete-dialog');
      await dialog.getByRole('button', { name: 'Delete key', exact: true }).click();
      await expectHidden(dialog);
      await expectVisible(story.page.getByText(spec.keysUsed(2), { exact: true }));
      await expect.poll(() => ui.generateButton(story.page).isEnabled()).toBe(true);
      expect(await storedKeys()).toHaveLength(2);
      await screenshot(story.page, 'keys-after-delete');
    });

    it('runs methods in the RPC playground and shows time, size and the JSON', async () => {
      await sleep(1_000);
      await story.page.goto('/rpc-testing');
      for (const method of ['eth_blockNumber', 'eth_getBalance']) {
        await ui.methodSelect(story.page).selectOption(method);
        if (method === 'eth_getBalance') {
          const params: unknown = JSON.parse(await ui.paramsField(story.page).inputValue());
          expect(params, 'a working example is prefilled').toEqual([expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), 'latest']);
        }
        // No JSON before the first run; afterwards the previous method's, which must be replaced.
        const before = (await ui.responseJson(story.page).count()) > 0 ? await ui.responseJson(story.page).textContent() : null;
        await ui.runButton(story.page).click();
        const response = ui.responseCard(story.page);
        await expectVisible(response.getByText(/^HTTP 200$/));
        await expectVisible(response.getByText(/^Time: [\d,]+ ms$/));
        await expectVisible(response.getByText(/^Size: [\d,]+ bytes?$/));
        await expect.poll(() => ui.responseJson(story.page).textContent()).not.toBe(before);
        const json: unknown = JSON.parse((await ui.responseJson(story.page).textContent()) ?? '');
        expect(resultOf(json)).toMatch(/^0x[0-9a-f]+$/);
        creditsSpent += creditsFor(method);
        await screenshot(story.page, `rpc-testing-${method}`);
      }

      // Copy puts the JSON shown on the clipboard: 'Copied!' for 2 s.
      const shown: unknown = JSON.parse((await ui.responseJson(story.page).textContent()) ?? '');
      await ui.responseCard(story.page).getByRole('button', { name: 'Copy response', exact: true }).click();
      await expectVisible(ui.responseCard(story.page).getByRole('button', { name: spec.copied, exact: true }));
      expect(JSON.parse(await story.page.evaluate(() => navigator.clipboard.readText()))).toEqual(shown);

      // A node's own JSON-RPC error is shown as it came (no filter has the example's id until the
      // user installs one), and it is a call the node answered: it costs its credits.
      await ui.methodSelect(story.page).selectOption('eth_getFilterChanges');
      await ui.runButton(story.page).click();
      await expect
        .poll(async () => errorOf(JSON.parse((await ui.responseJson(story.page).textContent()) ?? '{}')))
        .toMatchObject({
          message: 'filter not found',
        });
      creditsSpent += creditsFor('eth_getFilterChanges');
      await screenshot(story.page, 'rpc-testing-node-error');
    });

    it('calls with the API key the user picks, shown by name and masked value', async () => {
      const keys = await storedKeys();
      const [first, second] = keys;
      if (!first || !second) throw new Error('the story needs two keys here');
      await story.page.goto('/rpc-testing');
      const keySelect = ui.keySelect(story.page);
      await expect.poll(() => keySelect.inputValue(), { message: 'the first key by default' }).toBe(String(first.id));
      expect(await keySelect.locator('option').allTextContents()).toEqual(
        keys.map((key) => keyChoiceText({ id: String(key.id), name: key.name, key: key.apiKey })),
      );
      // Names and masked values only: no secret in the page's text.
      const text = await story.page.locator('main').innerText();
      for (const key of keys) expect(text).not.toContain(key.apiKey);
      await checkScreen(story.page, `/rpc-testing with two keys (${viewport.name})`, 'rpc-testing-key-choice');

      await keySelect.selectOption(String(second.id));
      await expect.poll(() => ui.rpcUrlField(story.page).inputValue()).toBe(`${story.server.url}/api/v1/mainnet/${second.apiKey}`);
      await ui.methodSelect(story.page).selectOption('eth_chainId');
      const sent = story.page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/v1/mainnet/'));
      await ui.runButton(story.page).click();
      expect((await sent).url(), 'the call carries the chosen key').toBe(`${story.server.url}/api/v1/mainnet/${second.apiKey}`);
      await expectVisible(ui.responseCard(story.page).getByText(/^HTTP 200$/));
      expect(Number(resultOf(JSON.parse((await ui.responseJson(story.page).textContent()) ?? '{}')))).toBe(NETWORK_FACTS.mainnet.chainId);
      creditsSpent += creditsFor('eth_chainId');
      await checkScreen(story.page, `/rpc-testing with the second key (${viewport.name})`, 'rpc-testing-second-key');
    });

    it('saves an allowed IP in /endpoints that the gateway enforces, and removes it', async () => {
      await story.page.goto('/endpoints');
      await expectVisible(ui.editIpsButton(story.page));
      await screenshot(story.page, 'endpoints');
      // Only the addresses that answer can be copied (the RPC URL, its websocket and the other network's);
      // the others say they are not available yet, and none is made a subdomain of this server's IP
      // address (wss://staked.mainnet.127.0.0.1:… is no address).
      const rpcs = story.page.getByRole('region', { name: 'RPCs', exact: true });
      await expect.poll(() => rpcs.getByRole('button', { name: /^Copy/ }).count()).toBe(3);
      expect(await story.page.getByLabel('Standard Websocket URL', { exact: true }).inputValue()).toBe(urls.mainnet.replace(/^http/, 'ws'));
      expect(await story.page.locator('main').innerText()).not.toMatch(/\.127\.0\.0\.1/);
      const shared = await story.page.getByLabel('Shared Devnet URL', { exact: true }).inputValue();
      expect(shared).toBe(urls.devnet);

      await ui.editIpsButton(story.page).click();
      const dialog = ui.ipsDialog(story.page);
      await expectVisible(dialog);
      await ui.ipField(story.page).fill('10.9.9.9');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectVisible(dialog.getByRole('button', { name: 'Remove 10.9.9.9' }));
      await screenshot(story.page, 'endpoints-ip-dialog');
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectHidden(dialog);
      await expectVisible(ui.ipsSaved(story.page));
      await expectVisible(story.page.getByRole('list', { name: 'Allowed IPs' }).getByText('10.9.9.9', { exact: true }));
      await screenshot(story.page, 'endpoints-ip-saved');

      // The test calls from 127.0.0.1, which is not on the list.
      const refused = await callRpc(urls.mainnet, 'eth_blockNumber');
      expect(refused.status).toBe(403);
      expect(errorOf(refused.body)).toMatchObject({ message: expect.any(String) });

      await ui.editIpsButton(story.page).click();
      await expectVisible(dialog);
      await dialog.getByRole('button', { name: 'Remove 10.9.9.9' }).click();
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectHidden(dialog);
      await expectVisible(ui.ipsSaved(story.page));
      const passed = await callRpc(urls.mainnet, 'eth_blockNumber');
      expect(passed.status).toBe(200);
      creditsSpent += creditsFor('eth_blockNumber');
    });

    it('shows the credits really spent in /usage, by method and by usage type, and on the dashboard', async () => {
      await story.page.goto('/usage');
      const creditsUsed = ui.creditsUsedCard(story.page);
      await expectVisible(creditsUsed);
      await expect.poll(() => creditsUsed.textContent(), { timeout: uiTimeout }).toContain(numbers.format(creditsSpent));
      const report = await story.server.api.GET('/usage', {
        params: { query: { range: '1m', groupBy: 'method' } },
        headers: authorization(),
      });
      expect(report.data?.cycle.creditsUsed).toBe(creditsSpent);
      const table = ui.breakdown(story.page);
      for (const method of ['eth_chainId', 'eth_blockNumber', 'eth_getBalance'])
        await expectVisible(table.getByRole('cell', { name: method, exact: true }));
      await screenshot(story.page, 'usage');

      await ui.viewButton(story.page, 'Usage Type').click();
      await expect.poll(() => ui.viewButton(story.page, 'Usage Type').getAttribute('aria-pressed')).toBe('true');
      // Column headers are displayed from lg on; below it each row is a card (test/e2e/screen-fit.test.ts).
      if (!viewport.isMobile) await expectVisible(table.getByRole('columnheader', { name: 'Usage Type' }));
      await expectVisible(table.getByRole('cell', { name: 'Standard calls · 20 credits each' }));
      await ui.timeRange(story.page).selectOption('1d');
      await expectVisible(table.getByRole('cell', { name: 'Standard calls · 20 credits each' }));
      await screenshot(story.page, 'usage-by-type');

      await ui.resetFilters(story.page).click();
      await expect.poll(() => ui.viewButton(story.page, 'Methods').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => ui.timeRange(story.page).inputValue()).toBe('1m');
      if (!viewport.isMobile) await expectVisible(table.getByRole('columnheader', { name: 'Method' }));
      await expectVisible(table.getByRole('cell', { name: 'eth_chainId', exact: true }));

      await expectDashboardCredits(creditsSpent);
      await screenshot(story.page, 'rpc-dashboard-after');
    });
  });
}
