import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import AppLayout from '@/app/layout/app-layout';
import { queryClient } from '@/app/query-client';
import { RouteGuard } from '@/app/route-guard';
import { CallFailed } from '@/domain/call-failure';
import { specSidebarNames } from '../support/spec-sidebar';
import { testConfig } from '../support/test-config';
import { deferred, renderInApp, type SessionEffects } from './app-harness';
import { seedConfig, unseedConfig } from './seed-config';

const routes = (
  <Switch>
    <Route path="/login">
      <p>Login screen</p>
    </Route>
    <Route>
      <RouteGuard>
        <AppLayout>
          <h1>Screen content</h1>
        </AppLayout>
      </RouteGuard>
    </Route>
  </Switch>
);

/** Signed in (stored token, user loaded), on `path`, with the layout drawn. */
async function renderSignedIn(path = '/', session: SessionEffects = {}) {
  localStorage.setItem('token', 'stored-token');
  const rendered = renderInApp(routes, { path, session });
  await screen.findByRole('heading', { name: 'Screen content' });
  return rendered;
}

/** The default reading: every real screen linked, System Status its public page, none marked Soon. */
const sidebarNames = [
  'Dashboard',
  'API Keys',
  'Endpoints',
  'Webhooks',
  'Dedicated Nodes',
  'Usage',
  'RPC Testing',
  'Billing',
  'Project Settings',
  'System Status',
  'Support',
  'Documentation (opens in a new tab)',
];
const sidebarHrefs = [
  '/',
  '/keys',
  '/endpoints',
  '/webhooks',
  '/dedicated-nodes',
  '/usage',
  '/rpc-testing',
  '/billing',
  '/settings',
  '/status',
  '/support',
  '/docs',
];

/** COMING_SOON_SCREENS=true: the placeholders linked where they are shown. */
const comingSoonHrefs = [
  '/',
  '/keys',
  '/coming-soon/webhooks',
  '/coming-soon/dedicated-nodes',
  '/coming-soon/usage',
  '/rpc-testing',
  '/billing',
  '/coming-soon/settings',
  '/coming-soon/system-status',
  '/support',
  testConfig.documentationUrl,
];

function sidebarLinks() {
  const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
  return {
    names: links.map((link) =>
      link.textContent
        ?.replace(/\s+/g, ' ')
        .replace(/(\S)(Soon|\()/g, '$1 $2')
        .trim(),
    ),
    hrefs: links.map((link) => link.getAttribute('href')),
  };
}

afterEach(() => queryClient.clear());

describe('layout: landmarks and sidebar', () => {
  it('has a banner, a main landmark holding the screen, and the sidebar navigation', async () => {
    await renderSignedIn();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Screen content' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('links every real screen in order, Endpoints next to API Keys, none marked Soon, then the bottom group', async () => {
    await renderSignedIn();
    expect(sidebarLinks()).toEqual({ names: sidebarNames, hrefs: sidebarHrefs });
  });

  it.each([
    ['developer', ['/billing']],
    ['billing', ['/keys', '/endpoints', '/rpc-testing']],
    ['viewer', ['/rpc-testing', '/billing']],
  ] as const)("hides what a %s member's role cannot open: %s", async (role, hidden) => {
    await renderSignedIn('/', { listProjects: async () => [{ id: 'prj_00000042', name: 'Payments', role }] });
    await waitFor(() => expect(sidebarLinks().hrefs).toEqual(sidebarHrefs.filter((href) => !hidden.some((gone) => gone === href))));
  });

  it("lists SPEC.md's entries exactly, Soon badges included, under the coming-soon reading", async () => {
    seedConfig({ ...testConfig, comingSoonScreens: true });
    try {
      await renderSignedIn();
      expect(sidebarLinks()).toEqual({ names: specSidebarNames, hrefs: comingSoonHrefs });
    } finally {
      unseedConfig();
    }
  });

  it('opens Documentation in a new tab, safely', async () => {
    await renderSignedIn();
    const docs = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Documentation/ });
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
  });

  it('marks the current page', async () => {
    await renderSignedIn('/billing');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the section of a subpath as the current page', async () => {
    await renderSignedIn('/usage/methods');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: /^Usage/ }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('follows a sidebar link', async () => {
    const { currentPath } = await renderSignedIn('/');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'RPC Testing' }));
    expect(currentPath()).toBe('/rpc-testing');
  });
});

describe('layout: navigation drawer (below 992 px)', () => {
  it('opens with the sidebar inside, locks page scroll, and closes after a link click', async () => {
    const { currentPath } = await renderSignedIn('/');
    const opener = screen.getByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(opener);
    const drawer = await screen.findByRole('dialog');
    const drawerNav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(within(drawerNav).getAllByRole('link')).toHaveLength(sidebarNames.length);
    expect(document.body.hasAttribute('data-scroll-lock')).toBe(true);

    await userEvent.click(within(drawerNav).getByRole('link', { name: 'Billing' }));
    expect(currentPath()).toBe('/billing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.hasAttribute('data-scroll-lock')).toBe(false);
  });

  it('closes with Escape', async () => {
    await renderSignedIn('/');
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.hasAttribute('data-scroll-lock')).toBe(false);
  });
});

