import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCanSave } from '@machines/key-row';
import { queryClient } from '@/app/query-client';
import { maskKey } from '@/domain/key-display';
import { type Executors, describePath } from '../machines/flow-model';
import { KEY_ROW_INPUT, type KeyRowModelEvent, keyRowFlow, keyRowPaths } from '../machines/models/key-row.model';
import { renderKeysPage, serverKey } from './keys-harness';

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

/** Lets the answer travel: the machine, then the list refetched from the (test's) server. */
const settle = (change: () => void) =>
  act(async () => {
    change();
    await new Promise((resolve) => setImmediate(resolve));
  });

// `hidden: true` only skips Testing Library's style walk up every ancestor (slow on a screen this
// size); the page tests query the same controls plainly.
const table = () => screen.queryByRole('table', { name: 'API Keys', hidden: true });
const keyRow = () => {
  const found = table();
  return found ? within(within(found).getAllByRole('row', { hidden: true })[1] ?? found) : null;
};
const rowButton = (name: string | RegExp) => {
  const row = keyRow();
  if (!row) throw new Error('the key row is not shown');
  return row.getByRole('button', { name, hidden: true });
};
const nameInput = () => screen.getByLabelText(/^New name for /, { selector: 'input' });
const dialog = () => screen.getByRole('alertdialog', { hidden: true });

describe('API key row, walking the machine paths', () => {
  for (const path of keyRowPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { server, renameKey, deleteKey } = await renderKeysPage([
        serverKey(Number(KEY_ROW_INPUT.id), { name: KEY_ROW_INPUT.name, apiKey: KEY_ROW_INPUT.apiKey, environment: 'MAINNET' }),
      ]);
      const listedAtStart = server.listed;
      let changes = 0;

      await keyRowFlow.run(
        path,
        {
          'key.visibility.toggle': () => user.click(rowButton(/^(Show|Hide) key /)),
          'key.edit': () => user.click(rowButton(/^Rename /)),
          'key.draft.change': async ({ value }) => {
            await user.clear(nameInput());
            await user.type(nameInput(), value);
          },
          // SPEC.md §4: Enter saves, Escape cancels (the field has the focus while editing).
          'key.save': () => user.keyboard('{Enter}'),
          'key.edit.cancel': () => user.keyboard('{Escape}'),
          'key.delete': () => user.click(rowButton(/^Delete /)),
          'key.delete.confirm': () => user.click(within(dialog()).getByRole('button', { name: 'Delete key', hidden: true })),
          'key.delete.cancel': () => user.click(within(dialog()).getByRole('button', { name: 'Cancel', hidden: true })),
          'xstate.done.actor.renameKey': ({ output }) => {
            changes += 1;
            server.keys = server.keys.map((key) => ({ ...key, name: output.name }));
            return settle(() => renameKey.resolve(output));
          },
          'xstate.error.actor.renameKey': ({ error }) => settle(() => renameKey.reject(error)),
          'xstate.done.actor.deleteKey': ({ output }) => {
            changes += 1;
            server.keys = [];
            return settle(() => deleteKey.resolve(output));
          },
          'xstate.error.actor.deleteKey': ({ error }) => settle(() => deleteKey.reject(error)),
        } satisfies Executors<KeyRowModelEvent>,
        async (expected) => {
          const { name, draft, error, apiKey } = expected.context;
          // Only a successful rename or delete refreshes the list (and the user).
          expect(server.listed).toBe(listedAtStart + changes);
          if (expected.matches({ entry: 'deleted' })) {
            expect(keyRow()?.queryByRole('button', { name: /^Rename /, hidden: true }) ?? null).toBeNull();
            // Once the list is refetched from the server, the table is gone.
            await screen.findByText('You have no API keys yet. Generate one to call the RPC endpoints.');
            expect(table()).toBeNull();
            expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'API Keys', hidden: true }));
            return;
          }
          const row = keyRow();
          if (!row) throw new Error('the key row is not shown');
          const editing = expected.matches({ entry: 'editing' }) || expected.matches({ entry: 'saving' });
          if (editing) {
            expect(nameInput()).toHaveProperty('value', draft);
            expect(document.activeElement).toBe(nameInput());
            // Read-only while saving, never disabled: a browser drops the focus of a disabled field,
            // and a refused rename would leave a keyboard user nowhere.
            expect(nameInput()).toHaveProperty('disabled', false);
            expect(nameInput()).toHaveProperty('readOnly', expected.matches({ entry: 'saving' }));
            const save = row.getByRole('button', { name: /^(Save|Saving\.\.\.)$/, hidden: true });
            expect(save).toHaveProperty('disabled', !selectCanSave(expected));
            expect(save.textContent).toContain(expected.matches({ entry: 'saving' }) ? 'Saving...' : 'Save');
            const problem = draft.trim() === '' ? 'A key name cannot be blank.' : error;
            if (problem) expect(row.getByText(problem)).toBeTruthy();
            else expect(row.queryByText(/blank|characters/)).toBeNull();
          } else {
            expect(screen.queryByLabelText(/^New name for /)).toBeNull();
            expect(row.getByText(name)).toBeTruthy();
            expect(row.getByText('MAINNET')).toBeTruthy();
          }
          const confirming = expected.matches({ entry: 'confirmingDelete' }) || expected.matches({ entry: 'deleting' });
          if (confirming) {
            expect(within(dialog()).getByText(name)).toBeTruthy();
            expect(within(dialog()).queryByRole('alert', { hidden: true })?.textContent ?? null).toBe(error);
            const remove = within(dialog()).getByRole('button', { name: /^(Delete key|Deleting\.\.\.)$/, hidden: true });
            expect(remove.textContent).toContain(expected.matches({ entry: 'deleting' }) ? 'Deleting...' : 'Delete key');
          } else {
            expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
          }
          // SPEC.md §4: masked until Show.
          if (expected.matches({ visibility: 'shown' })) {
            expect(row.getByText(apiKey)).toBeTruthy();
            expect(rowButton(`Hide key ${name}`)).toBeTruthy();
          } else {
            expect(row.queryByText(apiKey)).toBeNull();
            expect(row.getByText(maskKey(apiKey))).toBeTruthy();
          }
          expect(rowButton(`Copy key ${name}`)).toBeTruthy();
        },
      );
    });
  }
});

// The row's Copy is the shared copy feedback (machines/copy-feedback.ts, walked in its own tests).
describe('API key row Copy', () => {
  it("copies the full key: 'Copied!' for 2 s, 'Copy failed' as long when the browser refuses", async () => {
    const user = userEvent.setup({ delay: null });
    const key = serverKey(3, { name: 'Staging' });
    const { writeText } = await renderKeysPage([key]);
    await user.click(rowButton('Copy key Staging'));
    expect(writeText.inputs).toEqual([{ text: key.apiKey }]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => writeText.resolve());
    expect(rowButton('Copied!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(rowButton('Copied!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(rowButton('Copy key Staging')).toBeTruthy();
    vi.useRealTimers();

    await user.click(rowButton('Copy key Staging'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => writeText.reject(new Error('Write permission denied')));
    expect(rowButton('Copy failed')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(rowButton('Copy key Staging')).toBeTruthy();
    // The value stays masked: copying does not show it.
    expect(keyRow()?.queryByText(key.apiKey) ?? null).toBeNull();
  });
});
