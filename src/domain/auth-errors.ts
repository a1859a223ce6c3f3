/**
 * The texts of SPEC.md §8 for the account screens, word for word. Which one a failed call shows
 * is failureMessage's rule (failure-message.ts); the two rules here are not about calls.
 */

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

/** What the login screen shows for the auth error: server crashes read as a credentials problem. */
export function loginScreenText(message: string): string {
  return message.includes('Internal server error') ? LOGIN_SCREEN_SERVER_ERROR : message;
}

/** The identity provider (or our callback) reported an error in the query string. */
export function callbackErrorMessage(error: string): string {
  return `Authentication error: ${error}`;
}
