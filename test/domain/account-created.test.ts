import { describe, expect, it } from 'vitest';
import { accountCreatedEmail, accountCreatedState, accountCreatedText } from '@/domain/account-created';

describe('the signup hand-over in /login history state', () => {
  it.each([
    ['what /signup leaves', accountCreatedState('ada@example.com'), 'ada@example.com'],
    ['trimmed', { accountCreated: { email: ' ada@example.com ' } }, 'ada@example.com'],
    ['no state', null, null],
    ['another kind of state', { from: '/keys' }, null],
    ['no e-mail', { accountCreated: {} }, null],
    ['a blank e-mail', { accountCreated: { email: '  ' } }, null],
    ['an e-mail that is not text', { accountCreated: { email: 42 } }, null],
    ['a string', 'accountCreated', null],
  ])('%s', (_, state, expected) => {
    expect(accountCreatedEmail(state)).toBe(expected);
  });

  it('carries the e-mail only, never a password', () => {
    expect(Object.keys(accountCreatedState('a@b.co').accountCreated)).toEqual(['email']);
  });

  it('says the account exists and what to do next', () => {
    expect(accountCreatedText('ada@example.com')).toBe('Your account ada@example.com has been created. Log in to continue.');
  });
});
