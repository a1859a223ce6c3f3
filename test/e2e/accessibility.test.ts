/**
 * WCAG 2.1 AA, checked by axe-core in real Chromium on every screen as a user sees it — signed out,
 * signed in, with a response in the playground, with a modal open, with the drawer open — at
 * 1280×800 and 390×844. Contrast, names, labels, landmarks and ARIA are what axe can judge; the
 * keyboard and focus stories are in the other browser tests.
 */
import { describe, it } from 'vitest';
import { expectVisible, logIn } from '../support/page';
import { expectNoViolations } from '../support/screen-checks';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** Signed-out screens, each with a heading that says it has drawn. */
const publicScreens = [
  { path: '/login', heading: /log in/i },
  { path: '/signup', heading: /sign up|create/i },
  { path: '/forgot-password', heading: /password/i },
  { path: '/reset-password/some-token', heading: /password/i },
  { path: '/status', heading: 'System Status' },
] as const;

/** Signed-in screens and their h1. */
const screens = [
  { path: '/', heading: 'Dashboard' },
  { path: '/keys', heading: 'API Keys & Endpoints' },
  { path: '/rpc-testing', heading: 'RPC Testing' },
  { path: '/endpoints', heading: 'Endpoints' },
  { path: '/usage', heading: 'Usage / Metrics' },
  { path: '/billing', heading: 'Billing & Plans' },
  { path: '/billing/success', heading: 'Payment' },
  { path: '/billing/cancel', heading: 'Payment cancelled' },
  { path: '/support', heading: 'Support' },
  { path: '/webhooks', heading: 'Webhooks' },
  { path: '/dedicated-nodes', heading: 'Dedicated Nodes' },
  { path: '/settings', heading: 'Project Settings' },
  { path: '/coming-soon/system-status', heading: /^system status$/i },
  { path: '/status', heading: 'System Status' },
] as const;

const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`accessibility, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const email = `a11y.${viewport.name}@example.com`;
    const password = 'aB3$tory';
    const story = setUpStory(shared, { viewport, account: { email, password }, page: 'signed-out', timeout: 60_000 });

    it('signed-out screens', async () => {
      for (const screen of publicScreens) {
        await story.page.goto(screen.path);
        await expectVisible(story.page.getByRole('heading', { level: 1, name: screen.heading, exact: true }));
        await expectNoViolations(story.page, screen.path);
      }
    });

    it('signed-in screens', async () => {
      await logIn(story.page, email, password);
      for (const screen of screens) {
        await story.page.goto(screen.path);
        await expectVisible(story.page.getByRole('heading', { level: 1, name: screen.heading, exact: true }));
        // The screen's calls have answered (no spinner left): axe sees the screen itself.
        await story.page.waitForLoadState('networkidle');
        await expectNoViolations(story.page, screen.path);
      }
    });

    it('the playground with a response, and a modal open', async () => {
      await story.page.goto('/rpc-testing');
      await story.page.getByLabel('Method', { exact: true }).selectOption('eth_blockNumber');
      await story.page.getByRole('button', { name: 'Run', exact: true }).click();
      await expectVisible(story.page.getByRole('region', { name: 'Response JSON', exact: true }));
      await expectNoViolations(story.page, '/rpc-testing with a response');

      await story.page.goto('/endpoints');
      await story.page.getByRole('button', { name: 'Edit Allowed IPs', exact: true }).click();
      await expectVisible(story.page.getByRole('dialog', { name: 'Edit Allowed IPs' }));
      await expectNoViolations(story.page, '/endpoints with the Allowed IPs editor open');

      await story.page.goto('/keys');
      await story.page
        .getByRole('button', { name: /^Delete (?!key$)/ })
        .first()
        .click();
      await expectVisible(story.page.getByRole('alertdialog', { name: 'Delete API key?' }));
      await expectNoViolations(story.page, '/keys with the delete confirmation open');
    });

    it('error texts: the access-control editor, the playground and key rename', async () => {
      await story.page.goto('/endpoints');
      await story.page.getByRole('button', { name: 'Edit Allowed IPs', exact: true }).click();
      const dialog = story.page.getByRole('dialog', { name: 'Edit Allowed IPs' });
      await dialog.getByLabel('IP address', { exact: true }).fill('not-an-ip');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectVisible(dialog.getByText('Please enter a valid IP address', { exact: true }));
      await expectNoViolations(story.page, '/endpoints with a refused IP in the Allowed IPs editor');

      await story.page.goto('/rpc-testing');
      await story.page.getByLabel('Params (JSON array)', { exact: true }).fill('[');
      await expectVisible(story.page.getByText('Params must be valid JSON, e.g. ["latest", false].', { exact: true }));
      await expectNoViolations(story.page, '/rpc-testing with params that are not JSON');

      await story.page.goto('/keys');
      await story.page
        .getByRole('button', { name: /^Rename / })
        .first()
        .click();
      await story.page.getByRole('textbox', { name: /^New name for / }).fill('');
      await expectVisible(story.page.getByText('A key name cannot be blank.', { exact: true }));
      await expectNoViolations(story.page, '/keys with a blank name in the rename field');
    });

    if (viewport.isMobile) {
      it('the navigation drawer', async () => {
        await story.page.goto('/');
        await story.page.getByRole('button', { name: /open (the )?(navigation|menu)/i }).click();
        await expectVisible(story.page.getByRole('dialog'));
        await expectNoViolations(story.page, 'the open navigation drawer');
      });
    }
  });
}
