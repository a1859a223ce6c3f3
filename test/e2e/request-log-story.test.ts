/**
 * The request log, as a paid user reads it, in real Chromium against the real server:
 * calls of three methods to a real anvil node (mainnet), one refused by the gateway (admin_peers, 403, over a WebSocket)
 * and one failing at the node (devnet points at a port nobody listens on), then /usage lists them
 * newest first with what became of each, RPC Metrics counts them, the log filters them, asks before the switch deletes them, and
 * opens one in the RPC playground, which runs it again against the node. Run at 1280×800 and
 * 390×844 with axe and the width checked; screenshots in screenshots/.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { findPlanByName } from '@server/repos/plans';
import { setUserPlan } from '@server/repos/users';
import { OUTCOME_LABELS, REFUSAL_REASONS } from '@/domain/call-outcomes';
import { keyChoiceText } from '@/domain/playground-key';
import { EXAMPLE_ADDRESS } from '@/domain/rpc-examples';
import { rpcUrl } from '@/domain/rpc-urls';
import { startTestAnvil } from '../support/anvil';
import { freePort } from '../support/free-port';
import { expectPath, expectVisible, uiTimeout } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { screenshotDir } from '../support/screenshots';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** Locators by role and label only, as a screen reader finds them. */
const ui = {
  section: (page: Page) => page.getByRole('region', { name: 'Request Log', exact: true }),
  rows: (page: Page) =>
    ui
      .section(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell') }),
  row: (page: Page, text: string) => ui.rows(page).filter({ hasText: text }),
  outcome: (page: Page) => ui.section(page).getByLabel('Outcome', { exact: true }),
  logSwitch: (page: Page) => ui.section(page).getByRole('checkbox', { name: "Log this key's calls" }),
  switchLabel: (page: Page) => ui.section(page).getByText("Log this key's calls", { exact: true }),
  offDialog: (page: Page) => page.getByRole('alertdialog', { name: 'Turn off the request log?' }),
  status: (page: Page) => ui.section(page).getByRole('status'),
  methodSelect: (page: Page) => page.getByLabel('Method', { exact: true }),
  paramsField: (page: Page) => page.getByLabel('Params (JSON array)', { exact: true }),
  runButton: (page: Page) => page.getByRole('button', { name: 'Run', exact: true }),
  responseJson: (page: Page) => page.getByLabel('Response JSON', { exact: true }),
} as const;

/** One JSON-RPC call straight to a URL, as curl would send it. */
async function callRpc(url: string, method: string, params: unknown[] = []): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://dapp.example.com' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** One JSON-RPC call as a message over the gateway's WebSocket, its answer's status: 'error' or 'result'. */
async function callOverWebSocket(url: string, method: string): Promise<string> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers: { origin: 'https://dapp.example.com' } });
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }));
    const parsed: unknown = JSON.parse(await answer);
    return typeof parsed === 'object' && parsed !== null && 'error' in parsed ? 'error' : 'result';
  } finally {
    socket.close();
  }
}

/** Mainnet is a real node; devnet points at a port nobody listens on, so its calls fail at the node. */
const shared = shareOneServer({
  upstream: async () => {
    const [mainnet, deadPort] = await Promise.all([startTestAnvil(), freePort()]);
    return {
      settings: { UPSTREAM_MAINNET_URL: mainnet.url, UPSTREAM_DEVNET_URL: `http://127.0.0.1:${deadPort}` },
      stop: () => mainnet.stop(),
    };
  },
});

const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');

