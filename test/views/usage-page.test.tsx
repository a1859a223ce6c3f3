import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { Schemas } from '@/api/client';
import { $api } from '@/api/query-hooks';
import { queryClient } from '@/app/query-client';
import { planOf } from '@/domain/plan-catalog';
import type { MetricsFilters } from '@/domain/usage-metrics';
import UsagePage from '@/views/usage/usage-page';
import { CreditCostNote } from '@/views/usage/credit-cost-note';
import { renderInApp } from './app-harness';
import { renderView } from './render';
import { seedConfig } from './seed-config';
import { testConfig } from '../support/test-config';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

type Report = Schemas['UsageReport'];
type Filters = Pick<Report, 'range' | 'groupBy'>;

const cycle: Report['cycle'] = {
  start: '2025-02-07T00:00:00.000Z',
  end: '2025-03-07T00:00:00.000Z',
  creditsUsed: 12_340,
  creditsLimit: 500_000,
};
const totals: Report['totals'] = { requests: 580, credits: 12_340, rateLimited: 7, refused: 3 };

const methodRows: Report['rows'] = [
  { name: 'eth_blockNumber', usageType: 'standard', requests: 500, credits: 10_000, rateLimited: 5, refused: 2 },
  { name: 'eth_getLogs', usageType: 'logs', requests: 30, credits: 1_800, rateLimited: 2, refused: 1 },
  { name: 'eth_sendRawTransaction', usageType: 'transaction', requests: 13, credits: 520, rateLimited: 0, refused: 0 },
];
const typeRows: Report['rows'] = [
  { name: 'standard', usageType: 'standard', requests: 500, credits: 10_000, rateLimited: 5, refused: 2 },
  { name: 'logs', usageType: 'logs', requests: 30, credits: 1_800, rateLimited: 2, refused: 1 },
];

function seedReport({ range, groupBy }: Filters, rows: Report['rows'], overrides: Partial<Report> = {}) {
  const key = $api.queryOptions('get', '/usage', { params: { query: { range, groupBy } } }).queryKey;
  seedQuery(key, { range, groupBy, from: cycle.start, to: cycle.end, cycle, totals, rows, ...overrides });
}

function seedPlan(name: Schemas['PlanName']) {
  seedQuery($api.queryOptions('get', '/users/plan').queryKey, {
    id: 1,
    name,
    description: '',
    price: 0,
    credit: 500_000,
    rate: 10,
    maxKey: 3,
    billingFrequency: 'MONTHLY',
    entitlements: planOf(name).entitlements,
  } satisfies Schemas['UserPlan']);
}

function renderUsage({ plan = 'Free' }: { plan?: Schemas['PlanName'] } = {}) {
  seedConfig();
  seedPlan(plan);
  return renderInApp(<UsagePage />, { path: '/usage' });
}

const cardText = (label: string) => screen.getByRole('group', { name: label }).textContent ?? '';
const breakdown = () => screen.getByRole('region', { name: 'Usage Breakdown' });
/**
 * The data rows as text, cell by cell. Below `lg` the rows are stacked cards whose figures carry
 * their column's name ('Requests:'), since the column headers are not displayed there.
 */
const rowsShown = () =>
  within(breakdown())
    .getAllByRole('row', { hidden: true })
    .filter((row) => within(row).queryAllByRole('cell', { hidden: true }).length > 0)
    .map((row) =>
      within(row)
        .getAllByRole('cell', { hidden: true })
        .map((cell) => cell.textContent),
    );
const headersShown = () =>
  within(breakdown())
    .getAllByRole('columnheader', { hidden: true })
    .map((header) => header.textContent);

