import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import type { components } from '@/api/schema';
import { createAuthCalls } from '@/api/auth-calls';
import { createApiClient } from '@/api/client';
import { currentApiBase } from '@/api/rpc-calls';
import { queryClient } from '@/app/query-client';
import { RouteGuard } from '@/app/route-guard';
import { rpcUrl } from '@/domain/rpc-urls';
import { AuthActor } from '@/hooks/auth-actor';
import { testUser } from './app-harness';
import { renderKeysPage, serverKey } from './keys-harness';

/*
 * In a file of its own: after a deletion, jsdom (unlike Chromium, where the story test deletes and
 * opens dialogs again) keeps the closed dialog's layer, and a later test's Escape would go to it.
 */

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

const urlField = () => screen.getByLabelText('RPC URL', { selector: 'input' });

it("re-reads the session's user after a key change, so the fallback key is never a deleted one", async () => {
  const user = userEvent.setup({ delay: null });
  localStorage.setItem('token', 'stored-token');
  const [first, second] = [serverKey(1), serverKey(2)];
  // User.apiKey is the oldest key the user still has.
  const fetchUser = vi
    .fn<() => Promise<typeof testUser>>()
    .mockResolvedValueOnce({ ...testUser, apiKey: first.apiKey })
    .mockResolvedValue({ ...testUser, apiKey: second.apiKey });
  const { server, deleteKey } = await renderKeysPage([first, second], { session: { fetchUser } });
  await user.click(screen.getByRole('button', { name: 'Delete Key 1' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete key' }));
  server.keys = [second];
  await act(async () => deleteKey.resolve());
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await waitFor(() => expect(fetchUser).toHaveBeenCalledTimes(2));
  // Later the list fails (cache gone, server down): the stand-in is the key that is left.
  server.listFails = true;
  await act(() => queryClient.resetQueries());
  expect(await screen.findByText('Your API keys could not be loaded: your default key is shown meanwhile.')).toBeTruthy();
  expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), 'mainnet', second.apiKey));
});

/**
 * The session's real user call, over the SPA's API client, to a server whose GET /users/me answers
 * Ada first and then `later` (a reload aborting the call, a lost connection, a 401).
 */
function sessionCalls(later: () => Promise<Response>) {
  const meCalls: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://localhost/api',
    token: () => localStorage.getItem('token'),
    fetch: async (input: RequestInfo | URL) => {
      meCalls.push(input instanceof Request ? input.url : String(input));
      return meCalls.length === 1 ? Response.json(testUser) : later();
    },
  });
  const calls = createAuthCalls(client);
  return { meCalls, fetchUser: (input: { token: string | null }) => calls.fetchUser(input) };
}

type ApiKey = components['schemas']['ApiKey'];

/** Where the session stands, for the test to wait on. */
function SessionState() {
  const value = AuthActor.useSelector((snapshot) => JSON.stringify(snapshot.value));
  return <output aria-label="Session state">{value}</output>;
}

const guardedKeys = (page: ReactElement) => (
  <>
    <SessionState />
    <Switch>
      <Route path="/login">
        <p>Login screen</p>
      </Route>
      <Route>
        <RouteGuard>{page}</RouteGuard>
      </Route>
    </Switch>
  </>
);
const sessionState = () => screen.getByRole('status', { name: 'Session state' }).textContent;

async function renameTheKey(renameKey: Awaited<ReturnType<typeof renderKeysPage>>['renameKey'], server: { keys: ApiKey[] }) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Rename Key 1' }));
  const field = screen.getByLabelText('New name for Key 1', { selector: 'input' });
  await user.clear(field);
  await user.type(field, 'Production{Enter}');
  server.keys = server.keys.map((key) => ({ ...key, name: 'Production' }));
  await act(async () => renameKey.resolve({ name: 'Production' }));
}

describe('the user re-read after a rename', () => {
  it.each([
    ['aborted (the page reloads)', () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))],
    ['cut off (no answer)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['answered 503', async () => Response.json({ statusCode: 503, error: 'Service Unavailable', message: 'Try again' }, { status: 503 })],
  ])('keeps the session when the call is %s', async (_, later) => {
    localStorage.setItem('token', 'stored-token');
    const { meCalls, fetchUser } = sessionCalls(later);
    const { server, renameKey, currentPath } = await renderKeysPage([serverKey(1)], { session: { fetchUser }, wrap: guardedKeys });
    await renameTheKey(renameKey, server);
    // The re-read is under way (its request was sent), then has failed without a verdict on the session.
    await waitFor(() => expect(meCalls).toHaveLength(2));
    await waitFor(() => expect(sessionState()).toBe(JSON.stringify({ authenticated: 'idle' })));
    expect(screen.queryByText('Login screen')).toBeNull();
    expect(await screen.findByText('Production')).toBeTruthy();
    expect(currentPath()).toBe('/keys');
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('ends the session when the server answers 401', async () => {
    localStorage.setItem('token', 'stored-token');
    const { fetchUser } = sessionCalls(async () =>
      Response.json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid or expired session' }, { status: 401 }),
    );
    const { server, renameKey, currentPath } = await renderKeysPage([serverKey(1)], { session: { fetchUser }, wrap: guardedKeys });
    await renameTheKey(renameKey, server);
    await screen.findByText('Login screen');
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
