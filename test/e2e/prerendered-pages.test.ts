/**
 * The public entry screens come prerendered (server/spa-prerender/): the server answers their path
 * with the screen's HTML, the browser paints it before any JavaScript runs, then React hydrates it.
 * Checked in real Chromium against the real server and the built dist/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { prerenderedPages } from '@server/spa-prerender/pages';
import { expectPath, uiTimeout } from '../support/page';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

interface Screen {
  heading: string;
  /** Set by the screen when it runs (index.html's title until then). */
  title: string;
  /** Its lazy chunk in dist/assets/. */
  chunk: string;
}

const screens: Record<string, Screen> = {
  '/login': { heading: 'Log in', title: 'Log in', chunk: 'login-page' },
  '/signup': { heading: 'Create your account', title: 'Sign up', chunk: 'signup-page' },
  '/forgot-password': { heading: 'Forgot password', title: 'Forgot password', chunk: 'forgot-password-page' },
};

function screenAt(path: string): Screen {
  const screen = screens[path];
  if (!screen) throw new Error(`no screen listed for the prerendered page ${path}`);
  return screen;
}

/** Console errors and uncaught errors (React reports a hydration mismatch as one of them). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  return problems;
}

/** Holds back a screen's lazy chunk, so the test acts before that screen is hydrated. */
async function holdChunk(page: Page, chunk: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A field label, tolerating a trailing required-marker asterisk. */
const label = (words: string) => new RegExp(`^${words}\\s*\\*?$`, 'i');

const shared = shareOneServer();

describe('prerendered entry screens', () => {
  const story = setUpStory(shared, { viewport: viewports[0] });

  /** A page in a fresh profile (no stored session), closed with its profile at the end of `use`. */
  async function withFreshPage(use: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
    const page = await story.newPage();
    try {
      await use(page, collectProblems(page));
    } finally {
      await page.context().close();
    }
  }

  it('knows every prerendered page', () => {
    expect(Object.keys(screens).sort()).toEqual(prerenderedPages.map((page) => page.path).sort());
  });

  it.each(prerenderedPages.map((page) => page.path))('answers %s with the screen in the HTML, and the SPA headers', async (path) => {
    const [page, shell] = await Promise.all([fetch(`${story.server.url}${path}?from=%2Fkeys`), fetch(`${story.server.url}/no-such-page`)]);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const header of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'cache-control']) {
      expect(page.headers.get(header), header).toBe(shell.headers.get(header));
    }
    const html = await page.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`>${screenAt(path).heading}</h1>`);
    // Styled without JavaScript: Emotion's rules travel inline; no inline script (the CSP forbids them).
    expect(root).toMatch(/<style data-emotion="css[- ]/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it.each(prerenderedPages.map((page) => page.path))('hydrates %s without errors, keeping the server markup', async (path) => {
    await withFreshPage(async (page, problems) => {
      const { heading, title, chunk } = screenAt(path);
      const release = await holdChunk(page, chunk);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const painted = await page.getByRole('heading', { level: 1, name: heading }).elementHandle();
      release();
      // The screen sets the page title once it runs: it is hydrated.
      await page.waitForFunction((expected) => document.title.startsWith(expected), title, { timeout: uiTimeout });
      await page.waitForLoadState('networkidle');
      // Hydration adopts the painted elements; a client render would have replaced them.
      expect(await painted?.evaluate((element) => element.isConnected)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  it('keeps what the user typed before the screen was hydrated, and logs in with it', async () => {
    const account = { email: 'early.typist@example.com', password: 'Early$Pass1' };
    const registered = await story.server.api.POST('/auth/register', { body: account });
    expect(registered.error).toBeUndefined();

    await withFreshPage(async (page, problems) => {
      const release = await holdChunk(page, screenAt('/login').chunk);
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      const email = page.getByLabel(label('email'));
      const password = page.getByLabel(label('password'));
      const logIn = page.getByRole('button', { name: 'Log in', exact: true });
      await email.fill(account.email);
      await password.fill(account.password.slice(0, -1));
      expect(await logIn.isDisabled()).toBe(true);

      release();
      // Enabled once React holds both values (the rule: both fields filled).
      await page.getByRole('button', { name: 'Log in', exact: true, disabled: false }).waitFor({ timeout: uiTimeout });
      // Typing on after hydration goes on from what was there; the other field keeps its text.
      await password.press('End');
      await password.pressSequentially(account.password.slice(-1));
      expect(await email.inputValue()).toBe(account.email);
      expect(await password.inputValue()).toBe(account.password);

      await logIn.click();
      await expectPath(page, '/');
      expect(problems).toEqual([]);
    });
  });

  it('renders /login afresh for a visitor with a stored session, who is sent on to /', async () => {
    const account = { email: 'returning@example.com', password: 'Return$Pass1' };
    await story.server.api.POST('/auth/register', { body: account });
    const login = await story.server.api.POST('/auth/login', { body: account });
    const token = login.data?.access_token;
    expect(token).toEqual(expect.any(String));

    await withFreshPage(async (page, problems) => {
      await page.addInitScript((value) => localStorage.setItem('token', value), token ?? '');
      await page.goto('/login');
      await expectPath(page, '/');
      expect(problems).toEqual([]);
    });
  });
});
