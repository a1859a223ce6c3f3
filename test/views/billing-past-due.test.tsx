import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billingQueryKeys, type Plan, type Subscription } from '@/api/billing-calls';
import { apiKeyListQueryKey } from '@/api/key-calls';
import { PastDueBanner } from '@/components/past-due-banner';
import { queryClient } from '@/app/query-client';
import DashboardPage from '@/views/dashboard/dashboard-page';
import { renderInApp, testUser } from './app-harness';
import { freePlan, serverKey } from './keys-harness';
import { renderView } from './render';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

const developer: Plan = { ...freePlan, id: 2, name: 'Developer', price: 4900, credit: 1_500_000, rate: 50, maxKey: 10 };

const pastDue: Subscription = {
  planId: 2,
  planName: 'Developer',
  frequency: 'MONTHLY',
  status: 'past_due',
  currentPeriodStart: '2025-02-07T10:00:00.000Z',
  currentPeriodEnd: '2025-03-07T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  graceEndsAt: '2025-03-14T10:00:00.000Z',
};

function seedDashboard(subscription: Subscription | null) {
  seedConfig();
  seedQuery(billingQueryKeys.user, testUser);
  seedQuery(billingQueryKeys.userPlan, developer);
  seedQuery(apiKeyListQueryKey, [serverKey(1)]);
  seedQuery(billingQueryKeys.subscription, subscription);
}

describe('past-due banner', () => {
  it('says the renewal failed, when the plan drops to Free, and opens the portal', async () => {
    const opened: string[] = [];
    renderView(
      <PastDueBanner
        planName="Developer"
        graceEndsAt={pastDue.graceEndsAt}
        onOpenPortal={() => opened.push('portal')}
        opening={false}
        error={null}
      />,
    );
    const banner = screen.getByRole('region', { name: 'Your renewal payment failed' });
    expect(banner.textContent).toContain('We could not charge your card for the Developer plan.');
    expect(banner.textContent).toMatch(/your plan drops to Free on March 1[34], 2025\./);
    await userEvent.click(within(banner).getByRole('button', { name: 'Update payment method' }));
    expect(opened).toEqual(['portal']);
  });

  it('shows why the portal could not be opened', () => {
    renderView(
      <PastDueBanner
        planName="Developer"
        graceEndsAt={null}
        onOpenPortal={() => {}}
        opening={false}
        error="Failed to open the customer portal. Please try again."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to open the customer portal. Please try again.');
  });

  it('shows on the dashboard when the subscription is past due', async () => {
    seedDashboard(pastDue);
    renderInApp(<DashboardPage />);
    const banner = await screen.findByRole('region', { name: 'Your renewal payment failed' });
    expect(within(banner).getByRole('button', { name: 'Update payment method' })).toBeTruthy();
  });

  it('is absent from the dashboard otherwise', async () => {
    seedDashboard({ ...pastDue, status: 'active', graceEndsAt: null });
    renderInApp(<DashboardPage />);
    await screen.findByRole('region', { name: 'Plan Overview' });
    expect(screen.queryByRole('region', { name: 'Your renewal payment failed' })).toBeNull();
  });
});
