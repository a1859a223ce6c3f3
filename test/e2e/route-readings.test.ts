/**
 * SPEC.md §2's other reading of the routes, switched on with COMING_SOON_SCREENS=true: the
 * sidebar is SPEC.md's list exactly, and /webhooks, /dedicated-nodes, /usage, /settings and
 * /endpoints (and their subpaths) lead to /coming-soon/{first segment}, typed or followed. The
 * default reading (every screen real) is the account story's sidebar walk.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe';
import { expectHidden, expectPath, expectVisible } from '../support/page';
import { screenshot } from '../support/screenshots';
import { specSidebarNames } from '../support/spec-sidebar';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

const redirects = [
  { path: '/webhooks', target: '/coming-soon/webhooks', title: 'Webhooks' },
  { path: '/webhooks/new', target: '/coming-soon/webhooks', title: 'Webhooks' },
  { path: '/dedicated-nodes', target: '/coming-soon/dedicated-nodes', title: 'Dedicated Nodes' },
  { path: '/usage/methods', target: '/coming-soon/usage', title: 'Usage' },
  { path: '/settings', target: '/coming-soon/settings', title: 'Project Settings' },
  { path: '/endpoints/mainnet', target: '/coming-soon/endpoints', title: 'Endpoints' },
];

const shared = shareOneServer({ settings: { COMING_SOON_SCREENS: 'true' } });

for (const viewport of viewports) {
  describe(`the coming-soon reading, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const account = { email: `reading.${viewport.name}@example.com`, password: 'aB3$tory' };
    const story = setUpStory(shared, { viewport, account, page: 'signed-in', timeout: 60_000 });

    async function openNavigation(): Promise<void> {
      if (viewport.isMobile) await story.page.getByRole('button', { name: 'Open navigation', exact: true }).click();
      await expectVisible(sidebar(story.page));
    }

    it("shows SPEC.md's sidebar exactly, and its Soon entries lead to the coming-soon pages", async () => {
      await openNavigation();
      const links = sidebar(story.page).getByRole('link');
      const names = (await links.allInnerTexts()).map((text) =>
        text
          .replace(/\s+/g, ' ')
          .replace(/(\S)(Soon)$/, '$1 $2')
          .trim(),
      );
      // innerText leaves out the visually hidden "(opens in a new tab)": compare it by accessible name.
      expect(names.slice(0, -1)).toEqual(specSidebarNames.slice(0, -1));
      await expectVisible(sidebar(story.page).getByRole('link', { name: specSidebarNames.at(-1), exact: true }));
      await screenshot(story.page, `coming-soon-reading-sidebar-${viewport.name}`);
      await sidebar(story.page)
        .getByRole('link', { name: /^Webhooks/ })
        .click();
      await expectPath(story.page, '/coming-soon/webhooks');
      await expectVisible(story.page.getByRole('heading', { level: 1, name: 'Webhooks', exact: true }));
      if (viewport.isMobile) await expectHidden(sidebar(story.page));
    });

    it('sends each section and its subpaths to /coming-soon/{first segment}, accessibly', async () => {
      for (const { path, target, title } of redirects) {
        await story.page.goto(path);
        await expectPath(story.page, target);
        await expectVisible(story.page.getByRole('heading', { level: 1, name: title, exact: true }));
        await expectVisible(story.page.getByRole('heading', { level: 2, name: 'Coming soon', exact: true }));
      }
      await story.page.waitForLoadState('networkidle');
      await screenshot(story.page, `coming-soon-reading-endpoints-${viewport.name}`);
      expect(await wcagViolations(story.page), 'WCAG 2.1 AA violations on /coming-soon/endpoints').toEqual([]);
    });

    it('keeps the screens both readings share', async () => {
      for (const path of ['/keys', '/billing', '/support', '/rpc-testing']) {
        await story.page.goto(path);
        await story.page.waitForLoadState('networkidle');
        await expectPath(story.page, path);
      }
    });
  });
}
