/**
 * A third network added in NETWORKS_FILE alone, as a user meets it in real Chromium against the real
 * server and real anvil nodes, at 1280×800 and 390×844: the key's endpoint card, /endpoints and the
 * RPC playground offer it (the SPA learns the networks from GET /config), its URL is answered by its
 * own node, and the public status page lists it. axe-core on each screen.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NETWORK_FACTS } from '@/domain/networks';
import { startTestAnvil } from '../support/anvil';
import { writeNetworksFile } from '../support/networks-file';
import { expectVisible } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const testnet = { name: 'testnet', label: 'Testnet', chainId: 31_337 };
const chainIdOf = (chainId: number) => `0x${chainId.toString(16)}`;

const ui = {
  endpointCard: (page: Page) => page.getByRole('region', { name: 'Endpoint', exact: true }),
  networkItem: (scope: Page | Locator, label: string) => scope.getByText(label, { exact: true }),
  networkRadio: (scope: Page | Locator, label: string) => scope.getByRole('radio', { name: label, exact: true }),
  rpcUrlField: (scope: Page | Locator) => scope.getByLabel('RPC URL', { exact: true }),
  methodSelect: (page: Page) => page.getByLabel('Method', { exact: true }),
  runButton: (page: Page) => page.getByRole('button', { name: 'Run', exact: true }),
  responseJson: (page: Page) => page.getByLabel('Response JSON', { exact: true }),
  statusCard: (page: Page, label: string) =>
    page.getByRole('region', { name: 'Networks', exact: true }).getByRole('listitem', { name: label, exact: true }),
};

/** Mainnet and the third network, each on a node of its own chain id; devnet is not in the file. */
const shared = shareOneServer({
  settings: { HEAD_POLL_MS: '100' },
  upstream: async () => {
    const [mainnet, third] = await Promise.all([startTestAnvil(NETWORK_FACTS.mainnet.chainId), startTestAnvil(testnet.chainId)]);
    const file = await writeNetworksFile([
      { name: 'mainnet', label: 'Mainnet', chainId: NETWORK_FACTS.mainnet.chainId, nodes: [mainnet.url] },
      { ...testnet, nodes: [third.url] },
    ]);
    return {
      settings: { NETWORKS_FILE: file.path },
      stop: async () => {
        await Promise.all([mainnet.stop(), third.stop()]);
        await file.remove();
      },
    };
  },
});

for (const viewport of viewports) {
  describe(`a third network from NETWORKS_FILE, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const story = setUpStory(shared, {
      viewport,
      account: { email: `third.${viewport.name}@example.com`, password: 'aB3$tory' },
      page: 'signed-in',
      timeout: 60_000,
    });

    it("offers it on the key's endpoint card, with a URL its own node answers", async () => {
      await story.page.goto('/keys');
      const card = ui.endpointCard(story.page);
      await expectVisible(ui.networkItem(card, testnet.label));
      await expect.poll(() => ui.networkRadio(card, 'Devnet').count(), { message: 'devnet is not in the file' }).toBe(0);
      await ui.networkItem(card, testnet.label).click();
      await expect.poll(() => ui.networkRadio(card, testnet.label).isChecked()).toBe(true);
      await expect.poll(() => ui.rpcUrlField(card).inputValue()).toMatch(/\/v1\/testnet\//);
      const url = await ui.rpcUrlField(card).inputValue();
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: chainIdOf(testnet.chainId) });
      await checkScreen(story.page, `/keys on the third network (${viewport.name})`, 'third-network-keys');
    });

    it('lists it on /endpoints, with the other networks as shared URLs', async () => {
      await story.page.goto('/endpoints');
      await ui.networkItem(story.page, testnet.label).first().click();
      await expectVisible(story.page.getByLabel('Shared Mainnet URL', { exact: true }));
      await checkScreen(story.page, `/endpoints on the third network (${viewport.name})`, 'third-network-endpoints');
    });

    it('runs a call on it in the RPC playground', async () => {
      await story.page.goto('/rpc-testing');
      await ui.networkItem(story.page, testnet.label).first().click();
      await ui.methodSelect(story.page).selectOption('eth_chainId');
      await ui.runButton(story.page).click();
      await expect
        .poll(async () => ((await ui.responseJson(story.page).count()) > 0 ? ui.responseJson(story.page).textContent() : ''))
        .toContain(chainIdOf(testnet.chainId));
      await checkScreen(story.page, `/rpc-testing on the third network (${viewport.name})`, 'third-network-rpc-testing');
    });

    it('shows it on the status page', async () => {
      await story.page.goto('/status');
      await expectVisible(ui.statusCard(story.page, testnet.label).getByText('1 of 1 node serving', { exact: true }));
      await expectVisible(ui.statusCard(story.page, testnet.label).getByText('Operational', { exact: true }));
      await checkScreen(story.page, `/status with the third network (${viewport.name})`, 'third-network-status');
    });
  });
}
