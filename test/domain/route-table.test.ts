import { describe, expect, it } from 'vitest';
import { loginReturningTo, paths, signupReturningTo, toComingSoon, toInvite, toResetPassword } from '@/domain/paths';
import { invitePath } from '@/domain/invites';
import {
  firstSegment,
  guardedPatterns,
  legacyRedirects,
  prerenderedRoutes,
  type RouteAccess,
  routeFacts,
  routeIds,
  routePattern,
  routesWithAccess,
  sectionSegments,
} from '@/domain/route-table';

const pathsWith = (access: RouteAccess) => routesWithAccess(access).map((id) => routeFacts(id).path);

describe('the route table (SPEC.md §2)', () => {
  it('gives every route its own path, and `paths` each route by its id', () => {
    const all = routeIds.map((id) => routeFacts(id).path);
    expect(new Set(all).size).toBe(all.length);
    for (const id of routeIds) expect(paths[id]).toBe(routeFacts(id).path);
    expect(Object.keys(paths)).toEqual(routeIds);
  });

  it('leaves the public routes open, signed in or not, and /login to visitors', () => {
    expect(pathsWith('signed-out')).toEqual(['/login']);
    expect(pathsWith('public')).toEqual([
      '/signup',
      '/forgot-password',
      '/reset-password/:token',
      '/reset-password',
      '/auth/callback',
      '/verify-email',
      '/invite/:token',
      '/terms',
      '/privacy',
      '/docs',
      '/status',
    ]);
  });

  it('guards the authenticated routes, the sections with their subpaths', () => {
    expect([...guardedPatterns].sort()).toEqual(
      [
        '/',
        '/keys',
        '/billing',
        '/billing/success',
        '/billing/cancel',
        '/rpc-testing',
        '/support',
        '/usage/*?',
        '/endpoints/*?',
        '/webhooks/*?',
        '/dedicated-nodes/*?',
        '/settings/*?',
        '/coming-soon',
        '/coming-soon/:feature',
      ].sort(),
    );
  });

  it('makes sections of one segment behind the guard, which the coming-soon reading redirects', () => {
    expect([...sectionSegments].sort()).toEqual(['dedicated-nodes', 'endpoints', 'settings', 'usage', 'webhooks']);
    for (const id of routeIds.filter((id) => routeFacts(id).section)) {
      expect(routeFacts(id).access).toBe('signed-in');
      expect(routePattern(id)).toBe(`${routeFacts(id).path}/*?`);
      expect(routeFacts(id).path).toMatch(/^\/[a-z-]+$/);
    }
    expect(routePattern('keys')).toBe('/keys');
  });

  it('links from the sidebar only screens a signed-in user sees inside the layout', () => {
    for (const id of routeIds.filter((id) => routeFacts(id).nav)) {
      const { access, shellWhenSignedIn } = routeFacts(id);
      expect(access === 'signed-in' || (access === 'public' && shellWhenSignedIn === true)).toBe(true);
    }
  });

  it('shows only public routes in the layout for a signed-in user: /status', () => {
    const inShell = routeIds.filter((id) => routeFacts(id).shellWhenSignedIn);
    expect(inShell.map((id) => routeFacts(id).path)).toEqual(['/status']);
    for (const id of inShell) expect(routeFacts(id).access).toBe('public');
  });

  it('prerenders the public entry screens, each as a file named after its path', () => {
    expect(prerenderedRoutes).toEqual([
      { path: '/login', file: 'login.html' },
      { path: '/signup', file: 'signup.html' },
      { path: '/forgot-password', file: 'forgot-password.html' },
    ]);
    for (const id of routeIds.filter((id) => routeFacts(id).prerender)) {
      expect(routeFacts(id).access).not.toBe('signed-in');
      expect(routeFacts(id).path).toMatch(/^\/[a-z-]+$/);
    }
  });

  it('redirects the old addresses to routes of the table, from paths it does not hold', () => {
    expect(legacyRedirects).toEqual([
      { from: '/api-keys', to: '/keys' },
      { from: '/dashboard', to: '/' },
      { from: '/dashboard/keys', to: '/keys' },
    ]);
    const all = routeIds.map((id) => routeFacts(id).path);
    for (const { from, to } of legacyRedirects) {
      expect(all).toContain(to);
      expect(all).not.toContain(from);
    }
  });

  it.each([
    [toResetPassword('abc_-1'), '/reset-password/abc_-1'],
    [toResetPassword('a/b'), '/reset-password/a%2Fb'],
    [toComingSoon('system-status'), '/coming-soon/system-status'],
    [toComingSoon('a b'), '/coming-soon/a%20b'],
    [toInvite('aB3_dE6-x'), '/invite/aB3_dE6-x'],
    [toInvite('a/b?c'), '/invite/a%2Fb%3Fc'],
    [invitePath('tok'), '/invite/tok'],
    [signupReturningTo('/invite/tok'), '/signup?from=%2Finvite%2Ftok'],
    [signupReturningTo('/'), '/signup'],
    [loginReturningTo('/invite/tok'), '/login?from=%2Finvite%2Ftok'],
  ])('builds %s', (built, expected) => expect(built).toBe(expected));

  it.each([
    ['/usage', 'usage'],
    ['/usage/methods/x', 'usage'],
    ['/', ''],
    ['', ''],
  ])('reads the first segment of %s: %s', (path, expected) => expect(firstSegment(path)).toBe(expected));
});
