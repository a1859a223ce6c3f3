import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { registerInteractionRoutes } from '@server/google/interaction-routes';
import { asIssuerRequest, forgetProviderSession, setProviderSecurityHeaders } from '@server/google/issuer-request';

export interface MountSettings {
  provider: Provider;
  /** Where the Fastify app serves the provider: /api/oidc (PUBLIC_URL's own path is not seen here). */
  routePrefix: string;
  clientId: string;
  issuer: URL;
  backUrl: string;
}

/**
 * Serves oidc-provider (a Koa app) from the Fastify app under `routePrefix`. The routes live
 * in their own plugin scope whose only content-type parser leaves the body stream unread:
 * oidc-provider reads its form posts (token endpoint) itself, and the chooser page reads its own.
 */
export async function mountLocalProvider(app: FastifyInstance, settings: MountSettings): Promise<void> {
  const { provider, issuer, routePrefix } = settings;
  provider.proxy = true; // see asIssuerRequest: Host and protocol are set to the issuer's
  const handle = provider.callback();
  const sessionCookie = provider.cookieName('session');

  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    registerInteractionRoutes(scope, settings);

    scope.all(`${routePrefix}/*`, async (request, reply) => {
      reply.hijack();
      asIssuerRequest(request.raw, issuer, routePrefix);
      if (/^\/auth(\/|$)/.test(new URL(request.raw.url ?? '/', issuer).pathname)) {
        forgetProviderSession(request.raw, sessionCookie);
      }
      setProviderSecurityHeaders(reply.raw);
      try {
        await handle(request.raw, reply.raw);
      } catch (error) {
        // oidc-provider answers its own errors; this is a crash inside it.
        request.log.error({ err: error }, 'local OpenID provider failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500);
        reply.raw.end();
      }
    });
    done();
  });
}
