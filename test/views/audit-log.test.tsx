import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import type { AuditLogPage } from '@machines/audit-log.types';
import { createApiClient } from '@/api/client';
import { auditLogActorsOver, createAuditLogCalls } from '@/api/audit-log-calls';
import { queryClient } from '@/app/query-client';
import { auditActionLabel } from '@/domain/audit-log';
import { NO_AUDIT_ENTRIES, NO_MATCHING_AUDIT_ENTRIES, auditRangeQuery } from '@/domain/audit-log-view';
import { failureIn } from '@/domain/call-failure';
import { AuditLogCard } from '@/views/settings/audit-log-card';
import { type Executors, describePath } from '../machines/flow-model';
import { type AuditLogModelEvent, auditLogFlow, auditLogPaths, firstPage } from '../machines/models/audit-log.model';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => queryClient.clear());

type Pending = { url: URL; answer: (response: Response | Error) => void };

/** GET /auditLog behind a stubbed fetch: each call waits until the test answers it (a page, the error envelope, or no answer). */
function stubbedApi() {
  const pending: Pending[] = [];
  const requests: URL[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push(url);
    return new Promise<Response>((resolve, reject) => {
      const entry = { url, answer: (response: Response | Error) => (response instanceof Error ? reject(response) : resolve(response)) };
      pending.push(entry);
      request.signal.addEventListener('abort', () => {
        pending.splice(pending.indexOf(entry), 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
  const take = async () => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    const call = pending.shift();
    if (!call) throw new Error('no GET /auditLog is waiting for an answer');
    return call;
  };
  return {
    client: createApiClient({ baseUrl: 'http://localhost/api', fetch, token: () => 'test-token' }),
    requests,
    pending: () => pending.length,
    answer: async (page: AuditLogPage) => (await take()).answer(Response.json(page)),
    fail: async (error: unknown) => {
      const failure = failureIn(error);
      const call = await take();
      if (failure.kind === 'refused') {
        call.answer(Response.json({ statusCode: failure.status, error: 'Refused', message: failure.message }, { status: failure.status }));
      } else call.answer(new TypeError('Failed to fetch'));
    },
  };
}

function renderAuditLog() {
  seedConfig();
  const api = stubbedApi();
  const rendered = renderInApp(<AuditLogCard actors={auditLogActorsOver(createAuditLogCalls(api.client))} />, { path: '/settings' });
  return { api, ...rendered };
}

const section = () => screen.getByRole('region', { name: 'Audit Log', hidden: true });
const groupSelect = () => within(section()).getByLabelText<HTMLSelectElement>('Changes to');
const fromField = () => within(section()).getByLabelText<HTMLInputElement>('From (UTC)');
const toField = () => within(section()).getByLabelText<HTMLInputElement>('To (UTC)');
const loadMore = () => within(section()).queryByRole('button', { name: /^(Load more|Loading more\.\.\.)$/, hidden: true });
const dataRows = () =>
  within(section())
    .queryAllByRole('row', { hidden: true })
    .filter((row) => within(row).queryAllByRole('cell', { hidden: true }).length > 0);

/** The query a page sends for these filters. */
function searchFor(filters: { group: string | null; from: string | null; to: string | null }, cursor: string | null): string {
  const query = new URLSearchParams({ limit: '25' });
  if (cursor !== null) query.set('cursor', cursor);
  if (filters.group !== null) query.set('group', filters.group);
  for (const [name, value] of Object.entries(auditRangeQuery(filters.from, filters.to))) query.set(name, value);
  return `?${query}`;
}

async function expectScreenOf(expected: AnyMachineSnapshot, api: ReturnType<typeof stubbedApi>) {
  const { filters, entries, nextCursor, error } = expected.context;
  const loading = expected.matches('loading');
  const loadingMore = expected.matches({ shown: 'loadingMore' });
  await waitFor(() => expect(api.pending()).toBe(loading || loadingMore ? 1 : 0));
  const last = api.requests.at(-1);
  if (!last) throw new Error('no request was made');
  if (loading || loadingMore) {
    expect(last.pathname).toBe('/api/auditLog');
    expect(last.search).toBe(searchFor(filters, loadingMore ? nextCursor : null));
  }
  expect(groupSelect().value).toBe(filters.group ?? '');
  expect(fromField().value).toBe(filters.from ?? '');
  expect(toField().value).toBe(filters.to ?? '');
  const alert = within(section()).queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(loading ? null : error);
  expect(within(section()).queryByRole('button', { name: 'Retry' }) !== null).toBe(expected.matches('failed'));
  const shown = !loading && !expected.matches('failed');
  expect(dataRows()).toHaveLength(shown ? entries.length : 0);
  const unfiltered = filters.group === null && filters.from === null && filters.to === null;
  expect(within(section()).queryByText(unfiltered ? NO_AUDIT_ENTRIES : NO_MATCHING_AUDIT_ENTRIES) !== null).toBe(
    shown && entries.length === 0,
  );
  expect(loadMore() !== null).toBe(shown && nextCursor !== null);
}

describe('Audit Log, walking the audit log machine paths', () => {
  for (const path of auditLogPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { api } = renderAuditLog();
      await auditLogFlow.run(
        path,
        {
          'audit.group': ({ group }) => user.selectOptions(groupSelect(), group ?? ''),
          'audit.from': ({ day }) => act(() => void fireEvent.change(fromField(), { target: { value: day ?? '' } })),
          'audit.to': ({ day }) => act(() => void fireEvent.change(toField(), { target: { value: day ?? '' } })),
          'audit.more': async () => {
            const button = loadMore();
            if (!button) throw new Error('no Load more button');
            await user.click(button);
          },
          'audit.retry': () => user.click(within(section()).getByRole('button', { name: 'Retry' })),
          'xstate.done.actor.fetchPage': ({ output }) => act(() => api.answer(output)),
          'xstate.error.actor.fetchPage': ({ error }) => act(() => api.fail(error)),
          'xstate.done.actor.fetchMore': ({ output }) => act(() => api.answer(output)),
          'xstate.error.actor.fetchMore': ({ error }) => act(() => api.fail(error)),
        } satisfies Executors<AuditLogModelEvent>,
        (expected) => expectScreenOf(expected, api),
      );
    });
  }
});

describe('Audit Log table', () => {
  it('says who, what, on what, what changed and from where; the system has no address', async () => {
    const { api } = renderAuditLog();
    await act(() => api.answer(firstPage));
    const [rename, plan] = dataRows();
    if (!rename || !plan) throw new Error('two rows expected');
    expect(within(section()).getByRole('table', { name: 'Audit Log', hidden: true })).toBeTruthy();
    expect(rename.textContent).toContain('ada@example.com');
    expect(rename.textContent).toContain(auditActionLabel('key.renamed'));
    expect(rename.textContent).toContain('Prod (key_ab••••••••••••wxyz)');
    expect(rename.textContent).toContain('name: Key 1 → Prod');
    expect(rename.textContent).toContain('203.0.113.0/24');
    expect(plan.textContent).toContain('System');
    expect(plan.textContent).toContain('plan: Free → Developer');
    expect(plan.textContent).toContain('Address:—');
  });
});
