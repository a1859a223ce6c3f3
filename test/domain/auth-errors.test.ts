import { describe, expect, it } from 'vitest';
import { callbackErrorMessage, loginScreenText } from '@/domain/auth-errors';

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

describe('callbackErrorMessage', () => {
  it('prefixes the reported error', () => {
    expect(callbackErrorMessage('access_denied')).toBe('Authentication error: access_denied');
  });
});
