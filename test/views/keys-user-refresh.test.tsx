import { afterEach, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentApiBase } from '@/api/rpc-calls';
import { queryClient } from '@/app/query-client';
import { rpcUrl } from '@/domain/rpc-urls';
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
