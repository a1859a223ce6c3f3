import { AuthorizationResponseError, ClientError, ResponseBodyError } from 'openid-client';

/** A sign-in failure whose message is safe to show to the user as it is. */
export class GoogleSignInError extends Error {
  override name = 'GoogleSignInError';
}

export const signInMessages = {
  notConfigured: 'Sign-in with Google is not configured on this server.',
  cancelled: 'Sign-in was cancelled.',
  unverifiedEmail: 'Google did not confirm this e-mail address.',
  expired: 'This sign-in attempt has expired. Please try again.',
  notVerified: 'Sign-in could not be verified. Please try again.',
  refused: 'Google could not complete the sign-in. Please try again.',
  unavailable: 'Sign-in with Google is unavailable right now. Please try again later.',
} as const;

/**
 * Maps what openid-client throws to a message for the user. The original error stays in `cause`
 * so the server log keeps the detail that the user must not see.
 */
export function toSignInError(error: unknown): GoogleSignInError {
  if (error instanceof GoogleSignInError) return error;
  const options = { cause: error };
  if (error instanceof AuthorizationResponseError) {
    return new GoogleSignInError(error.error === 'access_denied' ? signInMessages.cancelled : signInMessages.refused, options);
  }
  // Token endpoint refusals (a reused or expired code is invalid_grant) and failed checks of
  // state, nonce, issuer or signature: the callback cannot be trusted.
  if (error instanceof ResponseBodyError || error instanceof ClientError) {
    return new GoogleSignInError(signInMessages.notVerified, options);
  }
  return new GoogleSignInError(signInMessages.unavailable, options);
}
