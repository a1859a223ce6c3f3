import { describe, expect, it } from 'vitest';
import {
  type ApiFailure,
  callbackErrorMessage,
  currentUserErrorMessage,
  forgotPasswordErrorMessage,
  loginErrorMessage,
  loginScreenText,
  resetPasswordErrorMessage,
  serverMessage,
  signupErrorMessage,
} from '@/domain/auth-errors';
import { messageOfError } from '@/domain/error-message';

const BAD = 'Bad credentials, please try again.';

describe('loginErrorMessage (SPEC.md §8 Login)', () => {
  it.each<[string, ApiFailure, string]>([
    ['no response', { status: null }, 'No response from server. Please check your internet connection and try again.'],
    [
      'no response even with a message',
      { status: null, message: 'x' },
      'No response from server. Please check your internet connection and try again.',
    ],
    ['401', { status: 401, message: 'Invalid e-mail or password' }, BAD],
    ['500', { status: 500, message: 'Internal server error' }, BAD],
    ['400', { status: 400, message: 'body/email must match format "email"' }, 'Invalid email or password format. Please check your input.'],
    ['message about credentials', { status: 403, message: 'Invalid credentials' }, BAD],
    ['message saying Unauthorized', { status: 403, message: 'Unauthorized' }, BAD],
    [
      '429 keeps the server message',
      { status: 429, message: 'Too many login attempts. Please wait 15 minutes and try again.' },
      'Too many login attempts. Please wait 15 minutes and try again.',
    ],
    ['other status, list message', { status: 409, message: ['first', 'second'] }, 'first, second'],
    ['no usable response (no message)', { status: 502 }, BAD],
    ['blank message', { status: 503, message: '  ' }, BAD],
  ])('%s', (_, failure, expected) => {
    expect(loginErrorMessage(failure)).toBe(expected);
  });
});

describe('loginScreenText', () => {
  it.each([
    ['Internal server error', 'Invalid email or password. Please check your credentials and try again.'],
    ['Error: Internal server error (500)', 'Invalid email or password. Please check your credentials and try again.'],
    ['Bad credentials, please try again.', 'Bad credentials, please try again.'],
    ['internal server error', 'internal server error'],
  ])('%j → %j', (message, expected) => {
    expect(loginScreenText(message)).toBe(expected);
  });
});

describe('currentUserErrorMessage (SPEC.md §8 Current user)', () => {
  it.each<[string, ApiFailure, string]>([
    ['401', { status: 401, message: 'Unauthorized' }, 'Session expired. Please log in again.'],
    ['server message', { status: 503, message: 'Database unavailable' }, 'Database unavailable'],
    ['no message', { status: 500 }, 'Failed to fetch user data'],
    ['no response', { status: null }, 'Failed to fetch user data'],
  ])('%s', (_, failure, expected) => {
    expect(currentUserErrorMessage(failure)).toBe(expected);
  });
});

describe('signupErrorMessage (SPEC.md §8 Signup)', () => {
  it.each<[string, ApiFailure, string]>([
    ['server message', { status: 409, message: 'An account with this email already exists' }, 'An account with this email already exists'],
    [
      'list joined with a comma',
      { status: 400, message: ['Password must contain at least one number', 'Password must contain at least one uppercase letter'] },
      'Password must contain at least one number, Password must contain at least one uppercase letter',
    ],
    ['status without message', { status: 502 }, 'Error: 502'],
    ['empty list', { status: 400, message: [] }, 'Error: 400'],
    ['no response', { status: null }, 'Registration failed. Please try again.'],
  ])('%s', (_, failure, expected) => {
    expect(signupErrorMessage(failure)).toBe(expected);
  });
});

describe('forgot and reset password', () => {
  it.each<[string, ApiFailure, string, string]>([
    ['server message', { status: 429, message: 'Too many requests' }, 'Too many requests', 'Too many requests'],
    ['list', { status: 400, message: ['a', 'b'] }, 'a, b', 'a, b'],
    [
      'no message',
      { status: 500 },
      'Failed to send password reset request. Please try again.',
      'Failed to reset password. Please try again.',
    ],
    [
      'no response',
      { status: null },
      'Failed to send password reset request. Please try again.',
      'Failed to reset password. Please try again.',
    ],
  ])('%s', (_, failure, forgot, reset) => {
    expect(forgotPasswordErrorMessage(failure)).toBe(forgot);
    expect(resetPasswordErrorMessage(failure)).toBe(reset);
  });
});

describe('callbackErrorMessage', () => {
  it('prefixes the reported error', () => {
    expect(callbackErrorMessage('access_denied')).toBe('Authentication error: access_denied');
  });
});

describe('serverMessage', () => {
  it.each<[ApiFailure, string | null]>([
    [{ status: 400 }, null],
    [{ status: 400, message: '' }, null],
    [{ status: 400, message: ['', ' '] }, null],
    [{ status: 400, message: [' a ', 'b'] }, ' a , b'],
    [{ status: 400, message: ' padded ' }, 'padded'],
  ])('%j → %j', (failure, expected) => {
    expect(serverMessage(failure)).toBe(expected);
  });
});

describe('messageOfError', () => {
  it.each<[unknown, string]>([
    [new Error('Shown text'), 'Shown text'],
    [new Error(''), 'Fallback'],
    ['a string', 'Fallback'],
    [undefined, 'Fallback'],
  ])('%j → %j', (error, expected) => {
    expect(messageOfError(error, 'Fallback')).toBe(expected);
  });
});
