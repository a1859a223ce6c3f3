import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import { selectAnnouncement } from '@machines/request-log.selectors';
import type { RequestLogEntry, RequestLogPage } from '@machines/request-log.types';
import { type Schemas, createApiClient } from '@/api/client';
import { apiKeyListQueryKey } from '@/api/key-calls';
import { $api } from '@/api/query-hooks';
import { createRequestLogCalls, requestLogActorsOver } from '@/api/request-log-calls';
import { queryClient } from '@/app/query-client';
import { planOf } from '@/domain/plan-catalog';
import { failureIn } from '@/domain/call-failure';
import { ACCESS_REFUSAL_REASONS, OUTCOME_LABELS, REFUSAL_REASONS } from '@/domain/call-outcomes';
import { readPlaygroundSearch } from '@/domain/playground-link';
import { LOG_OFF, NO_LOGGED_CALLS, NO_MATCHING_CALLS, RERUN_REFUSALS } from '@/domain/request-log';
import { RequestLog } from '@/views/usage/request-log';
import UsagePage from '@/views/usage/usage-page';
import { type Executors, describePath } from '../machines/flow-model';
import {
  LOG_KEYS,
  type RequestLogModelEvent,
  firstPage,
  lastPage,
  requestLogFlow,
  requestLogPaths,
} from '../machines/models/request-log.model';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

type Pending = { url: URL; body: string; answer: (response: Response | Error) => void };

/**
 * The API behind a stubbed fetch: each GET /apiKeys/{id}/requests and PUT /apiKeys/{id}/requestLog
 * waits until the test answers it, with a body, the API's error envelope or no answer at all. The
 * section's real client (openapi-fetch with the app's middleware) makes the calls and reads the answers.
 */
