import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VerificationNotice } from '@/app/layout/verification-notice';
import { queryClient } from '@/app/query-client';
import { RESEND_DONE, VERIFICATION_NOTICE_TITLE, verificationNoticeText } from '@/domain/email-verification';
import { type Executors, describePath } from '../machines/flow-model';
import {
  type VerificationNoticeModelEvent,
  verificationNoticeFlow,
  verificationNoticePaths,
} from '../machines/models/verification-notice.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp, testUser } from './app-harness';

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

const unverified = { ...testUser, emailVerified: false };
const notice = () => screen.queryByRole('region', { name: VERIFICATION_NOTICE_TITLE });
const resendButton = () => within(notice() ?? document.body).getByRole('button', { name: /^(Resend verification link|Sending\.\.\.)$/ });

/** Signed in (stored token) as `user`, the notice drawn as the layout draws it. */
function renderNotice(user = unverified) {
  localStorage.setItem('token', 'stored-token');
  const resend = pendingCall<void, void>('resendVerification');
  const rendered = renderInApp(<VerificationNotice actors={{ resendVerification: resend.logic }} />, {
    session: { fetchUser: async () => user },
  });
  return { resend, ...rendered };
}

describe('verification notice, walking the machine paths', () => {
  for (const path of verificationNoticePaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { resend } = renderNotice();
      await waitFor(() => expect(notice()).not.toBeNull());
      await verificationNoticeFlow.run(
        path,
        {
          'verification.resend': () => user.click(resendButton()),
          'xstate.done.actor.resendVerification': ({ output }) => act(async () => resend.resolve(output)),
          'xstate.error.actor.resendVerification': ({ error }) => act(async () => resend.reject(error)),
        } satisfies Executors<VerificationNoticeModelEvent>,
        (expected) => {
          const region = notice();
          expect(region).not.toBeNull();
          expect(within(region ?? document.body).getByText(verificationNoticeText(unverified.email))).toBeTruthy();
          const sending = expected.matches('sending');
          expect(resendButton().textContent).toContain(sending ? 'Sending...' : 'Resend verification link');
          expect(resendButton()).toHaveProperty('disabled', sending);
          expect(within(region ?? document.body).getByRole('status').textContent).toBe(expected.matches('sent') ? RESEND_DONE : '');
          const { error } = expected.context;
          expect(screen.queryByRole('alert')?.textContent ?? null).toBe(error);
        },
      );
    });
  }
});

describe('verification notice', () => {
  it('is not drawn for a verified address', async () => {
    localStorage.setItem('token', 'stored-token');
    let loaded = 0;
    const probe = <VerificationNotice actors={{ resendVerification: pendingCall<void, void>('resendVerification').logic }} />;
    renderInApp(probe, {
      session: {
        fetchUser: async () => {
          loaded += 1;
          return testUser;
        },
      },
    });
    await waitFor(() => expect(loaded).toBe(1));
    await act(async () => {});
    expect(notice()).toBeNull();
  });
});