for (const viewport of viewports) {
  describe(`request log story, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const story = setUpStory(shared, {
      viewport,
      account: { email: `log.${viewport.name}@example.com`, password: 'aB3$tory' },
      apiToken: true,
      page: 'signed-in',
      timeout: 60_000,
    });
    const shot = (name: string) => `request-log-${name}-${viewport.name}`;
    /** The section alone, at full size (the page's screenshot is taken by checkScreen). */
    const sectionShot = (page: Page, name: string) =>
      ui.section(page).screenshot({ path: join(screenshotDir, `${viewport.width}-${shot(name)}-section.png`), animations: 'disabled' });

    it('a Developer user makes calls: three methods answered, one refused, one failed at the node', async () => {
      const { server } = story;
      const me = await server.api.GET('/users/me', { headers: { Authorization: `Bearer ${story.token}` } });
      if (!me.data) throw new Error(`GET /api/users/me failed: ${JSON.stringify(me.error)}`);
      // What the admin command does: the plan arranged, not bought.
      const developer = await findPlanByName(server.app.db, 'Developer');
      if (developer === null) throw new Error('no Developer plan');
      await setUserPlan(server.app.db, me.data.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      server.app.keyCache.invalidateUser(me.data.id);

      const apiBase = `${server.url}/api`;
      const key = me.data.apiKey;
      if (!key) throw new Error('the user has no key');
      const mainnet = rpcUrl(apiBase, 'mainnet', key);
      expect(await callRpc(mainnet, 'eth_chainId')).toBe(200);
      expect(await callRpc(mainnet, 'eth_blockNumber')).toBe(200);
      expect(await callRpc(mainnet, 'eth_getBalance', [EXAMPLE_ADDRESS, 'latest'])).toBe(200);
      // Over the WebSocket: the log marks it so.
      expect(await callOverWebSocket(mainnet, 'admin_peers')).toBe('error');
      expect(await callRpc(rpcUrl(apiBase, 'devnet', key), 'eth_gasPrice')).toBeGreaterThanOrEqual(500);
    });

    it('lists them on /usage, newest first, with what became of each', async () => {
      const { page } = story;
      await page.goto('/usage');
      await ui.section(page).scrollIntoViewIfNeeded({ timeout: uiTimeout });
      await expect.poll(() => ui.rows(page).count(), { timeout: uiTimeout }).toBe(5);
      const methods = await ui.rows(page).evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
      const order = ['eth_gasPrice', 'admin_peers', 'eth_getBalance', 'eth_blockNumber', 'eth_chainId'];
      expect(methods.map((text) => order.find((method) => text.includes(method)))).toEqual(order);
      // A refusal says why, from the outcome table; the WebSocket message is marked as one.
      expect(await textOf(ui.row(page, 'admin_peers'))).toContain(
        `${OUTCOME_LABELS.refused_method} HTTP 403 ${REFUSAL_REASONS.refused_method}`,
      );
      expect(await textOf(ui.row(page, 'admin_peers'))).toContain('Mainnet WebSocket');
      expect(await textOf(ui.row(page, 'eth_getBalance'))).not.toContain('WebSocket');
      expect(await textOf(ui.row(page, 'eth_gasPrice'))).toContain(OUTCOME_LABELS.upstream_error);
      expect(await textOf(ui.row(page, 'eth_getBalance'))).toContain(`${OUTCOME_LABELS.answered} HTTP 200`);
      expect(await textOf(ui.row(page, 'eth_getBalance'))).toContain('https://dapp.example.com');
      // The refused method is not one the playground offers: the row says so instead of a button.
      expect(await textOf(ui.row(page, 'admin_peers'))).toContain('The playground does not offer this method.');
      await expectVisible(ui.status(page));
      expect(await ui.status(page).innerText()).toBe('Showing 5 calls, all of the last 24 hours.');
      await ui.section(page).scrollIntoViewIfNeeded();
      await checkScreen(page, `/usage request log (${viewport.name})`, shot('list'));
      await sectionShot(page, 'list');
    });

    it('sees them in RPC Metrics: every method among the top ones, the refused and the failed call among the errors', async () => {
      const { page } = story;
      const metrics = page.getByRole('region', { name: 'RPC Metrics', exact: true });
      const errors = metrics.getByRole('figure', { name: 'Errors by outcome', exact: true });
      await expectVisible(errors.getByText(/^2 calls over the last month got no answer from a node/));
      const top = metrics.getByRole('figure', { name: 'Top methods', exact: true });
      await top.getByRole('button', { name: 'Table view' }).click();
      const table = top.getByRole('table', { name: 'Top methods table' });
      for (const method of ['eth_chainId', 'eth_blockNumber', 'eth_getBalance', 'admin_peers', 'eth_gasPrice']) {
        await expectVisible(table.getByRole('rowheader', { name: method, exact: true }));
      }
      await errors.getByRole('button', { name: 'Table view' }).click();
      const byOutcome = await textOf(errors.getByRole('table', { name: 'Errors by outcome table' }));
      expect(byOutcome).toContain(OUTCOME_LABELS.refused_method);
      expect(byOutcome).toContain(OUTCOME_LABELS.upstream_error);
      await checkScreen(page, `/usage RPC Metrics after the calls (${viewport.name})`, shot('metrics'));
    });

    it('filters by outcome', async () => {
      const { page } = story;
      await ui.outcome(page).selectOption({ label: OUTCOME_LABELS.upstream_error });
      await expect.poll(() => ui.rows(page).count(), { timeout: uiTimeout }).toBe(1);
      expect(await textOf(ui.rows(page).first())).toContain('eth_gasPrice');
      await checkScreen(page, `/usage request log filtered (${viewport.name})`, shot('filtered'));
      await sectionShot(page, 'filtered');
      await ui.outcome(page).selectOption({ label: 'All outcomes' });
      await expect.poll(() => ui.rows(page).count(), { timeout: uiTimeout }).toBe(5);
    });

    it('asks before turning the log off, since that deletes the calls; Cancel keeps them', async () => {
      const { page } = story;
      expect(await ui.logSwitch(page).isChecked()).toBe(true);
      await ui.switchLabel(page).click();
      await expectVisible(ui.offDialog(page));
      expect(await ui.offDialog(page).innerText()).toContain('deletes the calls it holds');
      await checkScreen(page, `/usage request log confirmation (${viewport.name})`, shot('confirm-off'));
      await ui.offDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => ui.offDialog(page).count()).toBe(0);
      expect(await ui.logSwitch(page).isChecked()).toBe(true);
      expect(await ui.rows(page).count()).toBe(5);
    });

    it('opens a call in the playground with the same key, network, method and params, and runs it again', async () => {
      const { page } = story;
      await ui.row(page, 'eth_getBalance').getByRole('link', { name: 'Open in playground' }).click();
      await expectPath(page, '/rpc-testing');
      await expectVisible(ui.runButton(page));
      expect(await ui.methodSelect(page).inputValue()).toBe('eth_getBalance');
      expect(JSON.parse(await ui.paramsField(page).inputValue())).toEqual([EXAMPLE_ADDRESS, 'latest']);
      expect(await page.getByRole('radio', { name: 'Mainnet', exact: true }).isChecked()).toBe(true);
      // The link's key is the one the playground uses, shown by name and masked value.
      const keys = await story.server.api.GET('/apiKeys', { headers: { Authorization: `Bearer ${story.token}` } });
      const [key] = keys.data ?? [];
      if (!key) throw new Error(`GET /api/apiKeys failed: ${JSON.stringify(keys.error)}`);
      await expectVisible(
        page.getByText(`API key: ${keyChoiceText({ id: String(key.id), name: key.name, key: key.apiKey })}`, { exact: true }),
      );
      expect(await page.getByLabel('RPC URL', { exact: true }).inputValue()).toBe(rpcUrl(`${story.server.url}/api`, 'mainnet', key.apiKey));
      await ui.runButton(page).click();
      await expectVisible(ui.responseJson(page));
      const answer: unknown = JSON.parse(await ui.responseJson(page).innerText());
      expect(answer).toMatchObject({ jsonrpc: '2.0', result: expect.stringMatching(/^0x[0-9a-f]+$/) });
      await checkScreen(page, `/rpc-testing from the log (${viewport.name})`, shot('playground'));
    });
  });
}
