import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import Provider, { interactionPolicy } from 'oidc-provider';
import type { JsonWebKey } from 'node:crypto';
import { createMemoryStore, type MemoryStore } from '@server/google/memory-adapter';
import { pageContentSecurityPolicy, renderProblemPage } from '@server/google/interaction-page';
import { issuerPath } from '@server/google/issuer-request';

export interface LocalProviderSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: URL;
  /** Where the problem page sends the user back to (the SPA's /login). */
  backUrl: string;
  /** Where the provider keeps interactions, sessions and codes; a bounded store in memory by default. */
  store?: MemoryStore;
}

/** A fresh signing key per start: nothing on disk, and no id_token outlives the process anyway. */
async function generateSigningKey(): Promise<JsonWebKey> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' };
}

/**
 * The development OpenID provider that stands in for Google: any e-mail typed on its page signs
 * in, verified. It speaks real OpenID Connect, so the app's client code is the one used with
 * Google. Tokens carry the e-mail in the id_token as Google's do.
 */
export async function createLocalProvider(settings: LocalProviderSettings): Promise<Provider> {
  const policy = interactionPolicy.base();
  // Google's account chooser is asked for with prompt=select_account; the same prompt opens
  // this provider's page even when it still has a session, so each sign-in picks an address.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(settings.issuer.href.replace(/\/$/, ''), {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [settings.redirectUri.href],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [await generateSigningKey()] },
    adapter: (settings.store ?? createMemoryStore()).adapter,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Google puts email and email_verified in the id_token; so must we.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: async (_ctx, interaction) => `${issuerPath(settings.issuer)}/interaction/${interaction.uid}`,
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    renderError: async (ctx, out) => {
      ctx.set('content-security-policy', pageContentSecurityPolicy);
      ctx.type = 'html';
      ctx.body = renderProblemPage(out.error_description ?? out.error, settings.backUrl);
    },
  });
  return provider;
}
