import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@/app/query-client';
import { NO_ORIGIN_LABEL } from '@/domain/access-rule-text';
import { CallFailed } from '@/domain/call-failure';
import { KEY_CAP_MESSAGE, PROJECT_RULES } from '@/domain/key-rules';
import { CONTRACT, LOADED, LOAD_FAILURE, NEW_CONTRACT, SAVE_FAILURE } from '../machines/models/key-rules-editor.model';
import { renderKeysPage, serverKey } from './keys-harness';

afterEach(() => queryClient.clear());

/** Lets a settled call reach the screen. */
const settle = (change: () => void) =>
  act(async () => {
    change();
    await new Promise((resolve) => setImmediate(resolve));
  });

const dialog = () => screen.getByRole('dialog', { name: 'Rules of Staging' });
const inDialog = () => within(dialog());
const group = (name: string) => inDialog().getByRole('radiogroup', { name });
const addTo = (title: string) => inDialog().getByRole('button', { name: `Add to ${title}` });
const listed = (name: string) =>
  within(inDialog().getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openRules() {
  const user = userEvent.setup({ delay: null });
  const page = await renderKeysPage([serverKey(3, { name: 'Staging' })]);
  await user.click(screen.getByRole('button', { name: 'Rules of Staging' }));
  return { user, ...page };
}

async function openLoaded() {
  const opened = await openRules();
  await settle(() => opened.loadKeyRules.resolve(LOADED));
  return opened;
}

describe("a key's rules dialog", () => {
  it('reads nothing until opened, then shows the loading state and each list with its choice', async () => {
    const user = userEvent.setup({ delay: null });
    const { loadKeyRules } = await renderKeysPage([serverKey(3, { name: 'Staging' })]);
    expect(loadKeyRules.inputs).toEqual([]);
    expect(screen.queryByText('Own rules')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rules of Staging' }));
    expect(inDialog().getByText("Loading the key's rules...")).toBeTruthy();
    expect(loadKeyRules.inputs).toEqual([{ id: '3' }]);
    await settle(() => loadKeyRules.resolve(LOADED));

    // The project's domains and CIDRs apply; the key has its own IP list.
    expect(within(group('Allowed Domains')).getByRole('radio', { name: "Use the project's list" })).toHaveProperty('checked', true);
    expect(listed('Allowed Domains of the project')).toEqual(['app.example.com']);
    expect(within(group('Allowed IPs')).getByRole('radio', { name: "This key's own list" })).toHaveProperty('checked', true);
    expect(listed('Allowed IPs of this key')).toEqual(['203.0.113.7']);
    expect(listed('Allowed CIDRs of the project')).toEqual(['10.0.0.0/8']);
    expect(
      within(group('Calls without an Origin')).getByRole('radio', { name: "Use the project's choice (now: refuse them)" }),
    ).toHaveProperty('checked', true);
    expect(inDialog().getByRole('group', { name: 'Allowed Methods' })).toBeTruthy();
    expect(inDialog().getByText('No values set')).toBeTruthy();
    expect(listed('Allowed Contract Addresses of this key')).toEqual([CONTRACT]);
    // Having read them, the row knows the key holds rules of its own.
    expect(screen.getByText('Own rules')).toBeTruthy();
  });

  it('edits every kind, shows a refused value its message, and saves the whole rules', async () => {
    const { user, saveKeyRules } = await openLoaded();
    await user.click(within(group('Allowed Domains')).getByRole('radio', { name: "This key's own list" }));
    const domain = inDialog().getByLabelText('Domain');
    await user.type(domain, 'localhost');
    await user.click(addTo('Allowed Domains'));
    expect(domain.getAttribute('aria-invalid')).toBe('true');
    expect(inDialog().getByText('"localhost" is not a valid domain in this context')).toBeTruthy();
    await user.clear(domain);
    await user.type(domain, 'Example.com{Enter}');
    expect(listed('Allowed Domains of this key')).toEqual(['example.com']);
    expect(domain).toHaveProperty('value', '');

    await user.click(within(group('Allowed IPs')).getByRole('radio', { name: "Use the project's list" }));
    await user.click(within(group('Calls without an Origin')).getByRole('radio', { name: NO_ORIGIN_LABEL }));

    const method = inDialog().getByLabelText('Method');
    await user.selectOptions(method, 'eth_call');
    await user.click(addTo('Allowed Methods'));
    expect(listed('Allowed Methods of this key')).toEqual(['eth_call']);
    expect(within(method).queryByRole('option', { name: 'eth_call' })).toBeNull();

    await user.type(inDialog().getByLabelText('Contract address'), NEW_CONTRACT);
    await user.click(addTo('Allowed Contract Addresses'));
    await user.click(inDialog().getByRole('button', { name: `Remove ${CONTRACT}` }));
    expect(listed('Allowed Contract Addresses of this key')).toEqual([NEW_CONTRACT.toLowerCase()]);

    await user.click(inDialog().getByRole('button', { name: 'Save Changes' }));
    const sent = {
      domains: ['example.com'],
      ips: null,
      cidrs: null,
      allowNoOrigin: true,
      methods: ['eth_call'],
      contracts: [NEW_CONTRACT.toLowerCase()],
      creditsPerDay: null,
      creditsPerCycle: null,
    };
    expect(saveKeyRules.inputs).toEqual([{ id: '3', rules: sent }]);
    expect(inDialog().getByRole('button', { name: 'Saving...' })).toBeTruthy();

    await settle(() => saveKeyRules.reject(new CallFailed({ kind: 'refused', status: 400, message: SAVE_FAILURE })));
    // The edits stay for another try.
    expect(within(dialog()).getByRole('alert').textContent).toContain(SAVE_FAILURE);
    expect(listed('Allowed Methods of this key')).toEqual(['eth_call']);

    await user.click(inDialog().getByRole('button', { name: 'Save Changes' }));
    await settle(() => saveKeyRules.resolve(sent));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Rules of Staging saved. The gateway enforces them within a second.')).toBeTruthy();
    expect(screen.getByText('Own rules')).toBeTruthy();
    // Back where the user was.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rules of Staging' }));
  });

  it("a save that leaves the project's rules drops the badge", async () => {
    const { user, saveKeyRules } = await openLoaded();
    await user.click(within(group('Allowed IPs')).getByRole('radio', { name: "Use the project's list" }));
    await user.click(inDialog().getByRole('button', { name: `Remove ${CONTRACT}` }));
    await user.click(inDialog().getByRole('button', { name: 'Save Changes' }));
    expect(saveKeyRules.inputs).toEqual([{ id: '3', rules: PROJECT_RULES }]);
    await settle(() => saveKeyRules.resolve(PROJECT_RULES));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Own rules')).toBeNull();
  });

  it('takes spend caps as typed, and says why one is refused without saving', async () => {
    const { user, saveKeyRules } = await openLoaded();
    const perDay = inDialog().getByLabelText('Credits per day');
    await user.type(perDay, 'lots');
    await user.type(inDialog().getByLabelText('Credits per billing cycle'), '2,500,000');
    await user.click(inDialog().getByRole('button', { name: 'Save Changes' }));
    expect(saveKeyRules.inputs).toEqual([]);
    expect(inDialog().getByText(KEY_CAP_MESSAGE)).toBeTruthy();
    expect(perDay.getAttribute('aria-invalid')).toBe('true');
    await user.clear(perDay);
    await user.type(perDay, '5000');
    expect(inDialog().queryByText(KEY_CAP_MESSAGE)).toBeNull();
    await user.click(inDialog().getByRole('button', { name: 'Save Changes' }));
    expect(saveKeyRules.inputs.at(-1)?.rules).toMatchObject({ creditsPerDay: 5000, creditsPerCycle: 2_500_000 });
  });

  it('Cancel and Escape close it without saving, and the next open reads the rules again', async () => {
    const { user, loadKeyRules, saveKeyRules } = await openLoaded();
    await user.type(inDialog().getByLabelText('Contract address'), NEW_CONTRACT);
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Rules of Staging' }));
    await settle(() => loadKeyRules.resolve(LOADED));
    expect(inDialog().getByLabelText('Contract address')).toHaveProperty('value', '');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(loadKeyRules.inputs).toHaveLength(2);
    expect(saveKeyRules.inputs).toEqual([]);
  });

  it('says why the rules could not be read, and Retry reads them again', async () => {
    const { user, loadKeyRules } = await openRules();
    await settle(() => loadKeyRules.reject(new CallFailed({ kind: 'refused', status: 404, message: LOAD_FAILURE })));
    expect(inDialog().getByRole('alert').textContent).toContain(LOAD_FAILURE);
    expect(inDialog().getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);
    await user.click(inDialog().getByRole('button', { name: 'Retry' }));
    expect(inDialog().getByText("Loading the key's rules...")).toBeTruthy();
    await settle(() => loadKeyRules.resolve(LOADED));
    expect(group('Allowed Domains')).toBeTruthy();
    expect(loadKeyRules.inputs).toHaveLength(2);
  });
});
