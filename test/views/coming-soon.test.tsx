import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { queryClient } from '@/app/query-client';
import ComingSoonFeaturePage from '@/views/coming-soon-feature/coming-soon-feature-page';
import { renderInApp } from './app-harness';

const comingSoonRoutes = (
  <Switch>
    <Route path="/coming-soon">
      <ComingSoonFeaturePage />
    </Route>
    <Route path="/coming-soon/:feature">
      <ComingSoonFeaturePage />
    </Route>
  </Switch>
);

afterEach(() => queryClient.clear());

describe('coming soon', () => {
  it.each([
    ['/coming-soon/webhooks', 'Webhooks'],
    ['/coming-soon/dedicated-nodes', 'Dedicated Nodes'],
    ['/coming-soon/usage', 'Usage'],
    ['/coming-soon/settings', 'Project Settings'],
    ['/coming-soon/system-status', 'System Status'],
    ['/coming-soon/access%20control', 'Access Control'],
    ['/coming-soon', 'Coming Soon'],
  ])('%s is titled %s, in the page and in the document title', async (path, title) => {
    renderInApp(comingSoonRoutes, { path });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('leads back to the dashboard', () => {
    renderInApp(comingSoonRoutes, { path: '/coming-soon/system-status' });
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('says plainly that the feature is not there yet', () => {
    renderInApp(comingSoonRoutes, { path: '/coming-soon/system-status' });
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeTruthy();
    expect(screen.getByText(/not available yet/)).toBeTruthy();
  });
});
