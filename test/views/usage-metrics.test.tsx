import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import type { UsageSeries } from '@machines/usage-metrics.types';
import { type Schemas, createApiClient } from '@/api/client';
import { apiKeyListQueryKey } from '@/api/key-calls';
import { $api } from '@/api/query-hooks';
import { createUsageSeriesCalls, usageMetricsActorsOver } from '@/api/usage-series-calls';
import { queryClient } from '@/app/query-client';
import { planOf } from '@/domain/plan-catalog';
import { CallFailed, failureIn } from '@/domain/call-failure';
import { type MetricsFilters, hasCalls } from '@/domain/usage-metrics';
import UsagePage from '@/views/usage/usage-page';
import { type Executors, describePath } from '../machines/flow-model';
import {
  METRICS_KEY,
  type UsageMetricsModelEvent,
  busySeries,
  usageMetricsFlow,
  usageMetricsPaths,
} from '../machines/models/usage-metrics.model';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

type Report = Schemas['UsageReport'];

/**
 * The API behind a stubbed fetch: each GET /usage/series waits until the test answers it, with the
 * body of a series, the API's error envelope, or no answer at all. The page's real client (the
 * openapi-fetch client with the app's middleware) makes the call and reads the answer.
 */
function stubbedApi() {
  const pending: Array<{ url: URL; answer: (response: Response | Error) => void }> = [];
  const requests: URL[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
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
  /** The waiting call (the client sends it a few ticks after the machine asks: its middleware is async). */
  const take = async () => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    const call = pending.shift();
    if (!call) throw new Error('no GET /usage/series is waiting for an answer');
    return call;
  };
  return {
    client: createApiClient({ baseUrl: 'http://localhost/api', fetch, token: () => 'test-token' }),
    requests,
    get pending() {
      return pending.length;
    },
    async answer(series: UsageSeries) {
      (await take()).answer(Response.json(series));
    },
    /** The answer that makes the client fail the way `error` says. */
    async fail(error: unknown) {
      const failure = failureIn(error);
      const call = await take();
      if (failure.kind === 'refused') {
        call.answer(
          Response.json({ statusCode: failure.status, error: 'Forbidden', message: failure.message }, { status: failure.status }),
        );
      } else call.answer(new TypeError('Failed to fetch'));
    },
  };
}

const cycle: Report['cycle'] = {
  start: '2025-02-07T00:00:00.000Z',
  end: '2025-03-07T00:00:00.000Z',
  creditsUsed: 1_660,
  creditsLimit: 5_000_000,
};

function renderPaidUsage() {
  seedConfig();
  seedQuery($api.queryOptions('get', '/usage', { params: { query: { range: '1m', groupBy: 'method' } } }).queryKey, {
    range: '1m',
    groupBy: 'method',
    from: cycle.start,
    to: cycle.end,
    cycle,
    totals: { requests: 80, credits: 1_660, rateLimited: 4, refused: 0 },
    rows: [],
  } satisfies Report);
  seedQuery($api.queryOptions('get', '/users/plan').queryKey, {
    id: 2,
    name: 'Developer',
    description: '',
    price: 49,
    credit: 5_000_000,
    rate: 50,
    maxKey: 10,
    billingFrequency: 'MONTHLY',
    entitlements: planOf('Developer').entitlements,
  } satisfies Schemas['UserPlan']);
  seedQuery(apiKeyListQueryKey, [
    { id: 11, name: 'Default Key', apiKey: 'key_default', createdAt: '2025-02-07T10:00:00.000Z' },
    { ...METRICS_KEY, apiKey: 'key_backend', createdAt: '2025-02-08T10:00:00.000Z' },
  ] satisfies Schemas['ApiKey'][]);
  const api = stubbedApi();
  const rendered = renderInApp(<UsagePage metricsActors={usageMetricsActorsOver(createUsageSeriesCalls(api.client))} />, {
    path: '/usage',
  });
  return { api, ...rendered };
}

