import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The body exactly as received (JSON requests): a webhook's signature is computed over these
     * bytes, not over a re-serialisation of the parsed document.
     */
    rawBody?: string;
  }
}

/**
 * Fastify's JSON parser (prototype-poisoning safe), except that an empty body counts as no body:
 * clients such as the SPA's logout send `Content-Type: application/json` with nothing after it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    request.rawBody = text;
    // The default parser answers through `done`; `void` because its type also lists a promise-returning form.
    void parseJson(request, text, done);
  });
}

/** The local test-mode pages post small forms (a card, a plan switch): bigger is not ours. */
const formLimitBytes = 8 * 1024;

/**
 * application/x-www-form-urlencoded into an object of strings (a repeated field keeps its last
 * value); the route's schema then refuses unknown or missing fields as it does for JSON.
 */
export function installFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: formLimitBytes },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}