function stubbedApi() {
  const pending: Record<'GET' | 'PUT', Pending[]> = { GET: [], PUT: [] };
  const requests: Array<{ method: string; url: URL; body: string }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = await request.text();
    const method = request.method === 'PUT' ? 'PUT' : 'GET';
    requests.push({ method, url, body });
    return new Promise<Response>((resolve, reject) => {
      const queue = pending[method];
      const entry = {
        url,
        body,
        answer: (response: Response | Error) => (response instanceof Error ? reject(response) : resolve(response)),
      };
      queue.push(entry);
      request.signal.addEventListener('abort', () => {
        queue.splice(queue.indexOf(entry), 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
  const take = async (method: 'GET' | 'PUT') => {
    await waitFor(() => expect(pending[method].length).toBeGreaterThan(0));
    const call = pending[method].shift();
    if (!call) throw new Error(`no ${method} is waiting for an answer`);
    return call;
  };
  const fail = async (method: 'GET' | 'PUT', error: unknown) => {
    const failure = failureIn(error);
    const call = await take(method);
    if (failure.kind === 'refused') {
      call.answer(Response.json({ statusCode: failure.status, error: 'Refused', message: failure.message }, { status: failure.status }));
    } else call.answer(new TypeError('Failed to fetch'));
  };
  return {
    client: createApiClient({ baseUrl: 'http://localhost/api', fetch, token: () => 'test-token' }),
    requests,
    pending: (method: 'GET' | 'PUT') => pending[method].length,
    answerPage: async (page: RequestLogPage) => (await take('GET')).answer(Response.json(page)),
    failPage: (error: unknown) => fail('GET', error),
    answerSwitch: async (stored: { enabled: boolean }) => (await take('PUT')).answer(Response.json(stored)),
    failSwitch: (error: unknown) => fail('PUT', error),
  };
}

function seedKeys() {
  seedQuery(apiKeyListQueryKey, LOG_KEYS.map((key) => ({ ...key })) satisfies Schemas['ApiKey'][]);
}

function renderRequestLog() {
  seedConfig();
  seedKeys();
  const api = stubbedApi();
  const rendered = renderInApp(<RequestLog unlocked actors={requestLogActorsOver(createRequestLogCalls(api.client))} />, {
    path: '/usage',
  });
  return { api, ...rendered };
}

const section = () => screen.getByRole('region', { name: 'Request Log', hidden: true });
const keySelect = () => within(section()).getByLabelText<HTMLSelectElement>('API key');
const outcomeSelect = () => within(section()).getByLabelText<HTMLSelectElement>('Outcome');
const methodField = () => within(section()).getByLabelText<HTMLInputElement>('Method');
const logSwitch = () => within(section()).getByRole('checkbox', { name: "Log this key's calls", hidden: true });
const loadMore = () => within(section()).queryByRole('button', { name: /^(Load more|Loading more\.\.\.)$/, hidden: true });
const dataRows = () =>
  within(section())
    .queryAllByRole('row', { hidden: true })
    .filter((row) => within(row).queryAllByRole('cell', { hidden: true }).length > 0);
const statusTexts = () =>
  within(section())
    .getAllByRole('status', { hidden: true })
    .map((status) => status.textContent);

/** The query a first page or the next one sends for these filters. */
function searchFor(filters: { method: string | null; outcome: string | null }, cursor: string | null): string {
  const query = new URLSearchParams({ limit: '25' });
  if (cursor !== null) query.set('cursor', cursor);
  if (filters.method !== null) query.set('method', filters.method);
  if (filters.outcome !== null) query.set('outcome', filters.outcome);
  return `?${query}`;
}

async function expectScreenOf(expected: AnyMachineSnapshot, api: ReturnType<typeof stubbedApi>) {
  const { filters, entries, nextCursor, enabled, error } = expected.context;
  const loading = expected.matches('loading');
  const loadingMore = expected.matches({ shown: 'loadingMore' });
  const saving = expected.matches('saving');
  // One request waits while a page loads or the switch is saved, for the key and filters shown.
  await waitFor(() => expect(api.pending('GET')).toBe(loading || loadingMore ? 1 : 0));
  await waitFor(() => expect(api.pending('PUT')).toBe(saving ? 1 : 0));
  const last = api.requests.at(-1);
  if (!last) throw new Error('no request was made');
  if (loading || loadingMore) {
    expect(last.url.pathname).toBe(`/api/apiKeys/${filters.keyId}/requests`);
    expect(last.url.search).toBe(searchFor(filters, loadingMore ? nextCursor : null));
  }
  if (saving) {
    expect(last.url.pathname).toBe(`/api/apiKeys/${filters.keyId}/requestLog`);
    expect(JSON.parse(last.body)).toEqual({ enabled: enabled !== true });
  }
  // The filters show what the machine holds.
  expect(keySelect().value).toBe(String(filters.keyId));
  expect(outcomeSelect().value).toBe(filters.outcome ?? '');
  expect(methodField().value).toBe(filters.method ?? '');
  expect(keySelect().disabled).toBe(saving);
  // The switch: on or off as the key's log is, usable only while the table rests.
  expect(logSwitch()).toHaveProperty('checked', enabled === true);
  expect(logSwitch()).toHaveProperty('disabled', !expected.matches({ shown: 'idle' }));
  // The confirmation that turning it off deletes the stored calls.
  await waitFor(() =>
    expect(screen.queryByRole('alertdialog', { hidden: true }) !== null).toBe(expected.matches({ shown: 'confirmingOff' })),
  );
  if (expected.matches({ shown: 'confirmingOff' })) {
    expect(screen.getByRole('alertdialog', { hidden: true }).textContent).toContain('deletes the calls it holds');
  }

  const alert = within(section()).queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(loading ? null : error);
  expect(within(section()).queryByRole('button', { name: 'Retry' }) !== null).toBe(expected.matches('failed'));
  const shown = !loading && !expected.matches('failed');
  expect(dataRows()).toHaveLength(shown ? entries.length : 0);
  const empty = enabled === false ? LOG_OFF : filters.method !== null || filters.outcome !== null ? NO_MATCHING_CALLS : NO_LOGGED_CALLS;
  expect(within(section()).queryByText(empty) !== null).toBe(shown && entries.length === 0);
  expect(loadMore() !== null).toBe(shown && nextCursor !== null);
  // The live regions: the first page's spinner, then how many calls are shown (or that more are loading).
  expect(statusTexts()).toEqual(
    loading ? ['', 'Loading the request log...'] : [saving ? 'Saving the switch...' : selectAnnouncement(expected)],
  );
}

describe('Request Log, walking the request log machine paths', () => {
  for (const path of requestLogPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { api } = renderRequestLog();
      await requestLogFlow.run(
        path,
        {
          'log.key': ({ keyId }) => user.selectOptions(keySelect(), String(keyId)),
          'log.method': async ({ method }) => {
            await user.clear(methodField());
            if (method !== null) await user.type(methodField(), method);
            await user.type(methodField(), '{Enter}');
          },
          'log.outcome': ({ outcome }) => user.selectOptions(outcomeSelect(), outcome ?? ''),
          'log.more': async () => {
            const button = loadMore();
            if (!button) throw new Error('no Load more button');
            await user.click(button);
          },
          'log.retry': () => user.click(within(section()).getByRole('button', { name: 'Retry' })),
          'log.switch': () => user.click(logSwitch()),
          'log.confirm': () => user.click(screen.getByRole('button', { name: 'Turn off and delete', hidden: true })),
          'log.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel', hidden: true })),
          'xstate.done.actor.fetchPage': ({ output }) => act(() => api.answerPage(output)),
          'xstate.error.actor.fetchPage': ({ error }) => act(() => api.failPage(error)),
          'xstate.done.actor.fetchMore': ({ output }) => act(() => api.answerPage(output)),
          'xstate.error.actor.fetchMore': ({ error }) => act(() => api.failPage(error)),
          'xstate.done.actor.saveSwitch': ({ output }) => act(() => api.answerSwitch(output)),
          'xstate.error.actor.saveSwitch': ({ error }) => act(() => api.failSwitch(error)),
        } satisfies Executors<RequestLogModelEvent>,
        async (expected) => {
          expect(screen.getByRole('heading', { level: 2, name: 'Request Log', hidden: true })).toBeTruthy();
          await waitFor(() => expectScreenOf(expected, api));
        },
      );
    });
  }
});

