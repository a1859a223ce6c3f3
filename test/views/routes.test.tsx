import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { queryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/routes';
import { testConfig } from '../support/test-config';
import { renderInApp } from './app-harness';
import { seedConfig, unseedConfig } from './seed-config';

afterEach(() => queryClient.clear());

/** Renders the app's route table at `path` and waits until navigation settles on `expected`. */
async function visit(path: string, expected: string) {
  const rendered = renderInApp(<AppRoutes />, { path });
  await waitFor(() => expect(rendered.currentPath()).toBe(expected));
  return rendered;
}

/** A stored token, and the configuration as GET /config gives it by default (the screens reading). */
const signedIn = () => {
  localStorage.setItem('token', 'stored-token');
  seedConfig();
};

describe('routes for a visitor without a token', () => {
  it.each([
    ['/', '/login'],
    ['/no-such-page', '/login'],
    ['/terms/x', '/login'],
    ['/keys', '/login?from=%2Fkeys'],
    ['/billing', '/login?from=%2Fbilling'],
    ['/coming-soon/system-status', `/login?from=${encodeURIComponent('/coming-soon/system-status')}`],
    ['/api-keys', '/login?from=%2Fkeys'],
    ['/dashboard/keys', '/login?from=%2Fkeys'],
    ['/dashboard', '/login'],
    // SPEC.md §2: these routes and their subpaths are screens of the guarded area
    ['/usage/x', `/login?from=${encodeURIComponent('/usage/x')}`],
    ['/endpoints/mainnet/key', `/login?from=${encodeURIComponent('/endpoints/mainnet/key')}`],
    ['/settings/profile', `/login?from=${encodeURIComponent('/settings/profile')}`],
  ])('%s → %s', async (path, expected) => {
    await visit(path, expected);
  });

  // The callback screen reads the token, then takes it out of the address (the rest stays).
  it.each([
    ['/?token=abc123', '/auth/callback'],
    ['/?error=Access%20denied', '/auth/callback?error=Access+denied'],
    ['/?token=a%2Bb&next=x', '/auth/callback?next=x'],
  ])('forwards a sign-in result at / to the callback screen: %s → %s', async (path, expected) => {
    await visit(path, expected);
  });

  it.each([['/signup'], ['/forgot-password'], ['/reset-password/some-token'], ['/auth/callback'], ['/terms'], ['/privacy']])(
    'leaves the public screen %s where it is',
    async (path) => {
      const { currentPath } = renderInApp(<AppRoutes />, { path });
      await screen.findByRole('heading', { level: 1 });
      expect(currentPath()).toBe(path);
    },
  );

  it('shows /status on its own, without the layout, with the way to log in', async () => {
    const { currentPath } = renderInApp(<AppRoutes />, { path: '/status' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'System Status' });
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(currentPath()).toBe('/status');
  });

  it.each([['/reset-password'], ['/reset-password/']])('shows the invalid-link text at %s instead of leaving', async (path) => {
    const { currentPath } = renderInApp(<AppRoutes />, { path });
    await screen.findByText('Invalid reset token. Please request a new password reset link.', {});
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(currentPath()).toBe(path);
  });
});

describe('routes for a signed-in user', () => {
  afterEach(() => unseedConfig());

  it.each([
    ['/', 'Dashboard'],
    ['/keys', 'API Keys & Endpoints'],
    ['/billing', 'Billing & Plans'],
    ['/rpc-testing', 'RPC Testing'],
    ['/support', 'Support'],
    ['/usage', 'Usage / Metrics'],
    ['/endpoints', 'Endpoints'],
    ['/webhooks', 'Webhooks'],
    ['/dedicated-nodes', 'Dedicated Nodes'],
    ['/settings', 'Project Settings'],
    ['/coming-soon', 'Coming Soon'],
    ['/coming-soon/system-status', 'System Status'],
    // Public, and inside the layout for a signed-in user.
    ['/status', 'System Status'],
    // SPEC.md §2: "(and subpaths)"
    ['/usage/x', 'Usage / Metrics'],
    ['/usage/methods/eth_call', 'Usage / Metrics'],
    ['/endpoints/x', 'Endpoints'],
    ['/webhooks/new', 'Webhooks'],
    ['/dedicated-nodes/x', 'Dedicated Nodes'],
    ['/settings/team/members', 'Project Settings'],
  ])('%s shows "%s" inside the layout', async (path, title) => {
    signedIn();
    const { currentPath } = renderInApp(<AppRoutes />, { path });
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(currentPath()).toBe(path);
  });

  it.each([
    ['/api-keys', '/keys', 'API Keys & Endpoints'],
    ['/dashboard', '/', 'Dashboard'],
    ['/dashboard/keys', '/keys', 'API Keys & Endpoints'],
    ['/login', '/', 'Dashboard'],
    ['/no-such-page', '/', 'Dashboard'],
    // Only subpaths: a longer name is another (unknown) route
    ['/usage-x', '/', 'Dashboard'],
    ['/endpointsx/y', '/', 'Dashboard'],
  ])('%s → %s', async (path, expected, title) => {
    signedIn();
    await visit(path, expected);
    await screen.findByRole('heading', { level: 1, name: title });
  });
});

describe('routes under the coming-soon reading (COMING_SOON_SCREENS=true)', () => {
  afterEach(() => unseedConfig());

  it.each([
    ['/webhooks', '/coming-soon/webhooks', 'Webhooks'],
    ['/webhooks/new', '/coming-soon/webhooks', 'Webhooks'],
    ['/dedicated-nodes', '/coming-soon/dedicated-nodes', 'Dedicated Nodes'],
    ['/usage/methods/eth_call', '/coming-soon/usage', 'Usage'],
    ['/settings', '/coming-soon/settings', 'Project Settings'],
    ['/endpoints/mainnet', '/coming-soon/endpoints', 'Endpoints'],
  ])('%s → %s, titled %s', async (path, expected, title) => {
    signedIn();
    seedConfig({ ...testConfig, comingSoonScreens: true });
    await visit(path, expected);
    await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeTruthy();
  });

  it.each([
    ['/', 'Dashboard'],
    ['/keys', 'API Keys & Endpoints'],
    ['/billing', 'Billing & Plans'],
    ['/support', 'Support'],
  ])('leaves %s, a screen of both readings, where it is', async (path, title) => {
    signedIn();
    seedConfig({ ...testConfig, comingSoonScreens: true });
    const { currentPath } = renderInApp(<AppRoutes />, { path });
    await screen.findByRole('heading', { level: 1, name: title });
    expect(currentPath()).toBe(path);
  });

  it('shows the screen itself with the default reading', async () => {
    signedIn();
    seedConfig({ ...testConfig, comingSoonScreens: false });
    const { currentPath } = renderInApp(<AppRoutes />, { path: '/webhooks' });
    await screen.findByRole('heading', { level: 1, name: 'Webhooks' });
    expect(currentPath()).toBe('/webhooks');
  });
});

describe('routes by the role in the acting project', () => {
  afterEach(() => {
    localStorage.clear();
    unseedConfig();
  });

  it('a route the role cannot open says so instead of drawing the screen', async () => {
    signedIn();
    renderInApp(<AppRoutes />, {
      path: '/billing',
      session: { listProjects: async () => [{ id: 'prj_00000042', name: 'Payments', role: 'developer' }] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your role in this project cannot open this page' })).toBeTruthy();
    expect(screen.getByText(/Your role here is Developer/)).toBeTruthy();
  });
});
