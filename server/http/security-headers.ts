import type { FastifyInstance } from 'fastify';

/**
 * For the Vite-built SPA served from this origin: scripts only from our files (no inline script),
 * styles inline too because Chakra/emotion inject <style> tags at run time, no framing at all.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers a route may set its own value of: it keeps it (e.g. the development OpenID provider's pages). */
const ownValueAllowed = new Set(['content-security-policy', 'cache-control']);

/** The headers every answer of this origin carries, for answers written without Fastify's reply too. */
export function securityHeaders(url: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Reset links carry their token in the path: never send it to another site as a referrer.
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    // API answers carry tokens and personal data: no browser or proxy keeps them.
    ...(url.startsWith('/api/') ? { 'cache-control': 'no-store' } : {}),
  };
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(securityHeaders(request.url))) {
      if (!ownValueAllowed.has(name) || !reply.hasHeader(name)) reply.header(name, value);
    }
  });
}