const metrics = () => screen.getByRole('region', { name: 'RPC Metrics' });
const FIGURES = ['Requests and credits', 'Latency', 'Errors by outcome', 'Top methods'];
const figuresShown = () =>
  within(metrics())
    .queryAllByRole('figure')
    .map(
      (figure) =>
        figure.getAttribute('aria-labelledby') && document.getElementById(figure.getAttribute('aria-labelledby') ?? '')?.textContent,
    );

/** The query a request for these filters sends: the range, and each filter chosen. */
function searchFor({ range, keyId, network, method }: MetricsFilters): string {
  const query = new URLSearchParams({ range });
  if (keyId !== null) query.set('keyId', String(keyId));
  if (network !== null) query.set('network', network);
  if (method !== null) query.set('method', method);
  return `?${query}`;
}

/** What the section's live regions say: the first spinner's label, or whether an update is on its way. */
const statusTexts = () =>
  within(metrics())
    .getAllByRole('status')
    .map((status) => status.textContent);

/** Until the section has settled: neither the first spinner nor 'Updating' shows. */
const settled = () => waitFor(() => expect(statusTexts()).toEqual(['']));

async function expectScreenOf(expected: AnyMachineSnapshot, api: ReturnType<typeof stubbedApi>) {
  const section = metrics();
  const { filters, series, error } = expected.context;
  // One request waits while loading, for these filters (sent a few ticks after the machine asked).
  await waitFor(() => expect(api.pending).toBe(expected.matches('loading') ? 1 : 0));
  // The filters, each labelled, show what the machine holds.
  expect(
    within(section).getByRole('radio', { name: { '1d': '1 Day', '1m': '1 Month', '3m': '3 Months' }[filters.range as string] }),
  ).toHaveProperty('checked', true);
  expect(within(section).getByRole('radio', { name: filters.network === 'devnet' ? 'Devnet' : 'All' })).toHaveProperty('checked', true);
  expect(within(section).getByLabelText<HTMLSelectElement>('API key').value).toBe(filters.keyId === null ? '' : String(filters.keyId));
  expect(within(section).getByLabelText<HTMLSelectElement>('Method').value).toBe(filters.method ?? '');
  const last = api.requests.at(-1);
  if (!last) throw new Error('no request was made');
  expect(last.pathname).toBe('/api/usage/series');
  if (expected.matches('loading')) expect(last.search).toBe(searchFor(filters));

  const loadingFirst = expected.matches('loading') && series === null;
  expect(statusTexts()).toEqual([loadingFirst ? 'Loading RPC metrics...' : expected.matches('loading') ? 'Updating RPC metrics...' : '']);
  const alert = within(section).queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(expected.matches('failed') ? error : null);
  expect(within(section).queryByRole('button', { name: 'Retry' }) !== null).toBe(expected.matches('failed'));
  const content = expected.matches('failed') || series === null ? 'none' : hasCalls(series.points) ? 'charts' : 'empty';
  expect(within(section).queryByText('No calls in this range.') !== null).toBe(content === 'empty');
  expect(figuresShown()).toEqual(content === 'charts' ? FIGURES : []);
}

describe('RPC Metrics, walking the usage metrics machine paths', () => {
  for (const path of usageMetricsPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { api } = renderPaidUsage();
      await usageMetricsFlow.run(
        path,
        {
          'metrics.range': ({ range }) =>
            user.click(within(metrics()).getByRole('radio', { name: { '1d': '1 Day', '1m': '1 Month', '3m': '3 Months' }[range] })),
          'metrics.network': ({ network }) =>
            user.click(within(metrics()).getByRole('radio', { name: network === 'devnet' ? 'Devnet' : 'All' })),
          'metrics.key': ({ keyId }) =>
            user.selectOptions(within(metrics()).getByLabelText('API key'), keyId === null ? '' : String(keyId)),
          'metrics.method': ({ method }) => user.selectOptions(within(metrics()).getByLabelText('Method'), method ?? ''),
          'metrics.retry': () => user.click(within(metrics()).getByRole('button', { name: 'Retry' })),
          'xstate.done.actor.fetchSeries': async ({ output }) => {
            await act(() => api.answer(output));
            await settled();
          },
          'xstate.error.actor.fetchSeries': async ({ error }) => {
            await act(() => api.fail(error));
            await waitFor(() => expect(within(metrics()).getByRole('alert')).toBeTruthy());
          },
        } satisfies Executors<UsageMetricsModelEvent>,
        async (expected) => {
          // The page keeps one h1; RPC Metrics is an h2 and its charts h3.
          expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
          expect(screen.getByRole('heading', { level: 2, name: 'RPC Metrics' })).toBeTruthy();
          await expectScreenOf(expected, api);
        },
      );
    });
  }
});

