/**
 * /status as anyone meets it, signed out, in real Chromium against the real server at 1280×800 and
 * 390×844: public (no redirect to /login), in the public frame with the way to log in; the report of
 * the server's own fleet (mainnet: a real anvil and a node that cannot be reached, so degraded;
 * devnet: only that dead node, so down), with the incidents they caused, its figures in words;
 * nothing wider than the window on the phone. axe-core on the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import { expectPath, expectTitle, expectVisible, horizontalOverflow } from '../support/page';
import { screenshot } from '../support/screenshots';
import { startTestAnvil } from '../support/anvil';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const productName = 'Status Test RPC';

const ui = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'System Status', exact: true }),
  overall: (page: Page) => page.getByText('Some networks are down.', { exact: true }),
  network: (page: Page, label: string) =>
    page.getByRole('region', { name: 'Networks', exact: true }).getByRole('listitem', { name: label, exact: true }),
  incidents: (page: Page) => page.getByRole('region', { name: 'Recent incidents', exact: true }).getByRole('listitem'),
  logIn: (page: Page) => page.getByRole('link', { name: 'Log in', exact: true }),
  sidebar: (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true }),
};

/** A port nothing listens on. */
const deadNode = 'http://127.0.0.1:9';
const shared = shareOneServer({
  settings: { PRODUCT_NAME: productName, HEAD_POLL_MS: '100' },
  upstream: async () => {
    const node = await startTestAnvil();
    return { settings: { UPSTREAM_MAINNET_URL: `${node.url},${deadNode}`, UPSTREAM_DEVNET_URL: deadNode }, stop: () => node.stop() };
  },
});

/** Waits until the server's report shows both networks' dead node out (its first checks done). */
async function fleetChecked(serverUrl: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const report = (await (await fetch(`${serverUrl}/api/status`)).json()) as { networks: Array<{ state: string }> };
    if (report.networks.every((network) => network.state !== 'operational')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(viewports)('/status signed out at $width px', (viewport) => {
  const story = setUpStory(shared, { viewport, page: 'signed-out' });

  it('shows the report to a visitor, in the public frame, readable without sideways scrolling', async () => {
    // The page asks every 15 s: it opens once the server has checked its nodes (the dead one is out).
    await fleetChecked(story.server.url);
    await story.page.goto('/status');
    await expectVisible(ui.heading(story.page));
    await expectPath(story.page, '/status');
    await expectTitle(story.page, new RegExp(`^System Status \\| ${productName}$`));
    await expectVisible(ui.overall(story.page));
    await expectVisible(ui.network(story.page, 'Mainnet').getByText('Degraded', { exact: true }));
    await expectVisible(ui.network(story.page, 'Mainnet').getByText('1 of 2 nodes serving', { exact: true }));
    await expectVisible(ui.network(story.page, 'Devnet').getByText('Down', { exact: true }));
    await expectVisible(ui.network(story.page, 'Devnet').getByText('0 of 1 node serving', { exact: true }));
    // Mainnet's node 2 and devnet's node 1 are out, and devnet has no node serving: three ongoing incidents.
    await expectVisible(ui.incidents(story.page).nth(2));
    expect(await ui.incidents(story.page).count()).toBe(3);
    await expectVisible(
      ui
        .incidents(story.page)
        .first()
        .getByText(/ – ongoing$/),
    );
    await expectVisible(ui.logIn(story.page));
    expect(await ui.sidebar(story.page).count()).toBe(0);
    expect(await horizontalOverflow(story.page), 'page width').toBeLessThanOrEqual(0);
    expect(await wcagViolations(story.page), `/status signed out at ${viewport.width}`).toEqual([]);
    await screenshot(story.page, 'status-signed-out');
  });
});
