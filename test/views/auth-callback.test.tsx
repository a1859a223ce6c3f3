import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { User } from '@machines/auth';
import { recordSignInAttempt } from '@/api/sign-in-attempt';
import { CallFailed } from '@/domain/call-failure';
import { queryClient } from '@/app/query-client';
import AuthCallbackPage from '@/views/auth-callback/auth-callback-page';
import { type Executors, describePath } from '../machines/flow-model';
import { type AuthCallbackModelEvent, type CallbackArrival, authCallbackFlows, openedAt } from '../machines/models/auth-callback.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp, testUser } from './app-harness';
import { seedConfig } from './seed-config';

// The 1 s retry and the 3 s redirect run on their real delays, under a fake clock the executors move
// (this screen takes no user input, so nothing else waits on a timer).
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
  sessionStorage.clear();
});

/** Lets every pending promise chain run (the session's answer travels through several actors). */
const settle = (change: () => void) =>
  act(async () => {
    change();
    await new Promise((resolve) => setImmediate(resolve));
  });

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Opens the screen as the arrival says: its query, and a sign-in started in this tab that long ago. */
function renderCallback({ input }: Pick<CallbackArrival, 'input'>) {
  seedConfig();
  if (input.signInStartedAt !== null) recordSignInAttempt(Date.now() - (openedAt - input.signInStartedAt));
  const exchangeToken = pendingCall<string | null, void>('exchangeToken');
  const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
  const search = new URLSearchParams({ next: 'x' });
  if (input.token) search.set('token', input.token);
  if (input.error) search.set('error', input.error);
  const path = `/auth/callback?${search.toString()}`;
  search.delete('token');
  // The token leaves the address bar at once; the rest of the query stays.
  const shownPath = `/auth/callback?${search.toString()}`;
  const rendered = renderInApp(<AuthCallbackPage actors={{ exchangeToken: exchangeToken.logic }} />, {
    path,
    session: { fetchUser: fetchUser.call },
  });
  return { exchangeToken, fetchUser, shownPath, ...rendered };
}

describe.each(authCallbackFlows)(
  'auth callback screen, $name, walking the machine paths',
  ({ input, shownError, usesQueryToken, flow, paths }) => {
    for (const path of paths) {
      it(describePath(path), async () => {
        const { exchangeToken, fetchUser, shownPath, currentPath, location } = renderCallback({ input });
        // Replaced, not pushed: the address with the token is not in the history either.
        expect(location.history).toEqual([shownPath]);
        // Single use, whatever came back.
        expect(sessionStorage.length).toBe(0);

        await flow.run(
          path,
          {
            'xstate.done.actor.exchangeToken': ({ output }) => settle(() => exchangeToken.resolve(output)),
            'xstate.error.actor.exchangeToken': ({ error }) => settle(() => exchangeToken.reject(error)),
            'xstate.done.actor.retryExchangeToken': ({ output }) => settle(() => exchangeToken.resolve(output)),
            'xstate.error.actor.retryExchangeToken': ({ error }) => settle(() => exchangeToken.reject(error)),
            // The app's session loads the user with the token and answers the screen.
            'session.granted': () => settle(() => fetchUser.resolve(testUser)),
            'session.refused': () =>
              settle(() => fetchUser.reject(new CallFailed({ kind: 'refused', status: 401, message: 'Invalid or expired session' }))),
            'xstate.after.retryDelay.authCallback.waitingToRetry': async () => {
              await elapse(999);
              expect(exchangeToken.inputs).toHaveLength(1);
              await elapse(1);
              expect(exchangeToken.inputs).toHaveLength(2);
            },
            'xstate.after.redirectDelay.authCallback.failed': async () => {
              await elapse(2999);
              expect(currentPath()).toBe(shownPath);
              await elapse(1);
            },
          } satisfies Executors<AuthCallbackModelEvent>,
          (expected) => {
            const { error, token } = expected.context;
            // A token this browser did not ask for is never stored, whatever happens next.
            if (input.token !== null && !usesQueryToken) expect(localStorage.getItem('token')).not.toBe(input.token);
            if (expected.matches('signedIn')) {
              expect(currentPath()).toBe('/');
              expect(localStorage.getItem('token')).toBe(token);
              return;
            }
            if (expected.matches('redirected')) {
              expect(currentPath()).toBe('/login');
              return;
            }
            expect(currentPath()).toBe(shownPath);
            const alert = screen.queryByRole('alert');
            expect(alert?.textContent ?? null).toBe(error);
            if (shownError !== null) expect(alert?.textContent).toBe(shownError);
            // The query's error is text: no element of its markup is made.
            expect(alert?.querySelector('b')).toBeFalsy();
            expect(screen.queryByText('Authenticating...') !== null).toBe(error === null);
            expect(screen.queryByText('Redirecting to login...') !== null).toBe(error !== null);
            if (expected.matches('signingIn')) {
              // Handed to the app's session, which stores it and loads the user with it.
              expect(localStorage.getItem('token')).toBe(token);
              expect(fetchUser.inputs.at(-1)).toEqual({ token });
            }
          },
        );
      });
    }
  },
);

describe('auth callback screen', () => {
  it.each([
    ['the page it was started from (an invite)', '/invite/abc', '/invite/abc'],
    ['the dashboard for a path of another origin', '//elsewhere.example/x', '/'],
    ['the dashboard rather than /login', '/login', '/'],
  ])('goes on to %s once signed in', async (_, started, expected) => {
    seedConfig();
    recordSignInAttempt(Date.now(), started);
    const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
    const exchangeToken = pendingCall<string | null, void>('exchangeToken');
    const { currentPath } = renderInApp(<AuthCallbackPage actors={{ exchangeToken: exchangeToken.logic }} />, {
      path: '/auth/callback?token=query-token',
      session: { fetchUser: fetchUser.call },
    });
    await settle(() => fetchUser.resolve(testUser));
    expect(currentPath()).toBe(expected);
    expect(sessionStorage.length).toBe(0);
  });

  it('has one h1 and its page title', () => {
    renderCallback({ input: { token: null, error: null, signInStartedAt: null, now: openedAt } });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Signing in | Test RPC');
  });
});