/** Each cell's text of a data row. */
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell', { hidden: true })
    .map((cell) => cell.textContent);

describe('Request Log rows', () => {
  async function shown() {
    const rendered = renderRequestLog();
    await act(() => rendered.api.answerPage(firstPage));
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    return rendered;
  }

  it('shows each call: time, network, method (+N for a batch), outcome and status, latency, credits, sizes, client and Origin', async () => {
    await shown();
    const [balance, refused, batch] = dataRows().map(cellsOf);
    expect(balance?.slice(0, 8)).toEqual([
      'Time (UTC):12:00:03 Mar 3',
      'Network:Devnet',
      'Method:eth_getBalance',
      `Outcome:${OUTCOME_LABELS.answered} HTTP 200`,
      'Latency:1,234 ms',
      'Credits:20',
      'Size:47 B / —',
      'Client:203.0.113.0/24 Origin https://app.example.com',
    ]);
    expect(refused?.slice(1, 5)).toEqual([
      'Network:Mainnet',
      'Method:admin_peers',
      `Outcome:${OUTCOME_LABELS.refused_method} HTTP 403${REFUSAL_REASONS.refused_method}`,
      'Latency:—',
    ]);
    expect(batch?.[1]).toBe('Network:Mainnet WebSocket');
    expect(batch?.[2]).toBe('Method:eth_chainId +2');
    expect(batch?.[7]).toBe('Client:203.0.113.0/24 No Origin');
  });

  it("offers 'Open in playground' for a single call the playground lists, and says why not for the others", async () => {
    const { location } = await shown();
    const [balance, refused, batch] = dataRows();
    if (!balance || !refused || !batch) throw new Error('three rows expected');
    expect(within(refused).queryByRole('link', { name: 'Open in playground' })).toBeNull();
    expect(within(refused).getByText(RERUN_REFUSALS['unlisted-method'])).toBeTruthy();
    expect(within(batch).queryByRole('link', { name: 'Open in playground' })).toBeNull();
    expect(within(batch).getByText(RERUN_REFUSALS.batch)).toBeTruthy();

    const link = within(balance).getByRole('link', { name: 'Open in playground', hidden: true });
    await userEvent.setup({ delay: null }).click(link);
    const [path, search] = (location.history.at(-1) ?? '').split('?');
    expect(path).toBe('/rpc-testing');
    expect(readPlaygroundSearch(search ?? '')).toEqual({
      keyId: String(LOG_KEYS[0].id),
      network: 'devnet',
      method: 'eth_getBalance',
      params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'],
    });
  });

  it("shows a truncated request's text with a note, and no way to run it again", async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await shown();
    await user.click(loadMore() ?? document.body);
    await act(() => api.answerPage(lastPage));
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    const truncated = dataRows()[3];
    if (!truncated) throw new Error('no fourth row');
    expect(within(truncated).getByText('Truncated at 2 KB')).toBeTruthy();
    expect(within(truncated).queryByRole('link', { name: 'Open in playground' })).toBeNull();
    const entry: RequestLogEntry | undefined = lastPage.entries[0];
    expect(truncated.querySelector('pre')?.textContent).toBe(`${entry?.request}…`);
  });

  it('says which allow-list refused a call, and marks the calls that came over a WebSocket', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await shown();
    await user.click(loadMore() ?? document.body);
    await act(() => api.answerPage(lastPage));
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    const [balance, , , truncated, refused] = dataRows().map(cellsOf);
    expect(refused?.slice(1, 4)).toEqual([
      'Network:Mainnet WebSocket',
      'Method:eth_blockNumber',
      `Outcome:${OUTCOME_LABELS.refused_allow_list} HTTP 403${ACCESS_REFUSAL_REASONS.ips}`,
    ]);
    // Answered and failed calls give no reason; HTTP calls carry no mark.
    expect(balance?.[3]).toBe(`Outcome:${OUTCOME_LABELS.answered} HTTP 200`);
    expect(truncated?.[1]).toBe('Network:Mainnet');
    expect(truncated?.[3]).toBe(`Outcome:${OUTCOME_LABELS.upstream_error} HTTP 502`);
  });

  it('loads more from the keyboard, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await shown();
    const button = loadMore();
    if (!button) throw new Error('no Load more button');
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(statusTexts()).toEqual(['Loading more calls...']));
    await act(() => api.answerPage(lastPage));
    await waitFor(() => expect(statusTexts()).toEqual(['Showing 5 calls, all of the last 24 hours.']));
    expect(loadMore()).toBeNull();
  });
});

