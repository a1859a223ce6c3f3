import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatusReport } from '@/api/status-calls';
import { statusQueryKey } from '@/api/status-calls';
import { queryClient } from '@/app/query-client';
import { CallFailed } from '@/domain/call-failure';
import { STATUS_LOAD_FALLBACK } from '@/domain/failure-message';
import StatusPage from '@/views/status/status-page';
import { NO_INCIDENTS } from '@/views/status/incident-list';
import { devnetDown, mainnetDegraded, mainnetOperational, statusReportOf } from '../support/status-reports';
import { renderInApp } from './app-harness';
import { seedConfig, unseedConfig } from './seed-config';

afterEach(() => {
  queryClient.clear();
  unseedConfig();
});

/** GET /status as the test answers it: each call waits until the test settles it. */
function statusCalls() {
  const pending: Array<{ resolve: (report: StatusReport) => void; reject: (error: unknown) => void }> = [];
  const fetchReport = () => new Promise<StatusReport>((resolve, reject) => pending.push({ resolve, reject }));
  const next = () => {
    const call = pending.shift();
    if (call === undefined) throw new Error('GET /status was not called');
    return call;
  };
  return {
    fetchReport,
    /** Answers the call; resolves once the screen shows its report. */
    answer: async (report: StatusReport) => {
      await act(async () => next().resolve(report));
      await screen.findByText(`Updated 2026-11-27 12:00 UTC; latency and errors over the last ${report.windowMinutes} minutes.`);
    },
    /** Fails the call as a call without an answer. */
    fail: () => act(async () => next().reject(new CallFailed({ kind: 'no-answer' }))),
  };
}

function renderStatus() {
  seedConfig();
  // Retry is the screen's button, not the cache's own second try.
  queryClient.setQueryDefaults(statusQueryKey, { retry: false });
  const calls = statusCalls();
  renderInApp(<StatusPage fetchReport={calls.fetchReport} />, { path: '/status' });
  return calls;
}

const network = (label: string) => within(screen.getByRole('region', { name: 'Networks' })).getByRole('listitem', { name: label });
const figures = (label: string) =>
  within(network(label))
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
const incidents = () =>
  within(screen.getByRole('region', { name: 'Recent incidents' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('/status', () => {
  it('keeps its one h1 and title while the report loads', () => {
    renderStatus();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['System Status']);
    expect(document.title).toBe('System Status | Test RPC');
    expect(screen.getByRole('status').textContent).toBe('Loading the system status...');
  });

  it('shows each network: its state in words, head block, nodes serving, latency and error rate, — where the report has none', async () => {
    const calls = renderStatus();
    await calls.answer(statusReportOf([mainnetDegraded, devnetDown]));
    expect(within(network('Mainnet')).getByText('Degraded')).toBeTruthy();
    expect(figures('Mainnet')).toEqual([
      'Head block: 19,000,123',
      'Nodes: 2 of 3 nodes serving',
      'Latency (p50): 38 ms',
      'Error rate: 1.2%',
    ]);
    expect(within(network('Devnet')).getByText('Down')).toBeTruthy();
    expect(figures('Devnet')).toEqual(['Head block: —', 'Nodes: 0 of 1 node serving', 'Latency (p50): —', 'Error rate: —']);
    expect(screen.getByText('Updated 2026-11-27 12:00 UTC; latency and errors over the last 5 minutes.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each([
    ['operational', [mainnetOperational], 'All networks are operational.'],
    ['degraded', [mainnetDegraded], 'Some networks are degraded.'],
    ['down', [mainnetOperational, devnetDown], 'Some networks are down.'],
  ])('says the networks are %s over them', async (_, networks, line) => {
    const calls = renderStatus();
    await calls.answer(statusReportOf(networks));
    expect(screen.getByText(line)).toBeTruthy();
  });

  it('lists the incidents, newest first: kind in words, network, node, reason, start and end or ongoing', async () => {
    const calls = renderStatus();
    await calls.answer(statusReportOf([mainnetDegraded, devnetDown]));
    expect(incidents()).toEqual([
      'Network down·Devnetnot answering2026-11-27 11:58 UTC – ongoing',
      'Node out of rotation·Mainnet·node 212 blocks behind2026-11-27 11:00 UTC – 2026-11-27 11:03 UTC',
    ]);
    expect(screen.queryByText(NO_INCIDENTS)).toBeNull();
  });

  it('says when there was no incident', async () => {
    const calls = renderStatus();
    await calls.answer(statusReportOf([mainnetOperational], []));
    expect(incidents()).toEqual([]);
    expect(within(screen.getByRole('region', { name: 'Recent incidents' })).getByText(NO_INCIDENTS)).toBeTruthy();
  });

  it('shows the failure with Retry, and Retry loads the report', async () => {
    const calls = renderStatus();
    await calls.fail();
    expect((await screen.findByRole('alert')).textContent).toBe(STATUS_LOAD_FALLBACK);
    expect(screen.getByRole('heading', { level: 1, name: 'System Status' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await calls.answer(statusReportOf([mainnetOperational], []));
    expect(screen.getByText('All networks are operational.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the last report when a refresh fails, and says so', async () => {
    const calls = renderStatus();
    await calls.answer(statusReportOf([mainnetDegraded]));
    const refresh = act(async () => {
      await queryClient.refetchQueries({ queryKey: statusQueryKey });
    });
    await calls.fail();
    await refresh;
    expect(await screen.findByText('The last refresh failed: this is the previous report. It will be asked for again.')).toBeTruthy();
    expect(figures('Mainnet')[0]).toBe('Head block: 19,000,123');
  });
});
