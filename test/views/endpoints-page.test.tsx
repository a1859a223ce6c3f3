import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessControlQueryKey } from '@/api/access-control-calls';
import type { Schemas } from '@/api/client';
import { $api } from '@/api/query-hooks';
import { queryClient } from '@/app/query-client';
import type { AccessLists } from '@/domain/access-control';
import EndpointsPage from '@/views/endpoints/endpoints-page';
import { pendingCall } from '../machines/pending-call';
import { renderInApp, testUser } from './app-harness';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

const STAKED_LOCKED = 'Upgrade to a paid plan to enable the Staked Connection URL';
const GEYSER_LOCKED = 'Upgrade to Business plan or above to enable the Geyser Enhanced Websocket URL';

function planNamed(name: Schemas['PlanName']): Schemas['Plan'] {
  return { id: 1, name, description: `${name} plan`, price: 0, credit: 500_000, rate: 10, maxKey: 3, billingFrequency: 'MONTHLY' };
}

function renderEndpoints({ plan = 'Free', apiKey = testUser.apiKey }: { plan?: Schemas['PlanName']; apiKey?: string | null } = {}) {
  seedConfig();
  seedQuery($api.queryOptions('get', '/users/me').queryKey, { ...testUser, apiKey });
  seedQuery($api.queryOptions('get', '/users/plan').queryKey, planNamed(plan));
  seedQuery(accessControlQueryKey, { domains: [], ips: [], cidrs: [] });
  const save = pendingCall<AccessLists, AccessLists>('saveAccessControl');
  return renderInApp(<EndpointsPage actors={{ saveAccessControl: save.logic }} />, { path: '/endpoints' });
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const apiBase = () => `${window.location.origin}/api`;
const host = () => window.location.host;

describe('endpoints screen', () => {
  it('has one h1, its page title, and the three cards', () => {
    renderEndpoints();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Endpoints']);
    expect(document.title).toBe('Endpoints | Test RPC');
    for (const name of ['RPCs', 'RPC Access Control', 'Enhanced APIs']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
  });

  it('shows the working RPC URL of mainnet by default, and the shapes of SPEC.md §7', () => {
    renderEndpoints({ plan: 'Business' });
    expect(screen.getByRole('radio', { name: 'Mainnet' })).toHaveProperty('checked', true);
    expect(field('RPC URL').value).toBe(`${apiBase()}/v1/mainnet/${testUser.apiKey}`);
    expect(field('Dedicated Staked Connection URL').value).toBe(`https://staked.mainnet.${host()}/?api-key=${testUser.apiKey}`);
    expect(field('Standard Websocket URL').value).toBe(`wss://mainnet.${host()}/?api-key=${testUser.apiKey}`);
    expect(field('Geyser Enhanced Websocket URL').value).toBe(`wss://geyser.mainnet.${host()}/?api-key=${testUser.apiKey}`);
    expect(field('Shared Devnet URL').value).toBe(`https://devnet.${host()}/?api-key=${testUser.apiKey}`);
    expect(field('Parse Transaction(s) URL').value).toBe(`https://api.mainnet.${host()}/v0/transactions/?api-key=${testUser.apiKey}`);
    expect(field('Parse Transaction History URL').value).toBe(
      `https://api.mainnet.${host()}/v0/addresses/{address}/transactions/?api-key=${testUser.apiKey}`,
    );
    // Every shape this server does not answer says so under its field.
    expect(field('Standard Websocket URL').getAttribute('aria-describedby')).toBeTruthy();
    expect(field('RPC URL').getAttribute('aria-describedby')).toBeNull();
  });

  it('switches every URL to devnet, and the shared URL to mainnet', async () => {
    const user = userEvent.setup({ delay: null });
    renderEndpoints({ plan: 'Business' });
    await user.click(screen.getByRole('radio', { name: 'Devnet' }));
    expect(field('RPC URL').value).toBe(`${apiBase()}/v1/devnet/${testUser.apiKey}`);
    expect(field('Standard Websocket URL').value).toBe(`wss://devnet.${host()}/?api-key=${testUser.apiKey}`);
    expect(field('Shared Mainnet URL').value).toBe(`https://mainnet.${host()}/?api-key=${testUser.apiKey}`);
    expect(field('Parse Transaction(s) URL').value).toContain('https://api.devnet.');
  });

  it.each([
    ['Free', [STAKED_LOCKED, GEYSER_LOCKED]],
    ['Developer', [GEYSER_LOCKED]],
    ['Business', []],
    ['Enterprise', []],
  ] as const)('on %s withholds the URLs SPEC.md §6 reserves, saying why', (plan, messages) => {
    renderEndpoints({ plan });
    const rpcs = screen.getByRole('region', { name: 'RPCs' });
    for (const message of [STAKED_LOCKED, GEYSER_LOCKED]) {
      expect(within(rpcs).queryByText(message) !== null).toBe(messages.some((shown) => shown === message));
    }
    expect(
      within(rpcs)
        .queryAllByRole('link', { name: 'View plans' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(messages.map(() => '/billing'));
    expect(screen.queryByLabelText('Dedicated Staked Connection URL', { selector: 'input' }) !== null).toBe(plan !== 'Free');
  });

  it('shows the placeholder key while the user has none', () => {
    renderEndpoints({ apiKey: null });
    expect(field('RPC URL').value).toBe(`${apiBase()}/v1/mainnet/YOUR_API_KEY`);
  });

  it("copies the RPC URL and says 'Copied!'", async () => {
    const user = userEvent.setup({ delay: null });
    renderEndpoints();
    // The shared CopyButton's name is 'Copy' + a visually hidden label (jsdom drops the space between them).
    await user.click(screen.getByRole('button', { name: /^Copy ?RPC URL$/ }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${apiBase()}/v1/mainnet/${testUser.apiKey}`);
  });
});
