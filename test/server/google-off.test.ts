import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createGoogleSignIn, GoogleSignInError } from '@server/google';

const discoveryPath = '/api/oidc/.well-known/openid-configuration';

describe('Google sign-in without the local stand-in', () => {
  it('is off in production without credentials, and mounts no OpenID provider', async () => {
    const app = Fastify();
    const signIn = await createGoogleSignIn(app, {
      mode: 'production',
      publicUrl: 'https://dashboard.example.com',
      googleClientId: null,
      googleClientSecret: null,
    });
    expect(signIn.kind).toBe('off');
    await expect(signIn.begin()).rejects.toBeInstanceOf(GoogleSignInError);
    await expect(signIn.begin()).rejects.toThrow('Sign-in with Google is not configured on this server.');
    await expect(signIn.finish(new URL('https://dashboard.example.com/api/auth/google/callback?code=x'), 'x')).rejects.toThrow(
      'Sign-in with Google is not configured on this server.',
    );
    expect((await app.inject({ method: 'GET', url: discoveryPath })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/oidc/auth?client_id=rpc-dashboard-local' })).statusCode).toBe(404);
    await app.close();
  });

  it.each(['local', 'production'] as const)('talks to Google, and mounts nothing, when credentials are set (%s mode)', async (mode) => {
    const app = Fastify();
    // No network here: creating it must not contact Google (discovery waits for the first begin()).
    const signIn = await createGoogleSignIn(app, {
      mode,
      publicUrl: 'https://dashboard.example.com',
      googleClientId: 'client-id.apps.googleusercontent.com',
      googleClientSecret: 'client-secret',
    });
    expect(signIn.kind).toBe('google');
    expect((await app.inject({ method: 'GET', url: discoveryPath })).statusCode).toBe(404);
    await app.close();
  });
});
