import type { FastifyInstance } from 'fastify';

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
    // The default parser answers through `done`; `void` because its type also lists a promise-returning form.
    void parseJson(request, text, done);
  });
}
