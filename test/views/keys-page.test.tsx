import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CallFailed } from '@/domain/call-failure';
import { $api } from '@/api/query-hooks';
import { currentApiBase } from '@/api/rpc-calls';
import { queryClient } from '@/app/query-client';
import { KEYS_UNCOUNTED, formatKeyDate } from '@/domain/key-display';
import { API_KEY_PLACEHOLDER, rpcUrl } from '@/domain/rpc-urls';
import { KEYS_READ_ONLY, keysReadOnlyText } from '@/domain/roles';
import KeysPage from '@/views/keys/keys-page';
import { deferred, renderInApp, testUser } from './app-harness';
import { renderKeysPage, seedPlan, serverKey } from './keys-harness';
import { seedConfig } from './seed-config';

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

const urlField = () => screen.getByLabelText('RPC URL', { selector: 'input' });

describe('API Keys & Endpoints screen', () => {
  it("says 'Loading API keys and endpoints...' while the list loads, then has one h1 and its title", async () => {
    seedConfig();
    seedPlan();
    const keys = deferred<never[]>();
    renderInApp(<KeysPage listKeys={() => keys.promise} />, { path: '/keys' });
    expect(screen.getByRole('status').textContent).toBe('Loading API keys and endpoints...');
    await act(async () => keys.resolve([]));
    await screen.findByRole('heading', { name: 'API Keys', level: 2 });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['API Keys & Endpoints']);
    expect(document.title).toBe('API Keys & Endpoints | Test RPC');
  });

  it('has the Playground card linking to /rpc-testing', async () => {
    await renderKeysPage([serverKey(1)]);
    const card = screen.getByRole('region', { name: 'Playground' });
    expect(within(card).getByRole('link', { name: 'Open the RPC Playground' }).getAttribute('href')).toBe('/rpc-testing');
  });

  it('lists every key with its name, masked value, creation date and environment tag when present', async () => {
    await renderKeysPage([serverKey(1, { name: 'Production', environment: 'MAINNET' }), serverKey(2, { name: 'Staging' })]);
    const table = screen.getByRole('table', { name: 'API Keys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'API key', 'Created', 'Actions']);
    const [, production, staging] = within(table).getAllByRole('row');
    if (!production || !staging) throw new Error('two key rows expected');
    expect(within(production).getByText('Production')).toBeTruthy();
    expect(within(production).getByText('MAINNET')).toBeTruthy();
    expect(within(staging).queryByText('MAINNET')).toBeNull();
    expect(within(production).getByText(formatKeyDate(serverKey(1).createdAt))).toBeTruthy();
    for (const row of [production, staging]) {
      expect(within(row).getAllByRole('cell')).toHaveLength(4);
      expect(row.textContent).not.toContain(serverKey(1).apiKey);
    }
    // Every control says which key it acts on.
    for (const name of ['Show key Staging', 'Copy key Staging', 'Rename Staging', 'Delete Staging']) {
      expect(within(staging).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('offers a Viewer no change to the keys: no Generate, no row buttons, and says why', async () => {
    localStorage.setItem('token', 'stored-token');
    localStorage.setItem('project', 'prj_00000042');
    try {
      await renderKeysPage([serverKey(1, { name: 'Production' })], {
        session: {
          listProjects: async () => [
            { id: 'prj_00000001', name: 'My Project', role: 'owner' },
            { id: 'prj_00000042', name: 'Payments', role: 'viewer' },
          ],
        },
      });
      expect(await screen.findByText(keysReadOnlyText('viewer'))).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Generate new key' })).toBeNull();
      const table = screen.getByRole('table', { name: 'API Keys' });
      expect(within(table).getByText('Production')).toBeTruthy();
      expect(within(table).getByText(KEYS_READ_ONLY)).toBeTruthy();
      expect(within(table).queryAllByRole('button')).toEqual([]);
      // The playground is not the Viewer's (it calls with the keys), and a masked secret makes no URL.
      expect(screen.queryByRole('region', { name: 'Playground' })).toBeNull();
      expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), 'mainnet', null));
    } finally {
      localStorage.removeItem('project');
      localStorage.removeItem('token');
    }
  });

  it('shows the RPC URL of the first key, mainnet by default, and devnet after the switch', async () => {
    const user = userEvent.setup({ delay: null });
    await renderKeysPage([serverKey(1), serverKey(2)]);
    expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), 'mainnet', serverKey(1).apiKey));
    expect(urlField()).toHaveProperty('readOnly', true);
    expect(screen.getByRole('radiogroup', { name: 'Network' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mainnet' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'Devnet' }));
    // The radio group reports the change a moment after the click.
    await screen.findByDisplayValue(rpcUrl(currentApiBase(), 'devnet', serverKey(1).apiKey));
    expect(urlField()).toHaveProperty('value', expect.stringMatching(/^http:\/\/localhost(:\d+)?\/api\/v1\/devnet\/rpc_live_/));
  });

  it("copies the RPC URL: 'Copied!' for 2 s", async () => {
    const user = userEvent.setup({ delay: null });
    const { writeText } = await renderKeysPage([serverKey(1)]);
    await user.click(screen.getByRole('button', { name: 'Copy RPC URL' }));
    expect(writeText.inputs).toEqual([{ text: rpcUrl(currentApiBase(), 'mainnet', serverKey(1).apiKey) }]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => writeText.resolve());
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Copy RPC URL' })).toBeTruthy();
  });

  it('shows a placeholder URL and an empty table when the user has no key', async () => {
    await renderKeysPage([]);
    expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), 'mainnet', null));
    expect((urlField() as HTMLInputElement).value.endsWith(API_KEY_PLACEHOLDER)).toBe(true);
    expect(screen.getByText('Generate a key to get a working URL.')).toBeTruthy();
    expect(screen.getByText('0/3 keys used')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("falls back to the user's own key, read-only, when the list fails (SPEC.md §7)", async () => {
    localStorage.setItem('token', 'stored-token');
    seedConfig();
    seedPlan();
    renderInApp(<KeysPage listKeys={() => Promise.reject(new CallFailed({ kind: 'no-answer' }))} />, { path: '/keys' });
    expect(await screen.findByText('Your API keys could not be loaded: your default key is shown meanwhile.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'API Keys' });
    expect(within(table).getByText('Default Key')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^Rename / })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), 'mainnet', testUser.apiKey));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    // The stand-in is no count of the user's keys: no 'x/y keys used', and Generate waits, saying why.
    expect(screen.queryByText(/keys used$/)).toBeNull();
    const generate = screen.getByRole('button', { name: 'Generate new key' });
    expect(generate).toHaveProperty('disabled', true);
    expect(document.getElementById(generate.getAttribute('aria-describedby') ?? '')?.textContent).toBe(KEYS_UNCOUNTED);
  });

  it('never waits on a GET /apiKeys fetch another screen started without the 10 s time-out', async () => {
    localStorage.setItem('token', 'stored-token');
    seedConfig();
    seedPlan();
    // The path read through the generic hooks (no time-out, retries), hanging: /keys must not join it.
    void queryClient.prefetchQuery({
      queryKey: $api.queryOptions('get', '/apiKeys').queryKey,
      queryFn: () => new Promise<never>(() => {}),
    });
    renderInApp(<KeysPage listKeys={() => Promise.reject(new CallFailed({ kind: 'refused', status: 500, message: null }))} />, {
      path: '/keys',
    });
    expect(await screen.findByText('Your API keys could not be loaded: your default key is shown meanwhile.')).toBeTruthy();
    expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), 'mainnet', testUser.apiKey));
  });

  it('reads each stacked card cell its label on a phone, where the column headers are not displayed', async () => {
    await renderKeysPage([serverKey(1)]);
    const [, row] = within(screen.getByRole('table', { name: 'API Keys' })).getAllByRole('row');
    if (!row) throw new Error('a key row expected');
    const label = within(row).getByText('Created:');
    // Not hidden from screen readers: from lg on it is not displayed at all (the header says it).
    expect(label.closest('[aria-hidden="true"]')).toBeNull();
  });

  it('renames from the keyboard and gives the focus back to Rename', async () => {
    const user = userEvent.setup({ delay: null });
    const { renameKey } = await renderKeysPage([serverKey(7, { name: 'Old' })]);
    screen.getByRole('button', { name: 'Rename Old' }).focus();
    await user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'New name for Old' });
    expect(document.activeElement).toBe(field);
    await user.keyboard('{Control>}a{/Control}New name{Enter}');
    expect(renameKey.inputs).toEqual([{ id: '7', name: 'New name' }]);
    await act(async () => renameKey.resolve({ name: 'New name' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename New name' }));
  });

  // Where the focus starts (Cancel) is checked in Chromium: jsdom lays nothing out, so the dialog's
  // focus trap finds no focusable element there and falls back to the dialog itself.
  it('confirms a deletion in a dialog that closes on Escape without deleting', async () => {
    const user = userEvent.setup({ delay: null });
    const { deleteKey } = await renderKeysPage([serverKey(7, { name: 'Old' })]);
    await user.click(screen.getByRole('button', { name: 'Delete Old' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete API key?' });
    expect(within(dialog).getByText('Old')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleteKey.inputs).toEqual([]);
  });
});