describe('RPC Metrics charts', () => {
  async function shown() {
    const rendered = renderPaidUsage();
    await act(() => rendered.api.answer(busySeries));
    await settled();
    return rendered;
  }

  it('asks for the last month of every key, network and method first', async () => {
    const { api } = renderPaidUsage();
    await waitFor(() => expect(api.requests.map((url) => url.search)).toEqual(['?range=1m']));
  });

  it('names each chart as a figure with an h3 and a caption, in order', async () => {
    await shown();
    const figures = within(metrics()).getAllByRole('figure');
    expect(figures.map((figure) => within(figure).getByRole('heading', { level: 3 }).textContent)).toEqual(FIGURES);
    expect(screen.getByRole('figure', { name: 'Requests and credits' }).textContent).toContain(
      '87 requests and 1,660 credits over the last month, by day.',
    );
    expect(screen.getByRole('figure', { name: 'Errors by outcome' }).textContent).toContain('7 calls over the last month got no answer');
    expect(screen.getByRole('figure', { name: 'Top methods' }).textContent).toContain('eth_blockNumber first with 70');
  });

  it("shows each chart's data as a table on request", async () => {
    const user = userEvent.setup({ delay: null });
    await shown();
    const traffic = screen.getByRole('figure', { name: 'Requests and credits' });
    const toggle = within(traffic).getByRole('button', { name: 'Table view' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(traffic).queryByRole('table')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(traffic).getByRole('table', { name: 'Requests and credits table' });
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .filter((row) => within(row).queryAllByRole('cell', { hidden: true }).length > 0)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Mar 1, 2025', 'Requests:64', 'Credits:1,260'],
      ['Mar 2, 2025', 'Requests:0', 'Credits:0'],
      ['Mar 3, 2025', 'Requests:23', 'Credits:400'],
    ]);

    const latency = screen.getByRole('figure', { name: 'Latency' });
    await user.click(within(latency).getByRole('button', { name: 'Table view' }));
    const latencyRows = within(within(latency).getByRole('table'))
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(latencyRows).toEqual([
      ['Mar 1, 2025', 'p50:20 ms', 'p95:100 ms', 'p99:200 ms'],
      ['Mar 2, 2025', 'p50:—', 'p95:—', 'p99:—'],
      ['Mar 3, 2025', 'p50:50 ms', 'p95:500 ms', 'p99:> 10 s'],
    ]);

    const errors = screen.getByRole('figure', { name: 'Errors by outcome' });
    await user.click(within(errors).getByRole('button', { name: 'Table view' }));
    expect(
      within(within(errors).getByRole('table'))
        .getAllByRole('columnheader', { hidden: true })
        .map((header) => header.textContent),
    ).toEqual([
      'Day (UTC)',
      'Refused by access control',
      'Method not available',
      'Credit quota used up',
      'Rate limited',
      'Node error',
      'Node time-out',
    ]);

    await user.click(toggle);
    expect(within(traffic).queryByRole('table')).toBeNull();
  });

  it('offers All keys and the user keys, and the methods of the answer', async () => {
    await shown();
    const options = (label: string) =>
      within(within(metrics()).getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('API key')).toEqual(['All keys', 'Default Key', 'Backend key']);
    expect(options('Method')).toEqual(['All methods', 'eth_blockNumber', 'eth_getLogs', 'eth_chainId']);
  });

  it('a failure says so in the screen words, and Retry asks again', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderPaidUsage();
    await act(() => api.fail(new CallFailed({ kind: 'no-answer' })));
    expect((await within(metrics()).findByRole('alert')).textContent).toBe('Failed to load your usage. Please try again.');
    await user.click(within(metrics()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.requests).toHaveLength(2));
  });
});
