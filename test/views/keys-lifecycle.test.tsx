import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@/app/query-client';
import { CallFailed } from '@/domain/call-failure';
import { EXPIRY_IN_PAST } from '@/domain/key-lifecycle';
import { renderKeysPage, serverKey } from './keys-harness';

afterEach(() => queryClient.clear());

const settle = (change: () => void) =>
  act(async () => {
    change();
    await new Promise((resolve) => setImmediate(resolve));
  });

const OLD_SECRET = 'rpk_OLDoldOLDoldOLDoldOLDoldOLDold12';

describe("a key's roll and expiry", () => {
  it('rolls with the grace chosen, then lists the new secret and the old one until its grace ends', async () => {
    const user = userEvent.setup({ delay: null });
    const page = await renderKeysPage([serverKey(3, { name: 'Backend' })]);
    await user.click(screen.getByRole('button', { name: 'Roll Backend' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll Backend?' });
    const graces = within(dialog).getByRole('radiogroup', { name: 'The old secret keeps working for' });
    expect(within(graces).getByRole('radio', { name: '24 hours' })).toHaveProperty('checked', true);
    await user.click(within(graces).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));
    expect(page.rollKey.inputs).toEqual([{ id: '3', grace: '7d' }]);

    // The server now holds the new secret and the old one in its grace.
    page.server.keys = [
      serverKey(3, {
        name: 'Backend',
        apiKey: 'rpk_NEWnewNEWnewNEWnewNEWnewNEWnew12',
        previousKey: OLD_SECRET,
        previousKeyUntil: '2030-02-01T10:00:00.000Z',
      }),
    ];
    await settle(() => page.rollKey.resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Feb 1, 2030, 10:00 UTC')).toBeTruthy();
    expect(screen.getByText('rpk_OL••••••••••••ld12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy old secret of Backend' })).toBeTruthy();
  });

  it("keeps the roll dialog with the server's message when the roll fails, and Cancel leaves", async () => {
    const user = userEvent.setup({ delay: null });
    const page = await renderKeysPage([serverKey(3, { name: 'Backend' })]);
    await user.click(screen.getByRole('button', { name: 'Roll Backend' }));
    await user.click(screen.getByRole('button', { name: 'Roll key' }));
    await settle(() => page.rollKey.reject(new CallFailed({ kind: 'refused', status: 404, message: 'API key not found.' })));
    expect(within(screen.getByRole('dialog', { name: 'Roll Backend?' })).getByText('API key not found.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sets the last day the key works, shows a refusal under the field, and clears it', async () => {
    const user = userEvent.setup({ delay: null });
    const page = await renderKeysPage([serverKey(4, { name: 'Frontend' })]);
    await user.click(screen.getByRole('button', { name: 'Expiry of Frontend' }));
    const dialog = screen.getByRole('dialog', { name: 'Expiry of Frontend' });
    const field = within(dialog).getByLabelText('Last day the key works (UTC)');
    expect(within(dialog).queryByRole('button', { name: 'Never expire' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save expiry' })).toHaveProperty('disabled', true);
    await user.type(field, '2031-01-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    expect(page.setKeyExpiry.inputs).toEqual([{ id: '4', expiresAt: '2031-02-01T00:00:00.000Z' }]);
    await settle(() => page.setKeyExpiry.reject(new CallFailed({ kind: 'refused', status: 400, message: EXPIRY_IN_PAST })));
    expect(within(dialog).getByText(EXPIRY_IN_PAST)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    page.server.keys = [serverKey(4, { name: 'Frontend', expiresAt: '2031-02-01T00:00:00.000Z' })];
    await settle(() => page.setKeyExpiry.resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Works through 2031-01-31 (UTC)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Expiry of Frontend' }));
    await user.click(screen.getByRole('button', { name: 'Never expire' }));
    expect(page.setKeyExpiry.inputs.at(-1)).toEqual({ id: '4', expiresAt: null });
  });

  it('marks a key whose expiry has passed', async () => {
    await renderKeysPage([serverKey(5, { name: 'Old', expiresAt: '2020-01-01T00:00:00.000Z' })]);
    expect(await screen.findByText('Expired on Jan 1, 2020, 00:00 UTC')).toBeTruthy();
  });
});
