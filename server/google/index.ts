import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@server/config';
import { GoogleSignInError, signInMessages } from '@server/google/errors';
import { createOidcSignIn } from '@server/google/oidc-client';
import { paths } from '@/domain/paths';

export { GoogleSignInError } from '@server/google/errors';

export interface GoogleSignIn {
  /** 'google' with real credentials; 'local' = the mounted development OpenID provider; 'off' = not configured. */
  readonly kind: 'google' | 'local' | 'off';
  /** URL to send the browser to, and an opaque value the caller keeps in a short-lived httpOnly cookie. */
  begin(): Promise<{ url: string; pending: string }>;
  /** Verifies the callback; resolves the verified e-mail or throws GoogleSignInError (message safe to show). */
  finish(callbackUrl: URL, pending: string): Promise<{ email: string }>;
}

export type GoogleSignInConfig = Pick<Config, 'mode' | 'publicUrl' | 'googleClientId' | 'googleClientSecret'>;

export const googleIssuer = new URL('https://accounts.google.com');
/** Where the local provider lives, under the API prefix. */
export const localProviderPath = '/api/oidc';
export const callbackPath = '/api/auth/google/callback';
const localClientId = 'rpc-dashboard-local';

const off: GoogleSignIn = {
  kind: 'off',
  begin: () => Promise.reject(new GoogleSignInError(signInMessages.notConfigured)),
  finish: () => Promise.reject(new GoogleSignInError(signInMessages.notConfigured)),
};

/**
 * Google when credentials are configured; otherwise, in local mode only, an OpenID provider
 * mounted on this app at /api/oidc that stands in for Google. Production without credentials is
 * 'off': nothing is mounted. Must be called before the app listens (it registers routes), and
 * talks to no issuer until the first begin().
 */
export async function createGoogleSignIn(app: FastifyInstance, config: GoogleSignInConfig): Promise<GoogleSignIn> {
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const redirectUri = new URL(`${publicUrl}${callbackPath}`);

  if (config.googleClientId !== null && config.googleClientSecret !== null) {
    const client = createOidcSignIn(
      {
        issuer: googleIssuer,
        clientId: config.googleClientId,
        clientSecret: config.googleClientSecret,
        redirectUri,
      },
      app.log,
    );
    return { kind: 'google', begin: client.begin, finish: client.finish };
  }

  if (config.mode !== 'local') return off;

  const issuer = new URL(`${publicUrl}${localProviderPath}`);
  const clientSecret = randomBytes(32).toString('base64url');
  const backUrl = `${publicUrl}${paths.login}`;
  // Loaded only here: production never even imports the development provider.
  const { createLocalProvider } = await import('@server/google/local-provider');
  const { mountLocalProvider } = await import('@server/google/mount-provider');
  const provider = await createLocalProvider({ issuer, clientId: localClientId, clientSecret, redirectUri, backUrl });
  await mountLocalProvider(app, { provider, routePrefix: localProviderPath, clientId: localClientId, issuer, backUrl });
  const client = createOidcSignIn({ issuer, clientId: localClientId, clientSecret, redirectUri }, app.log);
  return { kind: 'local', begin: client.begin, finish: client.finish };
}
