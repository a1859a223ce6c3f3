import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '@server/http/api-prefix';
import { envelope } from '@server/http/errors';
import { spaDocuments } from '@server/http/spa-documents';

function isApiPath(url: string): boolean {
  return url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);
}

/** A route of the SPA (/reset-password/abc) rather than a missing file (/assets/x.js, /favicon.ico). */
function looksLikeSpaRoute(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** The HTML documents (/, /index.html, /login.html...) are never sent as files: they carry the product name. */
function isHtmlDocument(pathname: string): boolean {
  return pathname === '/' || pathname.endsWith('.html');
}

/**
 * Serves the built SPA from distDir (when it exists) with history fallback: GET / and an unknown GET
 * outside /api answer its prerendered page or else index.html (spa-documents.ts), with the product
 * name written in, so the client router takes over; anything else answers a JSON 404.
 */
export async function installSpa(app: FastifyInstance, distDir: string | null, productName: string): Promise<void> {
  const hasSpa = distDir !== null && existsSync(join(distDir, 'index.html'));
  const documents = hasSpa ? spaDocuments(distDir, productName) : null;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      cacheControl: false,
      allowedPath: (pathname) => !isHtmlDocument(pathname),
      setHeaders: (reply, path) => {
        // Vite fingerprints files under assets/: they never change. index.html must be revalidated.
        const immutable = path.includes(`${sep}assets${sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const isIndexFile = (request.url.split('?')[0] ?? '') === '/index.html';
    if (documents && isPageRequest && !isApiPath(request.url) && (looksLikeSpaRoute(request.url) || isIndexFile)) {
      return documents.send(request, reply);
    }
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    const message = isApiPath(request.url)
      ? `No operation ${request.method} ${path}`
      : hasSpa
        ? `Not found: ${path}`
        : 'The dashboard is not built on this server: run `npm run build`, or use `npm start`, which builds it.';
    return reply.code(404).send(envelope(404, message));
  });
}