describe('Request Log on the Usage screen', () => {
  function seedPage(plan: Schemas['PlanName']) {
    seedConfig();
    seedKeys();
    seedQuery($api.queryOptions('get', '/usage', { params: { query: { range: '1m', groupBy: 'method' } } }).queryKey, {
      range: '1m',
      groupBy: 'method',
      from: '2025-02-07T00:00:00.000Z',
      to: '2025-03-07T00:00:00.000Z',
      cycle: { start: '2025-02-07T00:00:00.000Z', end: '2025-03-07T00:00:00.000Z', creditsUsed: 0, creditsLimit: 500_000 },
      totals: { requests: 0, credits: 0, rateLimited: 0, refused: 0 },
      rows: [],
    } satisfies Schemas['UsageReport']);
    seedQuery($api.queryOptions('get', '/users/plan').queryKey, {
      id: 1,
      name: plan,
      description: '',
      price: 0,
      credit: 500_000,
      rate: 10,
      maxKey: 3,
      billingFrequency: 'MONTHLY',
      entitlements: planOf(plan).entitlements,
    } satisfies Schemas['UserPlan']);
  }

  it("is locked behind 'Upgrade Required' on Free, below RPC Metrics, with the way to /billing", () => {
    seedPage('Free');
    renderInApp(<UsagePage />, { path: '/usage' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Request Log')).toBeGreaterThan(headings.indexOf('RPC Metrics'));
    expect(within(section()).getByText('Upgrade Required')).toBeTruthy();
    expect(within(section()).getByText(/available on paid plans/)).toBeTruthy();
    expect(within(section()).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/billing');
    expect(within(section()).queryByLabelText('API key')).toBeNull();
  });

  it('says so when the user has no key', async () => {
    seedConfig();
    seedQuery(apiKeyListQueryKey, []);
    renderInApp(<RequestLog unlocked actors={requestLogActorsOver(createRequestLogCalls(stubbedApi().client))} />, { path: '/usage' });
    expect(await within(section()).findByText(/You have no API key/)).toBeTruthy();
  });
});
