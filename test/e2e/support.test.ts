/**
 * The support screen as a user meets it, in real Chromium against the real server: the four cards
 * (Chat Support disabled with SPEC.md's text on Free, opening the configured support address on a
 * paid plan; Documentation, Discord and Telegram in a new tab), the FAQ's seven sections driven by
 * keyboard (one answer open at a time per section, closing again) with the plan figures of the
 * server's plan table, no horizontal scrolling, and axe-core with answers open. Run at 1280×800 and
 * 390×844, each with its own server. Screenshots land in screenshots/.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { expectTitle, expectVisible, uiTimeout } from '../support/page';
import { expectNoOverflow, expectNoViolations } from '../support/screen-checks';
import { screenshot } from '../support/screenshots';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** The addresses the server is configured with: none is on the internet, the browser is answered locally. */
const urls = {
  documentation: 'https://docs.support-test.example/guide',
  discord: 'https://discord.support-test.example/invite',
  telegram: 'https://telegram.support-test.example/group',
  support: 'https://help.support-test.example/chat',
} as const;

const sectionTitles = [
  'Subscriptions & Billing',
  'Limits & Endpoints',
  'RPC',
  'Dedicated Nodes & gRPC',
  'Websocket & Webhooks',
  'Berachain RPC APIs',
  'Error Codes',
] as const;

/** Locators by role and name only. */
const ui = {
  heading: (page: Page) => page.getByRole('heading', { level: 1, name: 'Support', exact: true }),
  card: (page: Page, name: 'Chat Support' | 'Documentation' | 'Discord' | 'Telegram') => page.getByRole('article', { name, exact: true }),
  startChat: (page: Page) => ui.card(page, 'Chat Support').getByRole('button', { name: 'Start a chat', exact: true }),
  startChatLink: (page: Page) =>
    ui.card(page, 'Chat Support').getByRole('link', { name: 'Start a chat (opens in a new tab)', exact: true }),
  cardLink: (page: Page, card: 'Documentation' | 'Discord' | 'Telegram', name: string) =>
    ui.card(page, card).getByRole('link', { name: `${name} (opens in a new tab)`, exact: true }),
  faqSection: (page: Page, title: (typeof sectionTitles)[number]) => page.getByRole('region', { name: title, exact: true }),
  question: (page: Page, title: (typeof sectionTitles)[number], question: string | RegExp) =>
    ui.faqSection(page, title).getByRole('button', { name: question }),
} as const;

async function expectExpanded(trigger: Locator, expanded: boolean): Promise<void> {
  await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: uiTimeout }).toBe(String(expanded));
}

/** The link opens a new tab (rel noopener noreferrer) at `href`, which the browser is answered locally. */
async function expectOpensInNewTab(context: BrowserContext, page: Page, link: Locator, href: string): Promise<void> {
  expect(await link.getAttribute('href')).toBe(href);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  const opened = context.waitForEvent('page');
  await link.click();
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(href);
  // noopener: the new tab has no handle on the dashboard.
  expect(await tab.evaluate(() => window.opener === null)).toBe(true);
  await tab.close();
  await expectVisible(ui.heading(page));
}

const shared = shareOneServer({
  settings: {
    DOCS_URL: urls.documentation,
    DISCORD_URL: urls.discord,
    TELEGRAM_URL: urls.telegram,
    SUPPORT_URL: urls.support,
  },
});

