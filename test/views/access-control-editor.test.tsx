import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  selectAllowNoOrigin,
  selectDraft,
  selectDraftError,
  selectIsOpen,
  selectKind,
  selectLists,
  selectSaveError,
  selectValues,
} from '@machines/access-control-editor';
import { accessControlQueryKey } from '@/api/access-control-calls';
import { queryClient } from '@/app/query-client';
import type { AccessKind, AccessSettings } from '@/domain/access-control';
import { AccessControlCard } from '@/views/endpoints/access-control-card';
import { ACCESS_RULE_TEXT, NO_ORIGIN_LABEL, domainsRefusal } from '@/domain/access-rule-text';
import { type Executors, describePath } from '../machines/flow-model';
import {
  type AccessControlEditorModelEvent,
  FRESH_LISTS,
  STORED_LISTS,
  accessControlEditorFlow,
  accessControlEditorPaths,
} from '../machines/models/access-control-editor.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

const dialog = () => screen.getByRole('dialog');
const valueInput = (kind: AccessKind) => within(dialog()).getByLabelText(ACCESS_RULE_TEXT[kind].valueLabel);
/** A rule of the card; `hidden` because the open modal hides the page from assistive technology. */
const ruleSection = (kind: AccessKind) => screen.getByRole('group', { name: ACCESS_RULE_TEXT[kind].title, hidden: true });
/**
 * What a refetch of the lists does: the query cache gets the server's fresh answer. TanStack Query
 * tells its observers on a later task, hence the wait.
 */
