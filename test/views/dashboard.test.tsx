import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PlanOverview } from '@/views/dashboard/plan-overview';
import type { PlanFigures } from '@/views/dashboard/plan-figures';
import { QuickAccess } from '@/views/dashboard/quick-access';
import { StatCards } from '@/views/dashboard/stat-cards';
import { WelcomeBanner } from '@/views/dashboard/welcome-banner';
import DashboardPage from '@/views/dashboard/dashboard-page';
import { queryClient } from '@/app/query-client';
import { $api } from '@/api/query-hooks';
import { apiKeyListQueryKey } from '@/api/key-calls';
import { renderInApp, testUser } from './app-harness';
import { serverKey } from './keys-harness';
import { seedQuery } from './seed-queries';
import { renderView } from './render';
import { seedConfig } from './seed-config';

const free: PlanFigures = { name: 'Free', description: 'Start building', credit: 500_000, rate: 10, maxKey: 3 };
const developer: PlanFigures = { name: 'Developer', credit: 1_500_000, rate: 50, maxKey: 10 };
const enterprise: PlanFigures = { name: 'Enterprise', description: 'By contract', credit: null, rate: null, maxKey: null };

afterEach(() => queryClient.clear());

const cardText = (label: string) => screen.getByRole('group', { name: label }).textContent ?? '';

describe('dashboard stat cards', () => {
  it('shows the four cards with their figures', () => {
    renderView(<StatCards plan={free} creditsUsed={120_000} keyCount={2} />);
    expect(cardText('Credits available')).toContain('380,000');
    expect(cardText('Credits available')).toContain('Plan credits: 500,000');
    expect(cardText('API Keys')).toContain('2');
    expect(cardText('API Keys')).toContain('Limit: 3');
    expect(cardText('Current Plan')).toContain('Free Plan');
    expect(cardText('Rate Limit')).toContain('10');
    expect(cardText('Rate Limit')).toContain('Requests per second');
  });

  it("says 'Unlimited' for every null figure (Enterprise)", () => {
    renderView(<StatCards plan={enterprise} creditsUsed={9_999_999} keyCount={40} />);
    expect(cardText('Credits available')).toMatch(/^Credits availableUnlimited/);
    expect(cardText('API Keys')).toContain('Limit: Unlimited');
    expect(cardText('Current Plan')).toContain('Enterprise Plan');
    expect(cardText('Rate Limit')).toMatch(/^Rate LimitUnlimited/);
  });

  it("labels an unknown plan 'Free Plan'", () => {
    renderView(<StatCards plan={undefined} creditsUsed={0} keyCount={1} />);
    expect(cardText('Current Plan')).toContain('Free Plan');
  });
});

