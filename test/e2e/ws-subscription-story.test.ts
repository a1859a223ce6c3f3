/**
 * The playground's subscription mode, as a new user tries it, in real Chromium against the real
 * server and a real anvil node (which mines only when asked: the test mines the blocks): /endpoints
 * shows the working WebSocket URL, the playground subscribes to newHeads over it, counts the blocks
 * as they arrive with the credits they cost, and unsubscribes; the server charged exactly what the
 * screen said. Run at 1280×800 and 390×844 with axe and the width checked; screenshots in screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CREDITS_PER_NOTIFICATION, creditsFor } from '@/domain/credits';
import { type AnvilNode, startTestAnvil } from '../support/anvil';
import { expectVisible, uiTimeout } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { allowClipboard, setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const numbers = new Intl.NumberFormat('en-US');

/** Locators by role and label only, as a screen reader finds them. */
const ui = {
  httpTab: (page: Page) => page.getByRole('tab', { name: 'HTTP request', exact: true }),
  subscriptionTab: (page: Page) => page.getByRole('tab', { name: 'Subscription (WebSocket)', exact: true }),
  panel: (page: Page) => page.getByRole('tabpanel', { name: 'Subscription (WebSocket)', exact: true }),
  wsUrl: (page: Page) => ui.panel(page).getByLabel('WebSocket URL', { exact: true }),
  typeRadio: (page: Page, name: 'newHeads' | 'logs') => ui.panel(page).getByRole('radio', { name, exact: true }),
  subscribe: (page: Page) => ui.panel(page).getByRole('button', { name: 'Subscribe', exact: true }),
  unsubscribe: (page: Page) => ui.panel(page).getByRole('button', { name: 'Unsubscribe', exact: true }),
  notifications: (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true }),
  status: (page: Page) => ui.notifications(page).getByRole('status'),
  figure: (page: Page, name: 'Notifications received' | 'Credits used') =>
    ui.notifications(page).getByRole('group', { name, exact: true }).locator('dd').first(),
  lastNotification: (page: Page) => page.getByRole('region', { name: 'Last notification JSON', exact: true }),
} as const;

/** Asks the node to mine one block: a newHeads notification for every subscriber. */
async function mine(node: AnvilNode): Promise<void> {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  });
  expect(response.status).toBe(200);
}

const figureOf = async (page: Page, name: 'Notifications received' | 'Credits used') =>
  Number((await ui.figure(page, name).innerText()).replace(/,/g, ''));

let node: AnvilNode | undefined;
const anvil = () => {
  if (!node) throw new Error('anvil is not running');
  return node;
};

/** One node for both networks; it mines only when the test asks. */
const shared = shareOneServer({
  upstream: async () => {
    node = await startTestAnvil();
    const started = node;
    return { settings: { UPSTREAM_MAINNET_URL: started.url, UPSTREAM_DEVNET_URL: started.url }, stop: () => started.stop() };
  },
});

