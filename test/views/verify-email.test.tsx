import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { queryClient } from '@/app/query-client';
import { VERIFY_DONE, VERIFY_INVALID_LINK } from '@/domain/email-verification';
import { paths } from '@/domain/paths';
import VerifyEmailPage from '@/views/verify-email/verify-email-page';
import { type Executors, describePath } from '../machines/flow-model';
import { type VerifyEmailModelEvent, verifyEmailFlows } from '../machines/models/verify-email.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => {
  queryClient.clear();
});

const VERIFYING = 'Verifying your e-mail address...';

/** The page under its route, the token in the query (none when the link lost it). */
function renderVerifyEmail(token: string | null) {
  seedConfig();
  const verifyEmail = pendingCall<void, { token: string }>('verifyEmail');
  const rendered = renderInApp(
    <Route path={paths.verifyEmail}>
      <VerifyEmailPage actors={{ verifyEmail: verifyEmail.logic }} />
    </Route>,
    { path: token === null ? paths.verifyEmail : `${paths.verifyEmail}?token=${encodeURIComponent(token)}` },
  );
  return { verifyEmail, ...rendered };
}

describe.each(verifyEmailFlows)('verify e-mail screen, token $token, walking the machine paths', ({ token, flow, paths: modelPaths }) => {
  for (const path of modelPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { verifyEmail } = renderVerifyEmail(token);
      await flow.run(
        path,
        {
          'verify.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          'xstate.done.actor.verifyEmail': async ({ output }) => {
            await waitFor(() => expect(verifyEmail.pending).toBe(1));
            await act(async () => verifyEmail.resolve(output));
          },
          'xstate.error.actor.verifyEmail': async ({ error }) => {
            await waitFor(() => expect(verifyEmail.pending).toBe(1));
            await act(async () => verifyEmail.reject(error));
          },
        } satisfies Executors<VerifyEmailModelEvent>,
        (expected) => {
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verify e-mail address');
          const status = screen.queryByRole('status');
          if (expected.matches('verifying')) {
            expect(status?.textContent).toBe(VERIFYING);
            expect(verifyEmail.inputs.at(-1)).toEqual({ token });
          } else if (expected.matches('verified')) {
            expect(status?.textContent).toBe(VERIFY_DONE);
          } else {
            expect(status).toBeNull();
          }
          expect(screen.queryByRole('alert')?.textContent ?? null).toBe(expected.context.error);
          if (expected.matches('invalidLink')) expect(expected.context.error).toBe(VERIFY_INVALID_LINK);
          expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(expected.matches('failed'));
          expect(
            screen.getByRole('link', { name: expected.matches('verified') ? 'Go to the dashboard' : 'Sign in to ask for a new link' }),
          ).toBeTruthy();
        },
      );
    });
  }
});

describe('verify e-mail screen', () => {
  it('has its page title', () => {
    renderVerifyEmail('abc');
    expect(document.title).toBe('Verify e-mail address | Test RPC');
  });
});
