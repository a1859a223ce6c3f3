import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { queryClient } from '@/app/query-client';
import { RouteGuard } from '@/app/route-guard';
import { SessionExpiryWatcher } from '@/app/session-expiry';
import { createApiClient } from '@/api/client';
import { CallFailed } from '@/domain/call-failure';
import { createKeyCalls } from '@/api/key-calls';
import KeysPage from '@/views/keys/keys-page';
import { renderInApp, testUser } from './app-harness';
import { seedPlan } from './keys-harness';
import { seedConfig } from './seed-config';

/** A screen whose server data is refused the way the API refuses a revoked session. */
function ScreenWithRefusedData({ statusCode }: { statusCode: number }) {
  useQuery({
    queryKey: ['refused', statusCode],
    queryFn: () => Promise.reject(new CallFailed({ kind: 'refused', status: statusCode, message: 'Invalid or expired session' })),
    retry: false,
  });
  return <h1>Screen</h1>;
}

const guarded = (screen: ReactNode) => (
  <>
    <SessionExpiryWatcher />
    <Switch>
      <Route path="/login">
        <p>Login screen</p>
      </Route>
      <Route>
        <RouteGuard>{screen}</RouteGuard>
      </Route>
    </Switch>
  </>
);

const app = (statusCode: number) => guarded(<ScreenWithRefusedData statusCode={statusCode} />);

afterEach(() => queryClient.clear());

describe('session expiry', () => {
  it('re-checks the user on a 401 and, when the session is gone, ends at /login', async () => {
    localStorage.setItem('token', 'revoked-token');
    const fetchUser = vi
      .fn<(input: { token: string | null }) => Promise<typeof testUser>>()
      .mockResolvedValueOnce(testUser)
      .mockRejectedValueOnce(new CallFailed({ kind: 'refused', status: 401, message: null }));
    const { currentPath } = renderInApp(app(401), { path: '/keys', session: { fetchUser } });
    await screen.findByText('Login screen');
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('leaves the session alone on other errors', async () => {
    localStorage.setItem('token', 'good-token');
    const fetchUser = vi.fn(async () => testUser);
    renderInApp(app(500), { path: '/keys', session: { fetchUser } });
    await screen.findByRole('heading', { name: 'Screen' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Screen' })).toBeTruthy();
  });

  it('ends the session when GET /apiKeys is refused with 401 on /keys, through the real key calls', async () => {
    localStorage.setItem('token', 'revoked-token');
    seedConfig();
    seedPlan();
    const fetchUser = vi
      .fn<(input: { token: string | null }) => Promise<typeof testUser>>()
      .mockResolvedValueOnce(testUser)
      .mockRejectedValueOnce(new CallFailed({ kind: 'refused', status: 401, message: null }));
    // The API's answer to a revoked session, through the same client code the SPA uses.
    const refusing = createApiClient({
      baseUrl: 'http://localhost/api',
      fetch: async () => Response.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid or expired session' }, { status: 401 }),
    });
    const { currentPath } = renderInApp(guarded(<KeysPage listKeys={createKeyCalls(refusing).list} />), {
      path: '/keys',
      session: { fetchUser },
    });
    await screen.findByText('Login screen');
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(currentPath()).toBe('/login');
  });
});