for (const viewport of viewports) {
  describe(`subscription story, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const story = setUpStory(shared, {
      viewport,
      account: { email: `ws.${viewport.name}@example.com`, password: 'aB3$tory' },
      apiToken: true,
      page: 'signed-in',
      prepareContext: allowClipboard,
      timeout: 60_000,
    });
    /** The key's WebSocket URL as /endpoints showed it. */
    let wsUrl = '';

    it('shows the working WebSocket URL on /endpoints, with Copy', async () => {
      await story.page.goto('/endpoints');
      const field = story.page.getByLabel('Standard Websocket URL', { exact: true });
      await expectVisible(field);
      const { data: keys } = await story.server.api.GET('/apiKeys', { headers: { Authorization: `Bearer ${story.token}` } });
      const key = keys?.[0]?.apiKey ?? 'no key';
      wsUrl = `${story.server.url.replace(/^http/, 'ws')}/api/v1/mainnet/${key}`;
      expect(await field.inputValue()).toBe(wsUrl);
      await story.page.getByRole('button', { name: 'Copy Standard Websocket URL', exact: true }).click();
      await expectVisible(story.page.getByRole('button', { name: 'Copied!', exact: true }));
      expect(await story.page.evaluate(() => navigator.clipboard.readText())).toBe(wsUrl);
      await checkScreen(story.page, '/endpoints', 'endpoints-websocket');
    });

    it('subscribes to newHeads in the playground and counts the blocks as they arrive', async () => {
      await story.page.goto('/rpc-testing');
      // The keyboard moves between the modes (arrow keys in the tab list), with the focus ring shown.
      await ui.httpTab(story.page).focus();
      await story.page.keyboard.press('ArrowRight');
      await expect.poll(() => ui.subscriptionTab(story.page).getAttribute('aria-selected')).toBe('true');
      const ring = await ui.subscriptionTab(story.page).evaluate((tab) => {
        const style = getComputedStyle(tab);
        return document.activeElement === tab && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      });
      expect(ring, 'the focused tab shows a focus ring').toBe(true);
      await expectVisible(ui.subscribe(story.page));
      expect(await ui.wsUrl(story.page).inputValue()).toBe(wsUrl);
      expect(await ui.typeRadio(story.page, 'newHeads').isChecked()).toBe(true);
      await expect.poll(() => ui.status(story.page).innerText()).toBe('Not subscribed.');
      await checkScreen(story.page, '/rpc-testing subscription mode', 'rpc-testing-subscription');

      // Subscribe from the keyboard; the same button turns into Unsubscribe and keeps the focus.
      await ui.subscribe(story.page).focus();
      await story.page.keyboard.press('Enter');
      await expect.poll(() => ui.status(story.page).innerText(), { timeout: uiTimeout }).toContain('Subscribed to newHeads on Mainnet.');
      expect(await story.page.evaluate(() => document.activeElement?.textContent)).toBe('Unsubscribe');
      await expectVisible(ui.unsubscribe(story.page));
      expect(await figureOf(story.page, 'Credits used')).toBe(creditsFor('eth_subscribe'));

      // Blocks mined one at a time until at least two have arrived (each is one notification).
      for (let mined = 0; mined < 20 && (await figureOf(story.page, 'Notifications received')) < 2; mined += 1) {
        await mine(anvil());
        await story.page.waitForTimeout(200);
      }
      await expect.poll(() => figureOf(story.page, 'Notifications received')).toBeGreaterThanOrEqual(2);
      const received = await figureOf(story.page, 'Notifications received');
      expect(await figureOf(story.page, 'Credits used')).toBe(received * CREDITS_PER_NOTIFICATION + creditsFor('eth_subscribe'));
      // The last block's header, pretty-printed; the live region spoke once, not once per block.
      const head: unknown = JSON.parse((await ui.lastNotification(story.page).innerText()) || 'null');
      expect(head).toMatchObject({ number: expect.stringMatching(/^0x[0-9a-f]+$/), hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      expect(await ui.status(story.page).innerText()).toContain('First notification received.');
      await checkScreen(story.page, '/rpc-testing subscribed', 'rpc-testing-subscribed');
    });

    it('unsubscribes, and the server charged exactly the credits the screen shows', async () => {
      const before = await figureOf(story.page, 'Notifications received');
      await ui.unsubscribe(story.page).click();
      await expect
        .poll(() => ui.status(story.page).innerText(), { timeout: uiTimeout })
        .toContain('Unsubscribed: the connection is closed.');
      await expectVisible(ui.subscribe(story.page));
      // Mined after unsubscribing: nothing more arrives, nothing more is charged.
      await mine(anvil());
      await story.page.waitForTimeout(500);
      expect(await figureOf(story.page, 'Notifications received')).toBe(before);
      const shown = await figureOf(story.page, 'Credits used');
      expect(shown).toBe(before * CREDITS_PER_NOTIFICATION + creditsFor('eth_subscribe') + creditsFor('eth_unsubscribe'));
      await expect
        .poll(
          async () => {
            const report = await story.server.api.GET('/usage', {
              params: { query: { range: '1d', groupBy: 'method' } },
              headers: { Authorization: `Bearer ${story.token}` },
            });
            return report.data?.cycle.creditsUsed;
          },
          { timeout: uiTimeout },
        )
        .toBe(shown);
      expect(await ui.figure(story.page, 'Credits used').innerText()).toBe(numbers.format(shown));
      await checkScreen(story.page, '/rpc-testing unsubscribed', 'rpc-testing-unsubscribed');
    });
  });
}
