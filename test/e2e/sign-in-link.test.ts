/**
 * Login CSRF, in real Chromium against the real server: a link carrying someone's session token
 * (/auth/callback?token=… or /?token=…) must not sign the visitor into that account unless this
 * browser started the sign-in; the `error` a link carries is shown as one bounded line of text.
 * Run at 1280×800 and 390×844; the long-error screen lands in screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle, expectVisible } from '../support/page';
import { screenshot } from '../support/screenshots';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

/** SPEC.md §8, word for word. */
const noTokenReceived = 'Authentication failed: No token received';

/** Markup, a NUL, a line break and a right-to-left override, far past the 200 characters shown. */
const craftedError = `<b>Your account is locked.</b>\u0000 Call +1 555 0100\u202e\n${'A very long story. '.repeat(40)}`;
const shownCraftedError = `Authentication error: <b>Your account is locked.</b> Call +1 555 0100 ${'A very long story. '.repeat(7)}A very long story.…`;

const shared = shareOneServer();

for (const viewport of viewports) {
  describe(`a sign-in link, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    /** The link maker's own account; story.token is a valid session of it. */
    const linkMaker = { email: `link.maker.${viewport.name}@example.com`, password: 'Maker$Pass1' };
    const story = setUpStory(shared, { viewport, account: linkMaker, apiToken: true });
    const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

    it.each([['/auth/callback?token='], ['/?token=']])(
      '%s<someone else’s session> in a browser that started no sign-in signs nobody in',
      async (prefix) => {
        const page = await story.newPage();
        await page.goto(`${prefix}${encodeURIComponent(story.token)}`);
        await expectVisible(page.getByText(noTokenReceived, { exact: true }));
        // The token left the address bar at once; it was never stored.
        expect(new URL(page.url()).search).not.toContain('token');
        expect(await storedToken(page)).toBeNull();
        await expectPath(page, '/login', 8_000);
        expect(await storedToken(page)).toBeNull();
        await page.goto('/');
        await expectPath(page, '/login');
        await page.context().close();
      },
    );

    it('uses a token in the query for a sign-in this browser started with the Google button', async () => {
      const page = await story.newPage();
      await page.goto('/login');
      await expectTitle(page, /^Log in \|/); // hydrated: the button's click handler is there
      await page.getByRole('link', { name: 'Sign in with Google', exact: true }).click();
      await expectPath(page, /^\/api\/oidc\//);
      // A server that hands the session over in the query (SPEC.md's first shape) answers now.
      await page.goto(`/auth/callback?token=${encodeURIComponent(story.token)}`);
      await expectPath(page, '/');
      expect(await storedToken(page)).toBe(story.token);
      // Single use: the same link a second time, after logging out, signs nobody in.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(`/auth/callback?token=${encodeURIComponent(story.token)}`);
      await expectVisible(page.getByText(noTokenReceived, { exact: true }));
      await expectPath(page, '/login', 8_000);
      expect(await storedToken(page)).toBeNull();
      await page.context().close();
    });

    it('shows the error a link carries as one bounded line of text', async () => {
      const page = await story.newPage();
      await page.goto(`/auth/callback?error=${encodeURIComponent(craftedError)}`);
      const alert = page.getByRole('alert');
      await expectVisible(alert);
      expect(await alert.innerText()).toBe(shownCraftedError);
      expect(await alert.locator('b').count()).toBe(0);
      // It wraps inside the page: nothing sticks out sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'auth-callback-long-error');
      await expectPath(page, '/login', 8_000);
      await page.context().close();
    });

    it('wraps an error of one long word inside the page', async () => {
      const page = await story.newPage();
      await page.goto(`/auth/callback?error=${'x'.repeat(500)}`);
      const alert = page.getByRole('alert');
      await expectVisible(alert);
      expect(await alert.innerText()).toBe(`Authentication error: ${'x'.repeat(199)}…`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await alert.boundingBox();
      expect((box?.x ?? -1) + (box?.width ?? Infinity)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, 'auth-callback-long-word-error');
      await page.context().close();
    });
  });
}
