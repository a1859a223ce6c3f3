/**
 * The support screen as a user meets it, in real Chromium against the real server: the four cards
 * (Chat Support disabled with SPEC.md's text on Free, opening the configured support address on a
 * paid plan; Documentation, Discord and Telegram in a new tab), the FAQ's seven sections driven by
 * keyboard (one answer open at a time per section, closing again) with the plan figures of the
 * server's plan table, no horizontal scrolling, and axe-core with answers open. Run at 1280×800 and
 * 390×844, each with its own server. Screenshots land in screenshots/.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { wcagViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { expectTitle, expectVisible, horizontalOverflow, logIn, openContext, uiTimeout } from '../support/page';
import { screenshot } from '../support/screenshots';
import { startServer, type RunningServer } from '../support/server';
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

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect.soft(await wcagViolations(page), `WCAG 2.1 AA violations on ${where}`).toEqual([]);
}

async function expectExpanded(trigger: Locator, expanded: boolean): Promise<void> {
  await expect.poll(() => trigger.getAttribute('aria-expanded'), { timeout: uiTimeout }).toBe(String(expanded));
}

async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  expect(await horizontalOverflow(page), `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
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

for (const viewport of viewports) {
  describe(`support screen, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const email = `support.${viewport.name}@example.com`;
    const password = 'aB3$tory';

    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startServer({
          DOCS_URL: urls.documentation,
          DISCORD_URL: urls.discord,
          TELEGRAM_URL: urls.telegram,
          SUPPORT_URL: urls.support,
        }),
        launchBrowser(),
      ]);
      const registered = await server.api.POST('/auth/register', { body: { email, password } });
      expect(registered.error).toBeUndefined();
      context = await openContext(browser, server.url, viewport);
      await context.route('https://*.support-test.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>Elsewhere</p>' }),
      );
      page = await context.newPage();
      await logIn(page, email, password);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('shows the four cards; on Free, Chat Support is disabled with its reason', async () => {
      await page.goto('/support');
      await expectVisible(ui.heading(page));
      await expectTitle(page, /^Support \| /);
      for (const name of ['Chat Support', 'Documentation', 'Discord', 'Telegram'] as const) await expectVisible(ui.card(page, name));
      await expectVisible(ui.card(page, 'Chat Support').getByText('Chat support is available for paid plans', { exact: true }));
      expect(await ui.startChat(page).isDisabled()).toBe(true);
      expect(await ui.startChatLink(page).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page, '/support');
      await screenshot(page, 'support-free');
      await expectNoViolations(page, '/support on Free');
    });

    it('opens Documentation, Discord and Telegram in a new tab', async () => {
      await expectOpensInNewTab(context, page, ui.cardLink(page, 'Documentation', 'Read the docs'), urls.documentation);
      await expectOpensInNewTab(context, page, ui.cardLink(page, 'Discord', 'Join Discord'), urls.discord);
      await expectOpensInNewTab(context, page, ui.cardLink(page, 'Telegram', 'Open Telegram'), urls.telegram);
    });

    it('has the seven FAQ sections; by keyboard, one answer opens at a time per section and closes again', async () => {
      const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
      expect(titles.filter((title) => (sectionTitles as readonly string[]).includes(title))).toEqual([...sectionTitles]);

      const rateLimits = ui.question(page, 'Limits & Endpoints', 'What are the rate limits?');
      const credits = ui.question(page, 'Limits & Endpoints', 'How are credits counted?');
      await rateLimits.focus();
      await page.keyboard.press('Enter');
      await expectExpanded(rateLimits, true);
      await expectVisible(
        ui.faqSection(page, 'Limits & Endpoints').getByText(/Free 10, Developer 50, Business 200, Professional 500 requests per second/),
      );
      // The arrow key moves to the next question; Space opens it and closes the first.
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => credits.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press(' ');
      await expectExpanded(credits, true);
      await expectExpanded(rateLimits, false);
      await expectVisible(ui.faqSection(page, 'Limits & Endpoints').getByText(/about 20 credits per standard call/));

      // Another section keeps its own open answer.
      const nonce = ui.question(page, 'Error Codes', /nonce too low/);
      await nonce.focus();
      await page.keyboard.press('Enter');
      await expectExpanded(nonce, true);
      await expectExpanded(credits, true);
      await expectVisible(ui.faqSection(page, 'Error Codes').getByText(/eth_getTransactionCount/));
      // The longest answers (a JSON body, a list) wrap on a phone.
      await ui.question(page, 'RPC', 'How do I call the RPC endpoint?').click();
      await expectVisible(ui.faqSection(page, 'RPC').getByText(/"jsonrpc":"2.0"/));
      await ui.question(page, 'Berachain RPC APIs', 'Which methods are supported?').click();
      await expectVisible(ui.faqSection(page, 'Berachain RPC APIs').getByRole('listitem').first());
      await expectNoHorizontalScroll(page, '/support with answers open');
      await screenshot(page, 'support-faq-open');
      await expectNoViolations(page, '/support with answers open');

      // Enter on the open question closes it (collapsible).
      await nonce.focus();
      await page.keyboard.press('Enter');
      await expectExpanded(nonce, false);
    });

    it('on a paid plan, Chat Support opens the configured support address in a new tab', async () => {
      const user = await findUserByEmail(server.app.db, email);
      const developer = await findPlanByName(server.app.db, 'Developer');
      if (!user || !developer) throw new Error('the test user or the Developer plan is missing');
      await setUserPlan(server.app.db, user.id, { planId: developer.id, frequency: 'MONTHLY', now: new Date() });
      await page.goto('/support');
      await expectVisible(ui.startChatLink(page));
      expect(await ui.card(page, 'Chat Support').getByText('Chat support is available for paid plans').count()).toBe(0);
      await screenshot(page, 'support-paid');
      await expectNoViolations(page, '/support on Developer');
      await expectOpensInNewTab(context, page, ui.startChatLink(page), urls.support);
    });
  });
}
