import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProductName } from '@server/http/spa-documents';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The served pages name the product from their first paint, in a browser that never saw the
 * configuration: the server writes PRODUCT_NAME into index.html's <title> and its loading shell,
 * HTML-escaped. The dist here is the repository's own index.html (and a prerendered page built from it).
 */
const productName = `Acme <RPC> & "Co's" $& node`;
let distDir: string;
let server: TestApp;
let shell: string;

beforeAll(async () => {
  shell = await readFile(join(import.meta.dirname, '../../index.html'), 'utf8');
  distDir = await mkdtemp(join(tmpdir(), 'rpc-dashboard-named-'));
  await writeFile(join(distDir, 'index.html'), shell);
  await writeFile(join(distDir, 'login.html'), shell.replace('<div id="root"></div>', '<div id="root"><main>Log in</main></div>'));
  server = await startTestApp({ PRODUCT_NAME: productName }, { distDir });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

/** The five references an HTML text may hold here, read back as a browser reads them. */
const references: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decoded = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (reference) => references[reference] ?? reference);

/**
 * What a browser shows of the page before any script: its title and the loading shell's text
 * (test/e2e/screen-fit.test.ts looks at the same in Chromium).
 */
function firstPaint(html: string) {
  const title = /<title\b[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  const shell = /<div id="loading-shell"><p\b[^>]*>([^<]*)<\/p><\/div>/.exec(html)?.[1];
  return { title: title === undefined ? null : decoded(title), shell: shell === undefined ? null : decoded(shell) };
}

describe('the served index.html', () => {
  it.each(['/', '/settings', '/keys?x=1', '/index.html'])('%s names the product in its title and loading shell', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(firstPaint(response.body)).toEqual({ title: productName, shell: productName });
    // Escaped, not markup: no element or attribute comes from the name.
    expect(response.body).toContain('Acme &lt;RPC&gt; &amp; &quot;Co&#39;s&quot; $&amp; node');
    expect(response.body).not.toContain('<RPC>');
  });

  it('names it on a prerendered page too', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/login' });
    expect(response.body).toContain('<main>Log in</main>');
    expect(firstPaint(response.body).title).toBe(productName);
  });

  it('answers 304 to its own ETag, and another name makes another ETag', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/' });
    const etag = String(first.headers.etag);
    expect((await server.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const renamed = await startTestApp({ PRODUCT_NAME: 'Other RPC' }, { distDir });
    try {
      const other = await renamed.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
      expect(other.statusCode).toBe(200);
      expect(firstPaint(other.body)).toEqual({ title: 'Other RPC', shell: 'Other RPC' });
    } finally {
      await renamed.close();
    }
  });
});

describe('withProductName', () => {
  it('replaces the text of every element marked data-product-name, and nothing else', () => {
    const html = '<title data-product-name>Old</title><p class="x" data-product-name>Old</p><p>Old</p><span data-product-named>Old</span>';
    expect(withProductName(html, 'New & Co')).toBe(
      '<title data-product-name>New &amp; Co</title><p class="x" data-product-name>New &amp; Co</p><p>Old</p><span data-product-named>Old</span>',
    );
  });
});
