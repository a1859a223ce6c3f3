/**
 * A key's own rules and its roll, as an owner does them, in real Chromium against the real server
 * and a real anvil: the key gets its own domain list (the gateway then refuses calls from elsewhere
 * and lets the domain's through), it is rolled with a grace of an hour (both secrets work, the old one
 * is shown until then), and the project's audit log on /settings lists both changes. Run at 1280×800
 * and 390×844 with axe and the width checked; screenshots in screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditActionLabel } from '@/domain/audit-log';
import { ROLL_GRACE_FACTS } from '@/domain/key-lifecycle';
import { USE_OWN_LIST } from '@/domain/key-rule-text';
import { rpcUrl } from '@/domain/rpc-urls';
import { startTestAnvil } from '../support/anvil';
import { expectVisible, uiTimeout } from '../support/page';
import { checkScreen } from '../support/screen-checks';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const KEY = 'Default key';

const ui = {
  rulesButton: (page: Page) => page.getByRole('button', { name: `Rules of ${KEY}`, exact: true }),
  rulesDialog: (page: Page) => page.getByRole('dialog', { name: `Rules of ${KEY}` }),
  rollButton: (page: Page) => page.getByRole('button', { name: `Roll ${KEY}`, exact: true }),
  rollDialog: (page: Page) => page.getByRole('dialog', { name: `Roll ${KEY}?` }),
} as const;

/** One call as a dapp's page (with its Origin) or a server (none) sends it: the HTTP status. */
async function statusOf(url: string, origin?: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin === undefined ? {} : { origin }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  await response.arrayBuffer();
  return response.status;
}

const shared = shareOneServer({
  upstream: async () => {
    const mainnet = await startTestAnvil();
    return { settings: { UPSTREAM_MAINNET_URL: mainnet.url }, stop: () => mainnet.stop() };
  },
});

for (const viewport of viewports) {
  describe(`a key's rules and roll, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const story = setUpStory(shared, {
      viewport,
      account: { email: `rules.${viewport.name}@example.com`, password: 'aB3$tory' },
      apiToken: true,
      page: 'signed-in',
      timeout: 60_000,
    });
    const shot = (name: string) => `key-rules-${name}-${viewport.name}`;
    const keys = async () => {
      const listed = await story.server.api.GET('/apiKeys', { headers: { Authorization: `Bearer ${story.token}` } });
      if (!listed.data?.[0]) throw new Error(`GET /api/apiKeys failed: ${JSON.stringify(listed.error)}`);
      return listed.data[0];
    };

    it("gives the key its own domain list: the gateway then takes that domain's calls only", async () => {
      const { page } = story;
      await page.goto('/keys');
      await ui.rulesButton(page).click();
      const dialog = ui.rulesDialog(page);
      const domains = dialog.getByRole('radiogroup', { name: 'Allowed Domains', exact: true });
      await domains.getByText(USE_OWN_LIST, { exact: true }).click();
      await dialog.getByLabel('Domain', { exact: true }).fill('app.example.com');
      await dialog.getByRole('button', { name: 'Add to Allowed Domains', exact: true }).click();
      await expectVisible(dialog.getByRole('list', { name: 'Allowed Domains of this key' }).getByText('app.example.com'));
      await checkScreen(page, `/keys rules dialog (${viewport.name})`, shot('dialog'));
      // A daily spend cap, far above what this story spends.
      const perDay = dialog.getByLabel('Credits per day', { exact: true });
      await perDay.fill('1,000,000');
      await perDay.scrollIntoViewIfNeeded();
      await checkScreen(page, `/keys rules dialog, spend caps (${viewport.name})`, shot('caps'));
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectVisible(page.getByText(`Rules of ${KEY} saved. The gateway enforces them within a second.`));
      await checkScreen(page, `/keys rules saved (${viewport.name})`, shot('saved'));

      const url = rpcUrl(`${story.server.url}/api`, 'mainnet', (await keys()).apiKey);
      await expect.poll(() => statusOf(url), { timeout: uiTimeout }).toBe(403);
      expect(await statusOf(url, 'https://app.example.com')).toBe(200);
      expect(await statusOf(url, 'https://elsewhere.example')).toBe(403);
    });

    it('rolls the key with an hour of grace: both secrets work, and the old one is shown until then', async () => {
      const { page } = story;
      const before = await keys();
      await ui.rollButton(page).click();
      const dialog = ui.rollDialog(page);
      await dialog.getByText(ROLL_GRACE_FACTS['1h'].label, { exact: true }).click();
      await checkScreen(page, `/keys roll dialog (${viewport.name})`, shot('roll'));
      await dialog.getByRole('button', { name: 'Roll key', exact: true }).click();
      await expectVisible(page.getByText('Old secret, works until', { exact: false }));
      const after = await keys();
      expect(after.apiKey).not.toBe(before.apiKey);
      expect(after.previousKey).toBe(before.apiKey);
      const origin = 'https://app.example.com';
      expect(await statusOf(rpcUrl(`${story.server.url}/api`, 'mainnet', after.apiKey), origin)).toBe(200);
      expect(await statusOf(rpcUrl(`${story.server.url}/api`, 'mainnet', before.apiKey), origin)).toBe(200);
      await checkScreen(page, `/keys after a roll (${viewport.name})`, shot('rolled'));
    });

    it("lists both changes in the project's audit log", async () => {
      const { page } = story;
      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Audit Log', exact: true }).click();
      const rows = page.getByRole('table', { name: 'Audit Log' }).getByRole('row');
      await expectVisible(rows.filter({ hasText: auditActionLabel('key.rolled') }));
      await expectVisible(rows.filter({ hasText: auditActionLabel('key_rules.updated') }));
      await checkScreen(page, `/settings audit log (${viewport.name})`, shot('audit-log'));
    });
  });
}
