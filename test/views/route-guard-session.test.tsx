import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { authMachine, type User } from '@machines/auth';
import { PublicOnly } from '@/app/public-only';
import { queryClient } from '@/app/query-client';
import { RouteGuard } from '@/app/route-guard';
import { isRefusedWith } from '@/domain/call-failure';
import { type Executors, createFlowModel, describePath } from '../machines/flow-model';
import { type AuthModelEvent, authFixtures } from '../machines/models/auth.model';
import { pendingCall } from '../machines/pending-call';
import { LogoutButton, renderInApp, testUser } from './app-harness';

/** The part of the session a guarded page lives through: loading a stored token, another tab's sign-in and sign-out, logout. */
type GuardEvent = Extract<
  AuthModelEvent,
  {
    type:
      | 'auth.token.stored'
      | 'auth.token.cleared'
      | 'auth.logout'
      | 'xstate.done.actor.loadUser'
      | 'xstate.error.actor.loadUser'
      | 'xstate.done.actor.logout'
      | 'xstate.error.actor.logout';
  }
>;
const guardEvents = new Set<string>([
  'auth.token.stored',
  'auth.token.cleared',
  'auth.logout',
  'xstate.done.actor.loadUser',
  'xstate.error.actor.loadUser',
  'xstate.done.actor.logout',
  'xstate.error.actor.logout',
]);
const isGuardEvent = (event: AuthModelEvent): event is GuardEvent => guardEvents.has(event.type);

const guardFlows = [null, 'stored-token'].map((token) => {
  const flow = createFlowModel(authMachine, {
    fixtures: authFixtures.filter(isGuardEvent),
    input: { token },
    filterEvents: (_, event) => guardEvents.has(event.type),
  });
  return { token, flow, paths: flow.paths() };
});

const routes = (
  <Switch>
    <Route path="/login">
      <PublicOnly>
        <p>Login screen</p>
      </PublicOnly>
    </Route>
    <Route>
      <RouteGuard>
        <p>Guarded content</p>
        <LogoutButton />
      </RouteGuard>
    </Route>
  </Switch>
);

/** What a browser does in this tab when another tab of the app writes the token: `storage` fires here. */
function storedByAnotherTab(token: string | null) {
  const oldValue = localStorage.getItem('token');
  if (token === null) localStorage.removeItem('token');
  else localStorage.setItem('token', token);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue, newValue: token, storageArea: localStorage }));
  });
}

afterEach(() => {
  queryClient.clear();
  sessionStorage.clear();
});

describe.each(guardFlows)('route guard, walking the session paths of a guarded page, stored token $token', ({ token, flow, paths }) => {
  for (const path of paths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      if (token !== null) localStorage.setItem('token', token);
      const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
      const logout = pendingCall<void, { token: string | null }>('logout');
      const { currentPath } = renderInApp(routes, { path: '/keys', session: { fetchUser: fetchUser.call, logout: logout.call } });
      // Whether a session was held in this visit: the guard's plain /login.
      let hadSession = false;
      // A stored token whose check got no verdict (not a 401): kept for the next visit, unused in this one.
      let unchecked: string | null = null;
      // A newer token restarts the load; the harness's calls cannot see that abort, so the older
      // call is still pending: settle it first (its actor is gone, nothing listens).
      const latestUser = (settle: () => void) =>
        act(async () => {
          while (fetchUser.pending > 1) fetchUser.resolve(testUser);
          settle();
        });

      await flow.run(
        path,
        {
          'auth.token.stored': ({ token: stored }) => {
            unchecked = null;
            storedByAnotherTab(stored);
          },
          'auth.token.cleared': () => {
            unchecked = null;
            storedByAnotherTab(null);
          },
          'auth.logout': () => user.click(screen.getByRole('button', { name: 'Leave' })),
          'xstate.done.actor.loadUser': ({ output }) => latestUser(() => fetchUser.resolve(output)),
          'xstate.error.actor.loadUser': ({ error }) => {
            if (!isRefusedWith(error, 401)) unchecked = localStorage.getItem('token');
            return latestUser(() => fetchUser.reject(error));
          },
          'xstate.done.actor.logout': ({ output }) => act(async () => logout.resolve(output)),
          'xstate.error.actor.logout': ({ error }) => act(async () => logout.reject(error)),
        } satisfies Executors<GuardEvent>,
        (expected) => {
          expect(localStorage.getItem('token')).toBe(expected.context.token ?? unchecked);
          const onLogin = currentPath().startsWith('/login');
          if (expected.hasTag('authenticated')) {
            hadSession = true;
            expect(onLogin).toBe(false);
            expect(screen.getByText('Guarded content')).toBeTruthy();
          } else if (expected.matches('loggingOut')) {
            expect(screen.getByRole('status').textContent).toBe('Signing out...');
          } else if (expected.matches('loadingUser')) {
            // A token adopted while on /login loads there; on a guarded page, a loading screen.
            if (onLogin) expect(screen.getByText('Login screen')).toBeTruthy();
            else expect(screen.getByRole('status').textContent).toBe('Loading...');
          } else if (expected.matches({ anonymous: 'sessionEnded' })) {
            expect(currentPath()).toBe('/login');
            expect(screen.getByText('Login screen')).toBeTruthy();
          } else {
            // A visitor who never had a session here is sent to /login remembering the page.
            expect(onLogin).toBe(true);
            if (!hadSession) expect(currentPath()).toBe('/login?from=%2Fkeys');
            expect(screen.getByText('Login screen')).toBeTruthy();
          }
          if (!expected.hasTag('authenticated')) expect(screen.queryByText('Guarded content')).toBeNull();
        },
      );
    });
  }
});
