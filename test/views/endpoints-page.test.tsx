import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessControlQueryKey } from '@/api/access-control-calls';
import type { Schemas } from '@/api/client';
import { $api } from '@/api/query-hooks';
import { queryClient } from '@/app/query-client';
import { userPlanOf } from '../support/plan-fixtures';
import type { AccessSettings } from '@/domain/access-control';
import { firstCallSnippet } from '@/domain/first-call';
import { ACCESS_CONTROL_ANCHOR, accessControlHref } from '@/domain/paths';
import EndpointsPage from '@/views/endpoints/endpoints-page';
import { NOT_AVAILABLE_BADGE, NOT_AVAILABLE_YET } from '@/views/endpoints/unavailable-url';
import { pendingCall } from '../machines/pending-call';
import { renderInApp, testUser } from './app-harness';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';

afterEach(() => queryClient.clear());

/** SPEC.md §6's staked-connection text: no plan may be told to upgrade for what no plan gets. */
const STAKED_UPGRADE = 'Upgrade to a paid plan to enable the Staked Connection URL';
const GEYSER_LOCKED = 'Upgrade to Business plan or above to enable the Geyser Enhanced Websocket URL';

function renderEndpoints({ plan = 'Free', apiKey = testUser.apiKey }: { plan?: Schemas['PlanName']; apiKey?: string | null } = {}) {
  seedConfig();
  seedQuery($api.queryOptions('get', '/users/me').queryKey, { ...testUser, apiKey });
  seedQuery($api.queryOptions('get', '/users/plan').queryKey, userPlanOf(plan));
  seedQuery(accessControlQueryKey, { domains: [], ips: [], cidrs: [], allowNoOrigin: false });
  const save = pendingCall<AccessSettings, AccessSettings>('saveAccessControl');
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

  it('shows the working RPC and websocket URLs with Copy, and the addresses not answered yet without it, saying so', () => {
    renderEndpoints({ plan: 'Business' });
    expect(screen.getByRole('radio', { name: 'Mainnet' })).toHaveProperty('checked', true);
    expect(field('RPC URL').value).toBe(`${apiBase()}/v1/mainnet/${testUser.apiKey}`);
    // The gateway's WebSocket: the RPC URL with ws:// (jsdom's origin is http) or wss://.
    expect(field('Standard Websocket URL').value).toBe(`ws://${host()}/api/v1/mainnet/${testUser.apiKey}`);
    expect(field('Shared Devnet URL').value).toBe(`${apiBase()}/v1/devnet/${testUser.apiKey}`);
    expect(within(screen.getByRole('region', { name: 'RPCs' })).getAllByRole('button', { name: /^Copy/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: /^Copy ?RPC URL$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Copy ?Standard Websocket URL$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Copy ?Shared Devnet URL$/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Standard Websocket URL' })).toBeNull();
    const planned: Array<[string, string]> = [
      ['Dedicated Staked Connection URL', `https://staked.mainnet.${host()}/?api-key=${testUser.apiKey}`],
      ['Geyser Enhanced Websocket URL', `wss://geyser.mainnet.${host()}/?api-key=${testUser.apiKey}`],
      ['Parse Transaction(s) URL', `https://api.mainnet.${host()}/v0/transactions/?api-key=${testUser.apiKey}`],
      ['Parse Transaction History URL', `https://api.mainnet.${host()}/v0/addresses/{address}/transactions/?api-key=${testUser.apiKey}`],
    ];
    for (const [label, url] of planned) {
      const group = screen.getByRole('group', { name: label });
      expect(within(group).getByText(NOT_AVAILABLE_YET)).toBeTruthy();
      expect(within(group).getByText(url)).toBeTruthy();
      expect(within(group).queryByRole('button')).toBeNull();
      expect(within(group).queryByRole('textbox')).toBeNull();
    }
  });

  it('switches every URL to devnet, and the shared URL to mainnet', async () => {
    const user = userEvent.setup({ delay: null });
    renderEndpoints({ plan: 'Business' });
    await user.click(screen.getByRole('radio', { name: 'Devnet' }));
    expect(field('RPC URL').value).toBe(`${apiBase()}/v1/devnet/${testUser.apiKey}`);
    expect(field('Shared Mainnet URL').value).toBe(`${apiBase()}/v1/mainnet/${testUser.apiKey}`);
    expect(field('Standard Websocket URL').value).toBe(`ws://${host()}/api/v1/devnet/${testUser.apiKey}`);
    expect(within(screen.getByRole('group', { name: 'Parse Transaction(s) URL' })).getByText(/^https:\/\/api\.devnet\./)).toBeTruthy();
  });

  it.each([
    ['Free', [GEYSER_LOCKED]],
    ['Developer', [GEYSER_LOCKED]],
    ['Business', []],
    ['Enterprise', []],
  ] as const)(
    'on %s withholds the Geyser URL below Business, saying why, and says the staked URL is not available yet',
    (plan, messages) => {
      renderEndpoints({ plan });
      const rpcs = screen.getByRole('region', { name: 'RPCs' });
      for (const message of [GEYSER_LOCKED]) {
        expect(within(rpcs).queryByText(message) !== null).toBe(messages.some((shown) => shown === message));
      }
      expect(
        within(rpcs)
          .queryAllByRole('link', { name: 'View plans' })
          .map((link) => link.getAttribute('href')),
      ).toEqual(messages.map(() => '/billing'));
      const staked = screen.getByRole('group', { name: 'Dedicated Staked Connection URL' });
      // No plan gets a staked connection yet: every plan reads the same, none is asked to upgrade for it.
      expect(within(staked).getByText(NOT_AVAILABLE_YET)).toBeTruthy();
      expect(within(staked).getByText(NOT_AVAILABLE_BADGE)).toBeTruthy();
      expect(within(rpcs).queryByText(STAKED_UPGRADE)).toBeNull();
    },
  );

  it('offers a first call with the real URL and key in curl, viem and ethers, and copies it', async () => {
    const user = userEvent.setup({ delay: null });
    renderEndpoints();
    const card = screen.getByRole('region', { name: 'Your first call' });
    const url = `${apiBase()}/v1/mainnet/${testUser.apiKey}`;
    expect(within(card).getByRole('region', { name: 'curl snippet' }).textContent).toBe(firstCallSnippet('curl', url));
    await user.click(within(card).getByRole('radio', { name: 'viem' }));
    // The segment group tells its change after the click's own events: the screen is waited on.
    expect((await within(card).findByRole('region', { name: 'viem snippet' })).textContent).toBe(firstCallSnippet('viem', url));
    await user.click(within(card).getByText('ethers', { selector: 'span' }));
    await user.click(await within(card).findByRole('button', { name: /^Copy ?ethers snippet$/ }));
    expect(await within(card).findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(firstCallSnippet('ethers', url));
    // The network switch changes the URL in the snippet too.
    await user.click(screen.getByRole('radio', { name: 'Devnet' }));
    await waitFor(() =>
      expect(within(card).getByRole('region', { name: 'ethers snippet' }).textContent).toContain(`/v1/devnet/${testUser.apiKey}`),
    );
  });

  it('shows the placeholder key while the user has none', () => {
    renderEndpoints({ apiKey: null });
    expect(field('RPC URL').value).toBe(`${apiBase()}/v1/mainnet/YOUR_API_KEY`);
    expect(field('Standard Websocket URL').value).toBe(`ws://${host()}/api/v1/mainnet/YOUR_API_KEY`);
  });

  it("copies the RPC URL and says 'Copied!'", async () => {
    const user = userEvent.setup({ delay: null });
    renderEndpoints();
    // The shared CopyButton's name is 'Copy' + a visually hidden label (jsdom drops the space between them).
    await user.click(screen.getByRole('button', { name: /^Copy ?RPC URL$/ }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${apiBase()}/v1/mainnet/${testUser.apiKey}`);
  });

  it("copies the websocket URL the gateway answers and says 'Copied!'", async () => {
    const user = userEvent.setup({ delay: null });
    renderEndpoints();
    await user.click(screen.getByRole('button', { name: /^Copy ?Standard Websocket URL$/ }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`ws://${host()}/api/v1/mainnet/${testUser.apiKey}`);
  });

  describe('a link to the RPC Access Control card (the playground refusal notice links there)', () => {
    /** Renders /endpoints at `address` and records what scrolls itself into view (jsdom has no scrolling). */
    function renderAt(address: string) {
      const scrolled: Element[] = [];
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this);
      };
      window.history.replaceState(null, '', address);
      onTestFinished(() => {
        Element.prototype.scrollIntoView = original;
        window.history.replaceState(null, '', '/');
      });
      renderEndpoints();
      return { scrolled, card: screen.getByRole('region', { name: 'RPC Access Control' }) };
    }

    it('lands on the card: scrolled into view and focused', () => {
      const { scrolled, card } = renderAt(accessControlHref);
      expect(card.id).toBe(ACCESS_CONTROL_ANCHOR);
      expect(scrolled).toEqual([card]);
      expect(document.activeElement).toBe(card);
    });

    it('leaves the page at its top without the hash', () => {
      const { scrolled, card } = renderAt('/endpoints');
      expect(scrolled).toEqual([]);
      expect(document.activeElement).not.toBe(card);
    });
  });
});