for (const viewport of viewports) {
  describe(`support screen, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    const email = `support.${viewport.name}@example.com`;
    const password = 'aB3$tory';
    const story = setUpStory(shared, {
      viewport,
      account: { email, password },
      page: 'signed-in',
      prepareContext: (context) =>
        context.route('https://*.support-test.example/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>Elsewhere</p>' }),
        ),
      timeout: 60_000,
    });

    it('shows the four cards; on Free, Chat Support is disabled with its reason', async () => {
      await story.page.goto('/support');
      await expectVisible(ui.heading(story.page));
      await expectTitle(story.page, /^Support \| /);
      for (const name of ['Chat Support', 'Documentation', 'Discord', 'Telegram'] as const) await expectVisible(ui.card(story.page, name));
      await expectVisible(ui.card(story.page, 'Chat Support').getByText('Chat support is available for paid plans', { exact: true }));
      expect(await ui.startChat(story.page).isDisabled()).toBe(true);
      expect(await ui.startChatLink(story.page).count()).toBe(0);
      await story.page.waitForLoadState('networkidle');
      await expectNoOverflow(story.page, '/support');
      await screenshot(story.page, 'support-free');
      await expectNoViolations(story.page, '/support on Free', { soft: true });
    });

    it('opens Documentation, Discord and Telegram in a new tab', async () => {
      await expectOpensInNewTab(story.context, story.page, ui.cardLink(story.page, 'Documentation', 'Read the docs'), urls.documentation);
      await expectOpensInNewTab(story.context, story.page, ui.cardLink(story.page, 'Discord', 'Join Discord'), urls.discord);
      await expectOpensInNewTab(story.context, story.page, ui.cardLink(story.page, 'Telegram', 'Open Telegram'), urls.telegram);
    });

    it('has the seven FAQ sections; by keyboard, one answer opens at a time per section and closes again', async () => {
      const titles = await story.page.getByRole('heading', { level: 3 }).allTextContents();
      expect(titles.filter((title) => (sectionTitles as readonly string[]).includes(title))).toEqual([...sectionTitles]);

      const rateLimits = ui.question(story.page, 'Limits & Endpoints', 'What are the rate limits?');
      const credits = ui.question(story.page, 'Limits & Endpoints', 'How are credits counted?');
      await rateLimits.focus();
      await story.page.keyboard.press('Enter');
      await expectExpanded(rateLimits, true);
      await expectVisible(
        ui
          .faqSection(story.page, 'Limits & Endpoints')
          .getByText(/Free 10, Developer 50, Business 200, Professional 500 requests per second/),
      );
      // The arrow key moves to the next question; Space opens it and closes the first.
      await story.page.keyboard.press('ArrowDown');
      await expect.poll(() => credits.evaluate((element) => element === document.activeElement)).toBe(true);
      await story.page.keyboard.press(' ');
      await expectExpanded(credits, true);
      await expectExpanded(rateLimits, false);
      await expectVisible(ui.faqSection(story.page, 'Limits & Endpoints').getByText(/about 20 credits per standard call/));

      // Another section keeps its own open answer.
      const nonce = ui.question(story.page, 'Error Codes', /nonce too low/);
      await nonce.focus();
      await story.page.keyboard.press('Enter');
      await expectExpanded(nonce, true);
      await expectExpanded(credits, true);
      await expectVisible(ui.faqSection(story.page, 'Error Codes').getByText(/eth_getTransactionCount/));
      // The longest answers (a JSON body, a list) wrap on a phone.
      await ui.question(story.page, 'RPC', 'How do I call the RPC endpoint?').click();
      await expectVisible(ui.faqSection(story.page, 'RPC').getByText(/"jsonrpc":"2.0"/));
      await ui.question(story.page, 'Berachain RPC APIs', 'Which methods are supported?').click();
      await expectVisible(ui.faqSection(story.page, 'Berachain RPC APIs').getByRole('listitem').first());
      await expectNoOverflow(story.page, '/support with answers open');
      await screenshot(story.page, 'support-faq-open');
      await expectNoViolations(story.page, '/support with answers open', { soft: true });

      // Enter on the open question closes it (collapsible).
      await nonce.focus();
      await story.page.keyboard.press('Enter');
      await expectExpanded(nonce, false);
    });

    it('on a paid plan, Chat Support opens the configured support address in a new tab', async () => {
      const user = await findUserByEmail(story.server.app.db, email);
      const developer = await findPlanByName(story.server.app.db, 'Developer');
      if (!user || !developer) throw new Error('the test user or the Developer plan is missing');
      await setUserPlan(story.server.app.db, user.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      await story.page.goto('/support');
      await expectVisible(ui.startChatLink(story.page));
      expect(await ui.card(story.page, 'Chat Support').getByText('Chat support is available for paid plans').count()).toBe(0);
      await screenshot(story.page, 'support-paid');
      await expectNoViolations(story.page, '/support on Developer', { soft: true });
      await expectOpensInNewTab(story.context, story.page, ui.startChatLink(story.page), urls.support);
    });
  });
}