describe('dashboard plan overview', () => {
  it('offers Upgrade Plan, leading to /billing', () => {
    renderInApp(<PlanOverview plan={developer} creditsUsed={0} />);
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/billing');
    expect(screen.getByText('Developer Plan')).toBeTruthy();
  });

  it('hides Upgrade Plan on Enterprise and says the credits are unlimited', () => {
    renderInApp(<PlanOverview plan={enterprise} creditsUsed={1234} />);
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/Unlimited credits/).textContent).toContain('1,234 used');
  });

  it('fills the usage bar in proportion to the credits used', () => {
    renderInApp(<PlanOverview plan={free} creditsUsed={125_000} />);
    const bar = screen.getByRole('progressbar', { name: 'Credits used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('125,000 of 500,000 (25%)')).toBeTruthy();
  });

  it.each([
    [2_220, '2,220 of 500,000 (<1%)'],
    [499_000, '499,000 of 500,000 (>99%)'],
  ])('writes %s credits used with the percent rule: never 0%% once spent, never 100%% while some remain', (used, text) => {
    renderInApp(<PlanOverview plan={free} creditsUsed={used} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('caps the usage bar at 100 %', () => {
    renderInApp(<PlanOverview plan={free} creditsUsed={750_000} />);
    expect(screen.getByRole('progressbar', { name: 'Credits used' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('750,000 of 500,000 (100%)')).toBeTruthy();
  });

  it("says when the credits run out at the last day's rate, under the bar", () => {
    const forecast = 'At the rate of the last 24 hours, your credits run out on 2030-01-20, before the cycle ends on 2030-02-15.';
    renderInApp(<PlanOverview plan={free} creditsUsed={125_000} forecast={forecast} />);
    expect(screen.getByText(forecast)).toBeTruthy();
  });

  it('names its section for assistive technology', () => {
    renderInApp(<PlanOverview plan={free} creditsUsed={0} />);
    expect(screen.getByRole('region', { name: 'Plan Overview' })).toBeTruthy();
  });
});

describe('dashboard welcome and quick access', () => {
  it('welcomes the user by e-mail, with the product name', () => {
    renderView(<WelcomeBanner email="ada.lovelace@example.com" productName="Acme RPC" />);
    expect(screen.getByRole('heading', { name: 'Welcome to Acme RPC' })).toBeTruthy();
    expect(screen.getByText('ada.lovelace@example.com')).toBeTruthy();
  });

  it('links RPC usage, webhook management and billing', () => {
    renderInApp(<QuickAccess />);
    const links = within(screen.getByRole('region', { name: 'Quick Access' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['RPC Usage', '/usage'],
      ['Webhook Management', '/webhooks'],
      ['Billing & Plans', '/billing'],
    ]);
  });

  it("leaves out what the member's role cannot open: a Developer gets no billing link nor Upgrade Plan", async () => {
    localStorage.setItem('token', 'stored-token');
    localStorage.setItem('project', 'prj_00000042');
    try {
      renderInApp(
        <>
          <QuickAccess />
          <PlanOverview plan={developer} creditsUsed={0} />
        </>,
        { session: { listProjects: async () => [{ id: 'prj_00000042', name: 'Payments', role: 'developer' }] } },
      );
      const region = screen.getByRole('region', { name: 'Quick Access' });
      await waitFor(() => expect(within(region).getAllByRole('link')).toHaveLength(2));
      expect(within(region).queryByRole('link', { name: 'Billing & Plans' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    } finally {
      localStorage.removeItem('project');
      localStorage.removeItem('token');
    }
  });
});

describe('dashboard page', () => {
  it('keeps its h1 while loading, then shows the failure with Retry like the other screens', async () => {
    // Nothing in the cache: the real queries run, and jsdom has no API server to answer them.
    queryClient.setQueryDefaults(['get', '/users/me'], { retry: false });
    queryClient.setQueryDefaults(['get', '/users/plan'], { retry: false });
    queryClient.setQueryDefaults(['get', '/apiKeys'], { retry: false });
    seedConfig();
    renderInApp(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your dashboard...');
    const alert = await screen.findByRole('alert', {});
    expect(alert.textContent).not.toBe('');
    // The shared ErrorAlert holds only the message; Retry sits beside it.
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('shows what loaded when only the plan fails: the welcome, the key count and the plan part with its failure and Retry', async () => {
    seedConfig();
    seedQuery($api.queryOptions('get', '/users/me').queryKey, testUser);
    seedQuery(apiKeyListQueryKey, [serverKey(1), serverKey(2)]);
    // No API server in jsdom: the plan's real query fails.
    queryClient.setQueryDefaults(['get', '/users/plan'], { retry: false });
    renderInApp(<DashboardPage />);
    const alert = await screen.findByRole('alert', {});
    expect(alert.textContent).not.toBe('');
    const planPart = screen.getByRole('region', { name: 'Plan Overview' });
    expect(within(planPart).getByRole('alert')).toBe(alert);
    expect(within(planPart).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByText(new RegExp(testUser.email.split('@')[0] ?? ''))).toBeTruthy();
    expect(cardText('API Keys')).toContain('2');
    expect(cardText('Rate Limit')).toContain('Plan details unavailable');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('forecasts from the last day of usage in the plan overview', async () => {
    seedConfig();
    seedQuery($api.queryOptions('get', '/users/me').queryKey, { ...testUser, currentCredit: 100_000 });
    seedQuery($api.queryOptions('get', '/users/plan').queryKey, { id: 1, billingFrequency: 'MONTHLY', price: 0, ...free });
    seedQuery(apiKeyListQueryKey, [serverKey(1)]);
    seedQuery($api.queryOptions('get', '/usage', { params: { query: { range: '1d', groupBy: 'usageType' } } }).queryKey, {
      range: '1d',
      groupBy: 'usageType',
      from: '2030-01-14T10:00:00.000Z',
      to: '2030-01-15T10:00:00.000Z',
      cycle: { start: '2030-01-01T00:00:00.000Z', end: '2030-02-01T00:00:00.000Z', creditsUsed: 100_000, creditsLimit: 500_000 },
      totals: { requests: 5_000, credits: 100_000, rateLimited: 0, refused: 0 },
      rows: [],
    });
    renderInApp(<DashboardPage />);
    const planPart = await screen.findByRole('region', { name: 'Plan Overview' });
    // 400,000 left at 100,000 a day: four days after the report's end.
    expect(
      within(planPart).getByText(
        'At the rate of the last 24 hours, your credits run out on 2030-01-19, before the cycle ends on 2030-02-01.',
      ),
    ).toBeTruthy();
  });
});