describe('layout: navbar user menu', () => {
  it('labels the user button with the e-mail part before the @, cut to 8 characters', async () => {
    await renderSignedIn();
    expect(screen.getByRole('button', { name: 'ada.love...' })).toBeTruthy();
  });

  it('offers API Keys, Support and Logout', async () => {
    const { currentPath } = await renderSignedIn('/');
    await userEvent.click(screen.getByRole('button', { name: 'ada.love...' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['API Keys', 'Support', 'Logout']);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Support' }));
    expect(currentPath()).toBe('/support');
  });

  it('logs out: ends the session on the server, forgets the token, then goes to /login', async () => {
    const call = deferred<undefined>();
    const logout = vi.fn(() => call.promise);
    const { currentPath } = await renderSignedIn('/keys', { logout });
    await userEvent.click(screen.getByRole('button', { name: 'ada.love...' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect((await screen.findByRole('status')).textContent).toBe('Signing out...');
    expect(logout).toHaveBeenCalledWith({ token: 'stored-token' });
    expect(currentPath()).toBe('/keys');

    call.resolve(undefined);
    await screen.findByText('Login screen');
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('still logs out locally when the server call fails', async () => {
    const { currentPath } = await renderSignedIn('/', { logout: async () => Promise.reject(new CallFailed({ kind: 'no-answer' })) });
    await userEvent.click(screen.getByRole('button', { name: 'ada.love...' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await screen.findByText('Login screen');
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('layout: project switcher', () => {
  const own = { id: 'prj_00000001', name: 'My Project', role: 'owner' } as const;
  const joined = { id: 'prj_00000042', name: 'Payments', role: 'developer' } as const;
  const listProjects = async () => [own, joined];

  afterEach(() => localStorage.removeItem('project'));

  it('is hidden when the user has one project only', async () => {
    await renderSignedIn('/');
    await userEvent.click(screen.getByRole('button', { name: 'ada.love...' }));
    await screen.findByRole('menu');
    expect(screen.queryAllByRole('menuitemradio')).toEqual([]);
  });

  it("lists the user's projects with their role, marks the current one, and switches with the keyboard", async () => {
    await renderSignedIn('/', { listProjects });
    queryClient.setQueryData(['seen-in-my-project'], 'cached');
    screen.getByRole('button', { name: 'ada.love...' }).focus();
    await userEvent.keyboard('{Enter}');
    const choices = await screen.findAllByRole('menuitemradio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['My Project (Owner)', 'Payments (Developer)']);
    expect(choices.map((choice) => choice.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    await waitFor(() => expect(document.activeElement?.closest('[role="menu"]')).not.toBeNull());
    // The first item is highlighted on open: the next one is Payments.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(localStorage.getItem('project')).toBe(joined.id));
    // What was read for the previous project is forgotten.
    expect(queryClient.getQueryData(['seen-in-my-project'])).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'ada.love...' }));
    const after = await screen.findAllByRole('menuitemradio');
    expect(after.map((choice) => choice.getAttribute('aria-checked'))).toEqual(['false', 'true']);
  });

  it('goes back to the user own project with a notice when the project picked is no longer theirs', async () => {
    localStorage.setItem('project', 'prj_00000099');
    await renderSignedIn('/', { listProjects });
    expect((await screen.findByText(/no longer a member of the project you picked/)).textContent).toContain('your own project');
    expect(localStorage.getItem('project')).toBeNull();
  });
});

describe('layout: keyboard use', () => {
  it('opens the user menu and follows an item with the keyboard alone', async () => {
    const { currentPath } = await renderSignedIn('/');
    screen.getByRole('button', { name: 'ada.love...' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.closest('[role="menu"]')).not.toBeNull());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/keys'));
  });

  it('logs out with the keyboard', async () => {
    const { currentPath } = await renderSignedIn('/');
    screen.getByRole('button', { name: 'ada.love...' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{End}{Enter}');
    await screen.findByText('Login screen');
    expect(currentPath()).toBe('/login');
  });

  it('logs out again after logging back in (the menu works on a fresh layout)', async () => {
    const logout = vi.fn(async () => undefined);
    localStorage.setItem('token', 'stored-token');
    const { currentPath, location } = renderInApp(routes, { path: '/', session: { logout } });
    for (const round of [1, 2]) {
      await screen.findByRole('heading', { name: 'Screen content' });
      await userEvent.click(screen.getByRole('button', { name: 'ada.love...' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      await screen.findByText('Login screen');
      expect(logout).toHaveBeenCalledTimes(round);
      // Signed in again in another tab: the browser fires `storage` here.
      localStorage.setItem('token', `token-${round}`);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: `token-${round}`, storageArea: localStorage }));
      });
      location.navigate('/');
    }
    expect(currentPath()).toBe('/');
  });
});
