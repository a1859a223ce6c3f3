/**
 * The error catalogue of SPEC.md §8 for the account screens, word for word, as pure functions of a
 * normalised failure. The API client turns every failed call into an `ApiFailure`; these decide
 * what the user reads.
 */

/** A failed call: the HTTP status (null when no response came back) and the server's message, if any. */
export interface ApiFailure {
  status: number | null;
  message?: string | string[];
}

export const BAD_CREDENTIALS = 'Bad credentials, please try again.';
export const INVALID_LOGIN_FORMAT = 'Invalid email or password format. Please check your input.';
export const NO_RESPONSE = 'No response from server. Please check your internet connection and try again.';
export const INVALID_LOGIN_RESPONSE = 'Invalid response from server';
export const LOGIN_FALLBACK = 'Authentication failed. Please try again.';
export const LOGIN_SCREEN_SERVER_ERROR = 'Invalid email or password. Please check your credentials and try again.';

export const NO_TOKEN_FOUND = 'No authentication token found';
export const SESSION_EXPIRED = 'Session expired. Please log in again.';
export const CURRENT_USER_FALLBACK = 'Failed to fetch user data';

export const REGISTRATION_FALLBACK = 'Registration failed. Please try again.';
export const FORGOT_PASSWORD_FALLBACK = 'Failed to send password reset request. Please try again.';
export const RESET_PASSWORD_FALLBACK = 'Failed to reset password. Please try again.';
export const INVALID_RESET_TOKEN = 'Invalid reset token. Please request a new password reset link.';

export const CALLBACK_NO_TOKEN = 'Authentication failed: No token received';
export const CALLBACK_UNEXPECTED = 'Unable to complete authentication. Please try again.';

/** The server's message as one line (a list of rule failures is joined with a comma), or null. */
export function serverMessage(failure: ApiFailure): string | null {
  const { message } = failure;
  const text = Array.isArray(message) ? message.filter((m) => m.trim() !== '').join(', ') : message?.trim();
  return text ? text : null;
}

/** POST /auth/login failed. */
export function loginErrorMessage(failure: ApiFailure): string {
  if (failure.status === null) return NO_RESPONSE;
  if (failure.status === 401 || failure.status === 500) return BAD_CREDENTIALS;
  if (failure.status === 400) return INVALID_LOGIN_FORMAT;
  const message = serverMessage(failure);
  // No usable response (no message in the body): same answer as a refusal.
  if (message === null) return BAD_CREDENTIALS;
  // Never echo a server's wording about credentials: one neutral text for every refusal.
  if (message.includes('credentials') || message.includes('Unauthorized')) return BAD_CREDENTIALS;
  return message;
}

/** What the login screen shows for the auth error: server crashes read as a credentials problem. */
export function loginScreenText(message: string): string {
  return message.includes('Internal server error') ? LOGIN_SCREEN_SERVER_ERROR : message;
}

/** GET /users/me failed (a missing token never reaches the server: see NO_TOKEN_FOUND). */
export function currentUserErrorMessage(failure: ApiFailure): string {
  if (failure.status === 401) return SESSION_EXPIRED;
  return serverMessage(failure) ?? CURRENT_USER_FALLBACK;
}

/** POST /auth/register failed. */
export function signupErrorMessage(failure: ApiFailure): string {
  const message = serverMessage(failure);
  if (message !== null) return message;
  if (failure.status !== null) return `Error: ${failure.status}`;
  return REGISTRATION_FALLBACK;
}

/** POST /auth/forgot-password failed. */
export function forgotPasswordErrorMessage(failure: ApiFailure): string {
  return serverMessage(failure) ?? FORGOT_PASSWORD_FALLBACK;
}

/** POST /auth/reset-password failed. */
export function resetPasswordErrorMessage(failure: ApiFailure): string {
  return serverMessage(failure) ?? RESET_PASSWORD_FALLBACK;
}

/** The identity provider (or our callback) reported an error in the query string. */
export function callbackErrorMessage(error: string): string {
  return `Authentication error: ${error}`;
}
