import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { selectCanSubmit, type PasswordReset } from '@machines/reset-password';
import { paths } from '@/domain/paths';
import { queryClient } from '@/app/query-client';
import { passwordMismatch, passwordRuleFailures, passwordStrength } from '@/domain/password-rules';
import ResetPasswordPage from '@/views/reset-password/reset-password-page';
import { type Executors, describePath } from '../machines/flow-model';
import { type ResetPasswordModelEvent, resetPasswordFlows } from '../machines/models/reset-password.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

const DONE = 'Your password has been reset. Redirecting to login...';
const INVALID = 'Invalid reset token. Please request a new password reset link.';
const newPasswordInput = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirmInput = () => screen.getByLabelText(/^Confirm new password/, { selector: 'input' });
/** 'Reset Password', or 'Resetting...' while the call runs. */
const submitButton = () => screen.getByRole('button', { name: /^(Reset Password|Resetting\.\.\.)$/ });

/** The page under its route (the token comes from the path), or alone when the link had no token. */
function renderResetPassword(token: string | null) {
  seedConfig();
  const resetPassword = pendingCall<void, PasswordReset>('resetPassword');
  const page = <ResetPasswordPage actors={{ resetPassword: resetPassword.logic }} />;
  const rendered = token
    ? renderInApp(<Route path={paths.resetPassword}>{page}</Route>, {
        path: paths.resetPassword.replace(':token', encodeURIComponent(token)),
      })
    : renderInApp(page, { path: '/reset-password/' });
  return { resetPassword, ...rendered };
}

describe.each(resetPasswordFlows)(
  'reset password screen, token $token, walking the machine paths',
  ({ token, flow, paths: modelPaths }) => {
    for (const path of modelPaths) {
      it(describePath(path), async () => {
        const user = userEvent.setup({ delay: null });
        const { resetPassword, currentPath } = renderResetPassword(token);
        const startPath = currentPath();
        const retype = async (input: HTMLElement, value: string) => {
          await user.clear(input);
          if (value !== '') await user.paste(value);
        };

        await flow.run(
          path,
          {
            'reset.password.set': ({ value }) => retype(newPasswordInput(), value),
            'reset.confirm.set': ({ value }) => retype(confirmInput(), value),
            'reset.submit': () => user.click(submitButton()),
            'reset.error.clear': () => user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' })),
            'xstate.done.actor.resetPassword': async ({ output }) => {
              // The 3 s redirect runs on the real delay, under a fake clock the next step moves. Faked only
              // now: Testing Library's async wrapper waits on a real setTimeout during user events.
              vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
              await act(async () => resetPassword.resolve(output));
            },
            'xstate.error.actor.resetPassword': ({ error }) => act(async () => resetPassword.reject(error)),
            'xstate.after.redirectDelay.resetPassword.succeeded': async () => {
              await act(() => vi.advanceTimersByTimeAsync(2999));
              expect(currentPath()).toBe(startPath);
              await act(() => vi.advanceTimersByTimeAsync(1));
            },
          } satisfies Executors<ResetPasswordModelEvent>,
          (expected) => {
            const { password, confirm, error } = expected.context;
            if (expected.matches('redirected')) {
              expect(currentPath()).toBe('/login'); // and the route no longer shows this screen
              return;
            }
            expect(currentPath()).toBe(startPath);
            expect(screen.queryByRole('alert')?.textContent ?? null).toBe(error);
            if (expected.matches('invalidLink')) {
              expect(error).toBe(INVALID);
              expect(within(screen.getByRole('alert')).queryByRole('button', { name: 'Close' })).toBeNull();
              expect(screen.queryByLabelText(/^New password/)).toBeNull();
              expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
              return;
            }
            if (expected.matches('succeeded')) {
              expect(screen.getByRole('status').textContent).toBe(DONE);
              return;
            }
            expect(screen.queryByText(DONE)).toBeNull();
            expect(newPasswordInput()).toHaveProperty('value', password);
            expect(confirmInput()).toHaveProperty('value', confirm);
            expect(newPasswordInput()).toHaveProperty('disabled', expected.matches('submitting'));
            expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe(
              passwordStrength(password).label,
            );
            for (const rule of passwordRuleFailures('')) {
              expect(screen.queryByText(rule) !== null).toBe(password !== '' && passwordRuleFailures(password).includes(rule));
            }
            expect(screen.queryByText('Passwords do not match') !== null).toBe(passwordMismatch(password, confirm) !== null);
            expect(submitButton()).toHaveProperty('disabled', !selectCanSubmit(expected));
          },
        );
      });
    }
  },
);

describe('reset password screen', () => {
  it('has one h1 and its page title', () => {
    renderResetPassword('abc');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Reset password | Test RPC');
  });

  it('sends the token of the link with the new password', async () => {
    const user = userEvent.setup({ delay: null });
    const { resetPassword } = renderResetPassword('tok/en');
    await user.type(newPasswordInput(), 'N3w!passw');
    await user.type(confirmInput(), 'N3w!passw');
    await user.click(submitButton());
    expect(resetPassword.inputs).toEqual([{ token: 'tok/en', password: 'N3w!passw' }]);
  });
});
