import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import escapeHtml from 'escape-html';
import { prerenderedPages } from '@server/spa-prerender/pages';

interface HtmlDocument {
  mtimeMs: number;
  etag: string;
  body: Buffer;
}

/**
 * An element of index.html whose text is the product name (`<title data-product-name>`, the loading
 * shell's brand): its text, whatever the build wrote, becomes the configured name.
 */
const productNameElement = /(<([a-z][a-z0-9]*)\b[^>]*\sdata-product-name\b[^>]*>)[^<]*(<\/\2>)/g;

/**
 * The document with the configured product name (PRODUCT_NAME) written in, HTML-escaped, so the
 * very first paint names the product, before any JavaScript or GET /config, in a browser that
 * never saw it.
 */
export function withProductName(html: string, productName: string): string {
  const text = escapeHtml(productName);
  // A replacer function: a replacement string would treat `$&`, `$'`... in the name as patterns.
  return html.replace(productNameElement, (_element, open: string, _tag: string, close: string) => `${open}${text}${close}`);
}

/**
 * The SPA's HTML documents for its routes: the prerendered page of a path (GET /login → login.html,
 * the screen's markup, painted before the JavaScript runs, then hydrated) or else index.html (GET /
 * too), each with the product name written in (withProductName).
 *
 * They are answered from memory: the first paint waits for them, and a streamed file costs several
 * trips through the event loop and the file-system thread pool per page view. A document is read
 * again when its file changes (a rebuild while the server runs). A weak ETag lets the browser
 * revalidate them (they are sent with no-cache: a new build changes the asset names inside).
 */
export function spaDocuments(distDir: string, productName: string) {
  // Decided once: the build writes every page (server/spa-prerender/) or, for an older dist/, none.
  const pageFiles = new Map(prerenderedPages.filter((page) => existsSync(join(distDir, page.file))).map((page) => [page.path, page.file]));
  const cache = new Map<string, HtmlDocument>();
  // The name is in the body: a browser's copy under another name must not be revalidated as current.
  const nameTag = createHash('sha256').update(productName).digest('hex').slice(0, 8);

  function read(file: string): HtmlDocument {
    const path = join(distDir, file);
    const { mtimeMs, size } = statSync(path);
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached;
    const document = {
      mtimeMs,
      etag: `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}-${nameTag}"`,
      body: Buffer.from(withProductName(readFileSync(path, 'utf8'), productName)),
    };
    cache.set(file, document);
    return document;
  }

  return {
    /** Answers the document for the request's path (its query plays no part). */
    send(request: FastifyRequest, reply: FastifyReply) {
      const { etag, body } = read(pageFiles.get(request.url.split('?')[0] ?? '') ?? 'index.html');
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(body);
    },
  };
}
