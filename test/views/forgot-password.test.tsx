import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCanSubmit } from '@machines/forgot-password';
import { queryClient } from '@/app/query-client';
import ForgotPasswordPage from '@/views/forgot-password/forgot-password-page';
import { type Executors, describePath } from '../machines/flow-model';
import { type ForgotPasswordModelEvent, forgotPasswordFlow, forgotPasswordPaths } from '../machines/models/forgot-password.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => queryClient.clear());

const SENT = 'If an account with that email exists, we have sent password reset instructions to your email.';
const emailInput = () => screen.getByLabelText(/^Email/, { selector: 'input' });
/** 'Send Reset Link', or 'Sending...' while the call runs. */
const submitButton = () => screen.getByRole('button', { name: /^(Send Reset Link|Sending\.\.\.)$/ });

function renderForgotPassword() {
  seedConfig();
  const requestReset = pendingCall<void, { email: string }>('requestReset');
  const rendered = renderInApp(<ForgotPasswordPage actors={{ requestReset: requestReset.logic }} />, { path: '/forgot-password' });
  return { requestReset, ...rendered };
}

describe('forgot password screen, walking the machine paths', () => {
  for (const path of forgotPasswordPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { requestReset } = renderForgotPassword();

      await forgotPasswordFlow.run(
        path,
        {
          'forgot.email.set': async ({ value }) => {
            await user.clear(emailInput());
            if (value !== '') await user.type(emailInput(), value);
          },
          'forgot.submit': () => user.click(submitButton()),
          'forgot.error.clear': () => user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' })),
          'xstate.done.actor.requestReset': ({ output }) => act(async () => requestReset.resolve(output)),
          'xstate.error.actor.requestReset': ({ error }) => act(async () => requestReset.reject(error)),
        } satisfies Executors<ForgotPasswordModelEvent>,
        (expected) => {
          expect(screen.queryByRole('alert')?.textContent ?? null).toBe(expected.context.error);
          if (expected.matches('sent')) {
            expect(screen.getByRole('status').textContent).toBe(SENT);
            expect(screen.queryByRole('button', { name: 'Send Reset Link' })).toBeNull();
            return;
          }
          expect(screen.queryByText(SENT)).toBeNull();
          expect(emailInput()).toHaveProperty('value', expected.context.email);
          expect(emailInput()).toHaveProperty('disabled', expected.matches('submitting'));
          expect(submitButton()).toHaveProperty('disabled', !selectCanSubmit(expected));
        },
      );
    });
  }
});

describe('forgot password screen', () => {
  it('has one h1, an e-mail field of e-mail type, a link back to login and its page title', () => {
    renderForgotPassword();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(emailInput()).toHaveProperty('type', 'email');
    expect(emailInput()).toHaveProperty('required', true);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(document.title).toBe('Forgot password | Test RPC');
  });
});
