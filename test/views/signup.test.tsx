import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCanSubmit, type Registration } from '@machines/signup';
import { queryClient } from '@/app/query-client';
import { accountCreatedState } from '@/domain/account-created';
import { passwordMismatch, passwordRuleFailures, passwordStrength } from '@/domain/password-rules';
import SignupPage from '@/views/signup/signup-page';
import { type Executors, describePath } from '../machines/flow-model';
import { type SignupModelEvent, signupFlow, signupPaths } from '../machines/models/signup.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => queryClient.clear());

const emailInput = () => screen.getByLabelText(/^Email/, { selector: 'input' });
const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const confirmInput = () => screen.getByLabelText(/^Confirm password/, { selector: 'input' });
/** 'Sign up', or 'Signing up...' while the call runs. */
const submitButton = () => screen.getByRole('button', { name: /^Sign(ing)? up/ });

function renderSignup(path = '/signup') {
  seedConfig();
  const register = pendingCall<void, Registration>('register');
  const rendered = renderInApp(<SignupPage actors={{ register: register.logic }} />, { path });
  return { register, ...rendered };
}

describe('signup screen, walking the signup machine paths', () => {
  for (const path of signupPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { register, currentPath, location } = renderSignup();
      // Paste rather than type key by key: the same change reaches the machine, many times faster.
      const retype = async (input: HTMLElement, value: string) => {
        await user.clear(input);
        if (value !== '') await user.paste(value);
      };

      await signupFlow.run(
        path,
        {
          'signup.email.set': ({ value }) => retype(emailInput(), value),
          'signup.password.set': ({ value }) => retype(passwordInput(), value),
          'signup.confirm.set': ({ value }) => retype(confirmInput(), value),
          'signup.submit': () => user.click(submitButton()),
          'signup.error.clear': () => user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' })),
          'xstate.done.actor.register': ({ output }) => act(async () => register.resolve(output)),
          'xstate.error.actor.register': ({ error }) => act(async () => register.reject(error)),
        } satisfies Executors<SignupModelEvent>,
        (expected) => {
          const { email, password, confirm, error } = expected.context;
          if (expected.matches('registered')) {
            expect(currentPath()).toBe('/login');
            // /login is told the new account's e-mail (never the password) in its history entry.
            expect(location.state).toEqual(accountCreatedState(email.trim()));
            return;
          }
          expect(currentPath()).toBe('/signup');
          expect(emailInput()).toHaveProperty('value', email);
          expect(passwordInput()).toHaveProperty('value', password);
          expect(confirmInput()).toHaveProperty('value', confirm);
          expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe(
            passwordStrength(password).label,
          );
          expect(screen.getByText(`Password strength: ${passwordStrength(password).label}`)).toBeTruthy();
          for (const rule of passwordRuleFailures('')) {
            expect(screen.queryByText(rule) !== null).toBe(password !== '' && passwordRuleFailures(password).includes(rule));
          }
          expect(screen.queryByText('Passwords do not match') !== null).toBe(passwordMismatch(password, confirm) !== null);
          const alert = screen.queryByRole('alert');
          expect(alert?.textContent ?? null).toBe(error);
          expect(submitButton()).toHaveProperty('disabled', !selectCanSubmit(expected));
          if (expected.matches('submitting')) expect(emailInput()).toHaveProperty('disabled', true);
        },
      );
    });
  }
});

describe('signup screen', () => {
  it('has one h1, a titled page and Google sign-up on the API host', async () => {
    renderSignup();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Sign up | Test RPC');
    expect(screen.getByRole('link', { name: 'Sign up with Google' }).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByText('Test RPC')).toBeTruthy();
  });

  it('sends the trimmed e-mail and the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { register } = renderSignup();
    await user.type(emailInput(), ' ada@example.com ');
    await user.type(passwordInput(), 'Str0ng!pass');
    await user.type(confirmInput(), 'Str0ng!pass');
    await user.click(submitButton());
    expect(register.inputs).toEqual([{ email: 'ada@example.com', password: 'Str0ng!pass' }]);
  });
});

describe('signup screen sent from another page (an invite)', () => {
  const from = '/invite/aB3_dE6-gH9iJ2kL5mN8oP1qR4sT7uV0wX3yZ6aB9cD';
  const query = `?${new URLSearchParams({ from }).toString()}`;

  it('sends the new account to /login, which returns there, and links Log in the same way', async () => {
    const user = userEvent.setup({ delay: null });
    const { register, currentPath, location } = renderSignup(`/signup${query}`);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login${query}`);
    await user.type(emailInput(), 'ada@example.com');
    await user.type(passwordInput(), 'Str0ng!pass');
    await user.type(confirmInput(), 'Str0ng!pass');
    await user.click(submitButton());
    await act(async () => register.resolve(undefined));
    expect(currentPath()).toBe(`/login${query}`);
    expect(location.state).toEqual(accountCreatedState('ada@example.com'));
  });

  it('ignores a return path that leaves the app', async () => {
    renderSignup(`/signup?${new URLSearchParams({ from: '//evil.example/x' }).toString()}`);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
