import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { recordSignInAttempt } from '@/api/sign-in-attempt';
import { AuthActor } from '@/hooks/auth-actor';
import { PublicOnly } from '@/app/public-only';
import { queryClient } from '@/app/query-client';
import { RouteGuard } from '@/app/route-guard';
import { CallFailed } from '@/domain/call-failure';
import { AppRoutes } from '@/app/routes';
import { LogoutButton, deferred, renderInApp, testUser } from './app-harness';

/** Stands in for the login screen: the guard and the redirects only need `auth.login` to be sent. */
function LoginStandIn() {
  const auth = AuthActor.useActorRef();
  return (
    <button type="button" onClick={() => auth.send({ type: 'auth.login', email: testUser.email, password: 'Secret1!' })}>
      Log in
    </button>
  );
}

const routes = (
  <Switch>
    <Route path="/login">
      <PublicOnly>
        <LoginStandIn />
      </PublicOnly>
    </Route>
    <Route>
      <RouteGuard>
        <p>Guarded content</p>
      </RouteGuard>
    </Route>
  </Switch>
);

afterEach(() => {
  queryClient.clear();
  sessionStorage.clear();
});

/** What a browser does in this tab when another tab of the app writes the token: `storage` fires here. */
function storedByAnotherTab(token: string | null) {
  const oldValue = localStorage.getItem('token');
  if (token === null) localStorage.removeItem('token');
  else localStorage.setItem('token', token);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue, newValue: token, storageArea: localStorage }));
  });
}

describe('route guard', () => {
  it('sends a visitor without a token to /login, remembering the origin with its query', async () => {
    const fetchUser = vi.fn(async () => testUser);
    const { currentPath } = renderInApp(routes, { path: '/billing?frequency=ANNUALY', session: { fetchUser } });
    await screen.findByRole('button', { name: 'Log in' });
    expect(currentPath()).toBe(`/login?from=${encodeURIComponent('/billing?frequency=ANNUALY')}`);
    expect(screen.queryByText('Guarded content')).toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('returns to the remembered origin after login', async () => {
    const { currentPath } = renderInApp(routes, { path: '/keys' });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByText('Guarded content');
    expect(currentPath()).toBe('/keys');
    expect(localStorage.getItem('token')).toBe('token-from-login');
  });

  it('goes to / after a login that has no remembered origin', async () => {
    const { currentPath } = renderInApp(routes, { path: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByText('Guarded content');
    expect(currentPath()).toBe('/');
  });

  it('never returns to another origin', async () => {
    const { currentPath } = renderInApp(routes, { path: `/login?from=${encodeURIComponent('//evil.example/x')}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByText('Guarded content');
    expect(currentPath()).toBe('/');
  });

  it('with a stored token shows a loading screen while the current user loads, then the page', async () => {
    localStorage.setItem('token', 'stored-token');
    const user = deferred<typeof testUser>();
    const fetchUser = vi.fn(() => user.promise);
    renderInApp(routes, { path: '/keys', session: { fetchUser } });

    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Guarded content')).toBeNull();
    expect(fetchUser).toHaveBeenCalledWith({ token: 'stored-token' });

    user.resolve(testUser);
    await screen.findByText('Guarded content');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with a stored token that is refused forgets it and sends the visitor to /login with the origin', async () => {
    localStorage.setItem('token', 'expired-token');
    const { currentPath } = renderInApp(routes, {
      path: '/keys',
      session: { fetchUser: async () => Promise.reject(new CallFailed({ kind: 'refused', status: 401, message: null })) },
    });
    await screen.findByRole('button', { name: 'Log in' });
    expect(currentPath()).toBe('/login?from=%2Fkeys');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('adopts a token another tab stores after start-up and loads its user', async () => {
    const fetchUser = vi.fn(async () => testUser);
    const { currentPath } = renderInApp(routes, { path: '/login', session: { fetchUser } });
    await screen.findByRole('button', { name: 'Log in' });

    storedByAnotherTab('token-from-elsewhere');
    await screen.findByText('Guarded content');
    expect(fetchUser).toHaveBeenCalledWith({ token: 'token-from-elsewhere' });
    expect(currentPath()).toBe('/');
  });

  it('ends the session when another tab signs out: /login, without remembering the page', async () => {
    localStorage.setItem('token', 'stored-token');
    const { currentPath } = renderInApp(routes, { path: '/keys' });
    await screen.findByText('Guarded content');

    storedByAnotherTab(null);
    await screen.findByRole('button', { name: 'Log in' });
    expect(currentPath()).toBe('/login');
  });

  it('sends a signed-in visitor of /login to /', async () => {
    localStorage.setItem('token', 'stored-token');
    const { currentPath } = renderInApp(routes, { path: '/login' });
    await screen.findByText('Guarded content');
    await waitFor(() => expect(currentPath()).toBe('/'));
  });
});

describe('route guard when a session ends on a guarded page', () => {
  it('goes to /login without remembering the page once the session is gone', async () => {
    localStorage.setItem('token', 'stored-token');
    const { currentPath } = renderInApp(
      <Switch>
        <Route path="/login">
          <p>Login screen</p>
        </Route>
        <Route>
          <RouteGuard>
            <LogoutButton />
          </RouteGuard>
        </Route>
      </Switch>,
      { path: '/billing' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByText('Login screen');
    expect(currentPath()).toBe('/login');
  });
});

describe('a session token in the query at / (the second callback route)', () => {
  it('is ignored when this browser started no sign-in: never stored, gone from the address, then /login', async () => {
    const fetchUser = vi.fn(async () => testUser);
    const { currentPath, location } = renderInApp(<AppRoutes />, { path: '/?token=link-makers-session', session: { fetchUser } });
    await waitFor(() => expect(currentPath()).toBe('/auth/callback'));
    expect(location.history.some((path) => path.includes('link-makers-session'))).toBe(false);
    // The cookie decides instead (here the API cannot be reached), then /login after 3 s.
    await screen.findByRole('alert', {});
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('is used for a sign-in this browser started (the Google button) and used up', async () => {
    recordSignInAttempt();
    const fetchUser = vi.fn(async () => testUser);
    const { currentPath } = renderInApp(<AppRoutes />, { path: '/?token=own-session', session: { fetchUser } });
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(fetchUser).toHaveBeenCalledWith({ token: 'own-session' });
    expect(localStorage.getItem('token')).toBe('own-session');
    expect(sessionStorage.length).toBe(0);
  });
});