const serverAnswers = (lists: AccessSettings) =>
  act(async () => {
    queryClient.setQueryData(accessControlQueryKey, {
      domains: [...lists.domains],
      ips: [...lists.ips],
      cidrs: [...lists.cidrs],
      allowNoOrigin: lists.allowNoOrigin,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** The values a rule row shows, or ['No values set']. */
function shownValues(kind: AccessKind): string[] {
  const list = within(ruleSection(kind)).queryByRole('list', { hidden: true });
  if (!list) return [within(ruleSection(kind)).getByText('No values set').textContent ?? ''];
  return within(list)
    .getAllByRole('listitem', { hidden: true })
    .map((item) => item.textContent ?? '');
}

function renderCard(lists: AccessSettings = STORED_LISTS) {
  seedQuery(accessControlQueryKey, {
    domains: [...lists.domains],
    ips: [...lists.ips],
    cidrs: [...lists.cidrs],
    allowNoOrigin: lists.allowNoOrigin,
  });
  const save = pendingCall<AccessSettings, AccessSettings>('saveAccessControl');
  const rendered = renderInApp(<AccessControlCard actors={{ saveAccessControl: save.logic }} />, { path: '/endpoints' });
  return { save, ...rendered };
}

describe('access control card, walking the editor machine paths', () => {
  for (const path of accessControlEditorPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { save } = renderCard();
      let openKind: AccessKind = 'domains';

      await accessControlEditorFlow.run(
        path,
        {
          'rule.open': async ({ kind }) => {
            openKind = kind;
            await user.click(screen.getByRole('button', { name: `Edit ${ACCESS_RULE_TEXT[kind].title}` }));
          },
          'rule.draft': async ({ value }) => {
            await user.clear(valueInput(openKind));
            await user.paste(value);
          },
          // The keyboard way: Enter in the field adds the value.
          'rule.add': () => user.type(valueInput(openKind), '{Enter}'),
          'rule.remove': ({ value }) => user.click(within(dialog()).getByRole('button', { name: `Remove ${value}` })),
          'rule.originless.set': async ({ allow }) => {
            const box = within(dialog()).getByRole('checkbox', { name: NO_ORIGIN_LABEL });
            if ((box as HTMLInputElement).checked !== allow) await user.click(box);
          },
          // Escape once the dialog holds the focus (its trap and dismiss layer are set up just after it opens), as a keyboard user meets it.
          'rule.cancel': async () => {
            await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
            await user.keyboard('{Escape}');
          },
          'rule.save': () => user.click(within(dialog()).getByRole('button', { name: 'Save Changes' })),
          'lists.sync': ({ lists }) => serverAnswers(lists),
          'xstate.done.actor.saveAccessControl': ({ output }) => act(async () => save.resolve(output)),
          'xstate.error.actor.saveAccessControl': ({ error }) => act(async () => save.reject(error)),
        } satisfies Executors<AccessControlEditorModelEvent>,
        async (expected) => {
          const kind = selectKind(expected);
          const lists = selectLists(expected);
          const values = selectValues(expected);
          const draft = selectDraft(expected);
          const error = selectDraftError(expected);
          for (const rule of ['domains', 'ips', 'cidrs'] as const) {
            expect(shownValues(rule)).toEqual(lists[rule].length > 0 ? lists[rule] : ['No values set']);
          }
          const status = screen.getByRole('status', { hidden: true });
          expect(status.textContent).toBe(
            expected.matches('saved') ? `${ACCESS_RULE_TEXT[kind].title} saved. The gateway enforces them from now on.` : '',
          );
          if (!selectIsOpen(expected)) {
            await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
            return;
          }
          const modal = await screen.findByRole('dialog');
          expect(within(modal).getByRole('heading', { name: `Edit ${ACCESS_RULE_TEXT[kind].title}` })).toBeTruthy();
          expect(valueInput(kind)).toHaveProperty('value', draft);
          expect(valueInput(kind).getAttribute('aria-invalid')).toBe(error === null ? null : 'true');
          if (error !== null) expect(within(modal).getByText(error)).toBeTruthy();
          const listed = within(modal).queryByRole('list');
          expect(
            listed
              ? within(listed)
                  .getAllByRole('listitem')
                  .map((item) => item.textContent)
              : [],
          ).toEqual(values);
          if (values.length === 0) expect(within(modal).getByText('No values set')).toBeTruthy();
          const noOrigin = within(modal).queryByRole('checkbox', { name: NO_ORIGIN_LABEL });
          if (kind === 'domains') {
            expect(noOrigin).toHaveProperty('checked', selectAllowNoOrigin(expected));
            if (values.length > 0)
              expect(within(modal).getByTestId('domains-refusal').textContent).toBe(domainsRefusal(selectAllowNoOrigin(expected)));
          } else expect(noOrigin).toBeNull();
          expect(within(modal).queryByRole('alert')?.textContent ?? null).toBe(selectSaveError(expected));
          const saving = expected.matches('saving');
          expect(within(modal).getByRole('button', { name: saving ? /Saving/ : 'Save Changes' })).toHaveProperty('disabled', saving);
          expect(within(modal).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', saving);
        },
      );
    });
  }
});

describe('access control card', () => {
  it("shows 'No values set' for empty rules and names every edit button", () => {
    renderCard({ domains: [], ips: ['1.2.3.4'], cidrs: [], allowNoOrigin: false });
    expect(shownValues('domains')).toEqual(['No values set']);
    expect(shownValues('ips')).toEqual(['1.2.3.4']);
    expect(shownValues('cidrs')).toEqual(['No values set']);
    for (const name of ['Edit Allowed Domains', 'Edit Allowed IPs', 'Edit Allowed CIDRs']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('is one region landmark; its rules are named groups inside it, not landmarks of their own', () => {
    renderCard();
    const card = screen.getByRole('region', { name: 'RPC Access Control' });
    expect(within(card).queryAllByRole('region')).toEqual([]);
    expect(
      within(card)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-labelledby')),
    ).toEqual(['access-rule-domains', 'access-rule-ips', 'access-rule-cidrs']);
  });

  it('moves focus into the modal, ties the label to the field, and Cancel closes it without saving', async () => {
    const user = userEvent.setup({ delay: null });
    const { save } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit Allowed CIDRs' }));
    const input = await screen.findByLabelText('CIDR range');
    // Focus is trapped in the modal (jsdom has no layout, so which element gets it is checked in Chromium).
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    await user.type(input, '1.2.3.4/33{Enter}');
    // The message is announced as it appears and is the field's error message (it renders after the machine's answer).
    const message = await waitFor(() => {
      const shown = document.getElementById(input.getAttribute('aria-errormessage') ?? '');
      expect(shown?.textContent).toBe('Please enter a valid CIDR notation');
      return shown;
    });
    expect(message?.getAttribute('aria-live')).toBe('polite');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(save.inputs).toEqual([]);
    expect(shownValues('cidrs')).toEqual(['10.0.0.0/8']);
  });

  it('saves all three lists and keeps what the server stored in the query cache', async () => {
    const user = userEvent.setup({ delay: null });
    const { save } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit Allowed IPs' }));
    await user.type(await screen.findByLabelText('IP address'), ' 192.168.0.1 ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(save.inputs).toEqual([{ domains: ['app.example.com'], ips: ['192.168.0.1'], cidrs: ['10.0.0.0/8'], allowNoOrigin: false }]);
    const stored = { domains: ['app.example.com'], ips: ['192.168.0.1'], cidrs: ['10.0.0.0/8'], allowNoOrigin: false };
    await act(async () => save.resolve(stored));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownValues('ips')).toEqual(['192.168.0.1']);
    expect(queryClient.getQueryData(accessControlQueryKey)).toEqual(stored);
  });

  it('saves over what another tab stored since, not over the lists the screen opened with', async () => {
    const user = userEvent.setup({ delay: null });
    const { save } = renderCard();
    // Another tab saved; the query refetched (window focus) and got the server's new lists.
    await serverAnswers(FRESH_LISTS);
    expect(shownValues('ips')).toEqual(['203.0.113.7']);
    expect(shownValues('cidrs')).toEqual(['No values set']);
    await user.click(screen.getByRole('button', { name: 'Edit Allowed Domains' }));
    await user.type(await screen.findByLabelText('Domain'), 'example.com');
    // A refetch while the modal is open keeps what is being typed.
    await serverAnswers({ ...FRESH_LISTS, cidrs: ['172.16.0.0/12'] });
    expect(screen.getByLabelText('Domain')).toHaveProperty('value', 'example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(save.inputs).toEqual([
      { domains: ['app.example.com', 'example.com'], ips: ['203.0.113.7'], cidrs: ['172.16.0.0/12'], allowNoOrigin: false },
    ]);
  });

  it('disables Add at 100 values and says why', async () => {
    const user = userEvent.setup({ delay: null });
    const full = Array.from({ length: 100 }, (_, i) => `10.0.0.${i}`);
    const { save } = renderCard({ domains: [], ips: full, cidrs: [], allowNoOrigin: false });
    await user.click(screen.getByRole('button', { name: 'Edit Allowed IPs' }));
    const input = await screen.findByLabelText('IP address');
    expect(within(dialog()).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
    expect(within(dialog()).getByText('You can only add up to 100 values')).toBeTruthy();
    // Save with a value typed tries to add it first, and refuses it with the same message.
    await user.type(input, '192.168.0.1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-errormessage') ?? '')?.textContent).toBe('You can only add up to 100 values');
    expect(save.inputs).toEqual([]);
    await user.click(within(dialog()).getByRole('button', { name: 'Remove 10.0.0.0' }));
    expect(within(dialog()).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', false);
  });

  it('shows the load failure with Retry when the lists cannot be read', async () => {
    queryClient.setQueryDefaults(accessControlQueryKey, { retry: false, staleTime: Infinity });
    const save = pendingCall<AccessSettings, AccessSettings>('saveAccessControl');
    renderInApp(<AccessControlCard actors={{ saveAccessControl: save.logic }} />);
    // jsdom has no API server: the real query fails, as it would offline.
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
