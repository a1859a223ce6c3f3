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

/**
 * With PUBLIC_URL on https (production behind TLS): browsers that saw it keep to https for this
 * long (RFC 6797), so no later visit starts over plain http where a session could be read. Not
 * over http, where it means nothing, nor for subdomains, which may be someone else's to serve.
 */
export const strictTransportSecurity = 'max-age=31536000';

/** Strict-Transport-Security when PUBLIC_URL is https, else nothing. */
export function transportSecurityHeaders(publicUrl: string): Record<string, string> {
  return publicUrl.startsWith('https:') ? { 'strict-transport-security': strictTransportSecurity } : {};
}

export function installSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const transport = transportSecurityHeaders(publicUrl);
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries({ ...securityHeaders(request.url), ...transport })) {
      if (!ownValueAllowed.has(name) || !reply.hasHeader(name)) reply.header(name, value);
    }
  });
}
