import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withProductName } from '@server/http/spa-documents';
import { setUpStory, shareOneServer } from '../support/story';
import { viewports } from '../support/viewports';

const shared = shareOneServer();

/** The plumbing under every browser test: real server, real Chromium, built SPA, headers. */
describe('smoke: the built app in Chromium', () => {
  const story = setUpStory(shared, { viewport: viewports[0], page: 'signed-out' });
  /** The built index.html as the server sends it: with the configured product name written in. */
  let productName = '';
  const builtIndex = () => withProductName(readFileSync(join(process.cwd(), 'dist', 'index.html'), 'utf8'), productName);

  beforeAll(async () => {
    const { data, error } = await story.server.api.GET('/config');
    if (!data) throw new Error(`GET /api/config failed: ${JSON.stringify(error)}`);
    productName = data.productName;
  });

  it('answers /api/config with JSON the SPA can use', async () => {
    const page = await story.context.newPage();
    const response = await page.goto('/api/config');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^application\/json/);
    const { data, error } = await story.server.api.GET('/config');
    expect(error).toBeUndefined();
    expect(data?.productName).toEqual(expect.any(String));
    expect(await response?.json()).toEqual(data);
    await page.close();
  });

  it('serves the SPA at / with security headers', async () => {
    const page = await story.context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy'], 'Content-Security-Policy').toBeTruthy();
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Framing is denied by the old header or by CSP frame-ancestors (either stops clickjacking).
    const framingDenied =
      headers['x-frame-options']?.toUpperCase() === 'DENY' || /frame-ancestors\s+'none'/.test(headers['content-security-policy'] ?? '');
    expect(framingDenied, 'X-Frame-Options: DENY or CSP frame-ancestors none').toBe(true);
    expect(await response?.text()).toBe(builtIndex());
    await page.close();
  });

  it('falls back to index.html for a deep SPA path, but not for an unknown API path', async () => {
    const page = await story.context.newPage();
    const deep = await page.goto('/some/deep/path');
    expect(deep?.status()).toBe(200);
    expect(deep?.headers()['content-type']).toMatch(/^text\/html/);
    expect(await deep?.text()).toBe(builtIndex());

    const api = await page.goto('/api/no-such-operation');
    expect(api?.status()).toBe(404);
    expect(api?.headers()['content-type']).toMatch(/^application\/json/);
    await page.close();
  });

  it('renders the SPA without script errors or CSP violations', async () => {
    const page = await story.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
        problems.push(`console: ${message.text()}`);
      }
    });
    await page.goto('/some/deep/path', { waitUntil: 'networkidle' });
    // Something was drawn into the root element by React (the unknown path sends the user to /login).
    await page.waitForFunction(() => (document.body.innerText ?? '').trim().length > 0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
