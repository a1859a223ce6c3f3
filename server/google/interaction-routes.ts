import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { FormTooLargeError, readFormBody } from '@server/google/form-body';
import { renderChooserPage, renderProblemPage } from '@server/google/interaction-page';
import { asIssuerRequest, issuerPath, setProviderSecurityHeaders } from '@server/google/issuer-request';

export interface InteractionRouteSettings {
  provider: Provider;
  clientId: string;
  issuer: URL;
  routePrefix: string;
  backUrl: string;
}

/** The same rule as the API's `format: email` (ajv-formats), so the address is usable there. */
const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

const expiredMessage = 'This sign-in page has expired. Go back to the app and start again.';

function sendHtml(response: ServerResponse, status: number, html: string): void {
  setProviderSecurityHeaders(response);
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(html),
  });
  response.end(html);
}

function paramsOf(request: FastifyRequest): { uid: string } | undefined {
  const { params } = request;
  if (typeof params === 'object' && params !== null && 'uid' in params && typeof params.uid === 'string') {
    return { uid: params.uid };
  }
  return undefined;
}

/**
 * The provider's login page: a development account chooser. GET shows the form; POST signs in
 * as the typed address and grants the requested scopes at once (a first-party client, so no
 * consent screen), or cancels as a user who closes Google's chooser would (access_denied).
 */
export function registerInteractionRoutes(scope: FastifyInstance, settings: InteractionRouteSettings): void {
  const { provider, issuer, routePrefix, backUrl } = settings;
  const path = `${routePrefix}/interaction/:uid`;

  async function loadInteraction(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    reply.hijack();
    asIssuerRequest(request.raw, issuer, routePrefix);
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === paramsOf(request)?.uid) return interaction;
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    sendHtml(reply.raw, 400, renderProblemPage(expiredMessage, backUrl));
    return undefined;
  }

  const actionOf = (interaction: Interaction) => `${issuerPath(issuer)}/interaction/${encodeURIComponent(interaction.uid)}`;

  /** The reply is hijacked, so Fastify's error handler cannot answer for us: do it here. */
  function guarded(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      try {
        await handler(request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'development sign-in page failed');
        if (!reply.raw.headersSent) {
          sendHtml(reply.raw, 500, renderProblemPage('The development sign-in failed. Please try again.', backUrl));
        } else {
          reply.raw.end();
        }
      }
    };
  }

  scope.get(
    path,
    guarded(async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (interaction === undefined) return;
      const hint = interaction.params.login_hint;
      sendHtml(reply.raw, 200, renderChooserPage({ action: actionOf(interaction), email: typeof hint === 'string' ? hint : '' }));
    }),
  );

  scope.post(
    path,
    guarded(async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (interaction === undefined) return;
      let form: URLSearchParams;
      try {
        form = await readFormBody(request.raw);
      } catch (error) {
        if (!(error instanceof FormTooLargeError)) throw error;
        sendHtml(reply.raw, 413, renderProblemPage('The form was too large.', backUrl));
        return;
      }

      if (form.get('action') === 'cancel') {
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }

      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (email.length > 254 || !emailPattern.test(email)) {
        sendHtml(reply.raw, 400, renderChooserPage({ action: actionOf(interaction), email, error: 'Enter a valid e-mail address.' }));
        return;
      }

      const grant = new provider.Grant({ accountId: email, clientId: settings.clientId });
      const requestedScope = interaction.params.scope;
      grant.addOIDCScope(typeof requestedScope === 'string' ? requestedScope : 'openid email');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { select_account: {}, login: { accountId: email }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    }),
  );
}