describe('usage screen', () => {
  it('has one h1 and its page title', () => {
    seedReport({ range: '1m', groupBy: 'method' }, methodRows);
    renderUsage();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Usage / Metrics']);
    expect(document.title).toBe('Usage / Metrics | Test RPC');
  });

  it('shows the credits of the current cycle, what remains, and the cycle dates', () => {
    seedReport({ range: '1m', groupBy: 'method' }, methodRows);
    renderUsage();
    expect(cardText('Credits Used')).toContain('12,340');
    expect(cardText('Remaining Credits')).toContain('487,660');
    expect(cardText('Billing Cycle')).toContain('2025-02-07 to 2025-03-07');
  });

  it('says when the cycle of Credits Used began, with the same date as the Billing Cycle card', () => {
    // A plan change at 14:05 started this cycle: calls of the morning count in the breakdown, not here.
    seedReport({ range: '1m', groupBy: 'method' }, methodRows, {
      cycle: { ...cycle, start: '2025-02-07T14:05:00.000Z', creditsUsed: 100 },
    });
    renderUsage();
    expect(cardText('Credits Used')).toContain('Since 2025-02-07 14:05 UTC, when this billing cycle began');
    expect(cardText('Billing Cycle')).toContain('2025-02-07 to 2025-03-07');
  });

  it("never shows remaining credits below 0, and says 'Unlimited' without a credit limit", () => {
    seedReport({ range: '1m', groupBy: 'method' }, [], { cycle: { ...cycle, creditsUsed: 600_000 } });
    const { unmount } = renderUsage();
    expect(cardText('Remaining Credits')).toMatch(/^Remaining Credits0/);
    unmount();
    queryClient.clear();
    seedReport({ range: '1m', groupBy: 'method' }, [], { cycle: { ...cycle, creditsLimit: null } });
    renderUsage({ plan: 'Enterprise' });
    expect(cardText('Remaining Credits')).toMatch(/^Remaining CreditsUnlimited/);
  });

  it('points to the documentation for per-method costs and states those of SPEC.md §9', () => {
    seedReport({ range: '1m', groupBy: 'method' }, methodRows);
    renderUsage();
    const note = screen.getByText(/Each call costs credits by method/);
    expect(note.textContent).toContain('about 20 per standard call, 60 for eth_getLogs and 40 for eth_sendRawTransaction');
    expect(note.textContent).toContain('each WebSocket notification (eth_subscription) costs 20.');
    const link = within(note).getByRole('link', { name: /documentation/ });
    expect(link.getAttribute('href')).toBe(testConfig.documentationUrl);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('still points to the documentation when the app configuration could not be loaded', () => {
    renderView(<CreditCostNote documentationUrl={undefined} />);
    const note = screen.getByText(/Each call costs credits by method/);
    // /docs loads the address again and leaves for it (the sidebar's Documentation link does the same).
    const link = within(note).getByRole('link', { name: /documentation/ });
    expect(link.getAttribute('href')).toBe('/docs');
    expect(note.textContent).toContain('for the credit cost of every method');
  });

  it('lists only methods with answered calls: rate-limited or refused calls alone cost nothing', () => {
    seedReport({ range: '1m', groupBy: 'method' }, [
      ...methodRows,
      { name: 'eth_call', usageType: 'standard', requests: 0, credits: 0, rateLimited: 4, refused: 0 },
      { name: 'eth_chainId', usageType: 'standard', requests: 0, credits: 0, rateLimited: 0, refused: 9 },
    ]);
    renderUsage();
    expect(rowsShown().map(([name]) => name)).toEqual(['eth_blockNumber', 'eth_getLogs', 'eth_sendRawTransaction']);
    expect(within(breakdown()).getByText(/Rate-limited and refused calls cost no credits/)).toBeTruthy();
    // The note is the table's description (not a caption, which a narrow card would clip).
    expect(within(breakdown()).getByRole('table', { name: 'Usage breakdown', description: /Rate-limited and refused calls/ })).toBeTruthy();
  });

  it("says 'No usage data found.' when every call of the range was rate-limited or refused", () => {
    seedReport({ range: '1m', groupBy: 'method' }, [
      { name: 'eth_call', usageType: 'standard', requests: 0, credits: 0, rateLimited: 4, refused: 1 },
    ]);
    renderUsage();
    expect(within(breakdown()).getByText('No usage data found.')).toBeTruthy();
    expect(within(breakdown()).queryByRole('table')).toBeNull();
  });

  it('lists the methods of the last month first, by requests and credits', () => {
    seedReport({ range: '1m', groupBy: 'method' }, methodRows);
    renderUsage();
    expect(screen.getByRole('button', { name: 'Methods' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Usage Type' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByLabelText<HTMLSelectElement>('Time range').value).toBe('1m');
    expect(headersShown()).toEqual(['Method', 'Requests', 'Credits']);
    expect(rowsShown()).toEqual([
      ['eth_blockNumber', 'Requests:500', 'Credits:10,000'],
      ['eth_getLogs', 'Requests:30', 'Credits:1,800'],
      ['eth_sendRawTransaction', 'Requests:13', 'Credits:520'],
    ]);
  });

  it("switches to usage types and ranges, and 'Reset Filters' goes back to methods over 1 month", async () => {
    const user = userEvent.setup({ delay: null });
    seedReport({ range: '1m', groupBy: 'method' }, methodRows);
    seedReport({ range: '1m', groupBy: 'usageType' }, typeRows);
    seedReport({ range: '3m', groupBy: 'usageType' }, []);
    renderUsage();

    await user.click(screen.getByRole('button', { name: 'Usage Type' }));
    expect(screen.getByRole('button', { name: 'Usage Type' }).getAttribute('aria-pressed')).toBe('true');
    expect(headersShown()).toEqual(['Usage Type', 'Requests', 'Credits']);
    expect(rowsShown()).toEqual([
      ['Standard calls · 20 credits each', 'Requests:500', 'Credits:10,000'],
      ['Log queries (eth_getLogs) · 60 credits each', 'Requests:30', 'Credits:1,800'],
    ]);

    await user.selectOptions(screen.getByLabelText('Time range'), '3 Months');
    expect(within(breakdown()).getByText('No usage data found.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(screen.getByRole('button', { name: 'Methods' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>('Time range').value).toBe('1m');
    expect(rowsShown()[0]).toEqual(['eth_blockNumber', 'Requests:500', 'Credits:10,000']);
  });

  it("locks RPC Metrics behind 'Upgrade Required' on Free, with the way to /billing", () => {
    seedReport({ range: '1m', groupBy: 'method' }, methodRows);
    renderUsage({ plan: 'Free' });
    const metrics = screen.getByRole('region', { name: 'RPC Metrics' });
    expect(within(metrics).getByText('Upgrade Required')).toBeTruthy();
    expect(within(metrics).getByText(/available on paid plans/)).toBeTruthy();
    expect(within(metrics).getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/billing');
    expect(within(metrics).queryByRole('group', { name: 'Requests' })).toBeNull();
  });

  it('shows the RPC Metrics filters on paid plans, without the lock (test/views/usage-metrics.test.tsx walks the charts)', () => {
    seedReport({ range: '1m', groupBy: 'method' }, methodRows);
    seedConfig();
    seedPlan('Developer');
    // GET /usage/series stays on its way: the section shows its filters and its spinner.
    const fetchSeries = fromPromise<Schemas['UsageSeries'], MetricsFilters>(() => new Promise(() => undefined));
    renderInApp(<UsagePage metricsActors={{ fetchSeries }} />, { path: '/usage' });
    const metrics = screen.getByRole('region', { name: 'RPC Metrics' });
    expect(within(metrics).queryByText('Upgrade Required')).toBeNull();
    expect(within(metrics).getByRole('radiogroup', { name: 'Time range' })).toBeTruthy();
    expect(within(metrics).getByLabelText('API key')).toBeTruthy();
    expect(within(metrics).getByRole('radiogroup', { name: 'Network' })).toBeTruthy();
    expect(within(metrics).getByLabelText('Method')).toBeTruthy();
    expect(within(metrics).getByRole('status').textContent).toBe('Loading RPC metrics...');
  });

  it('says it is loading, then shows a failure with Retry', async () => {
    // No report in the cache: the real query runs, and jsdom has no API server to answer it.
    queryClient.setQueryDefaults(['get', '/usage'], { retry: false });
    renderUsage();
    expect(screen.getByRole('status').textContent).toBe('Loading usage...');
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
