import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RpcRun, selectCanRun } from '@machines/rpc-test';
import type { components } from '@/api/schema';
import { currentApiBase } from '@/api/rpc-calls';
import { queryClient } from '@/app/query-client';
import { CallFailed } from '@/domain/call-failure';
import { type RpcExchange, formatElapsed, formatSize } from '@/domain/rpc-exchange';
import { RPC_METHODS } from '@/domain/rpc-methods';
import { parseParams } from '@/domain/rpc-params';
import { rpcUrl } from '@/domain/rpc-urls';
import { maskKey } from '@/domain/key-display';
import type { PlaygroundKey } from '@/domain/playground-key';
import RpcTestingPage from '@/views/rpc-testing/rpc-testing-page';
import { type Executors, describePath } from '../machines/flow-model';
import { type RpcTestModelEvent, rpcTestFlows } from '../machines/models/rpc-test.model';
import { fakeSocket } from '../machines/fake-socket';
import { pendingCall } from '../machines/pending-call';
import { deferred, renderInApp, testUser } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => queryClient.clear());

type ApiKey = components['schemas']['ApiKey'];
const storedKey = (apiKey: string, id = 1): ApiKey => ({
  id,
  name: `Key ${id}`,
  apiKey,
  createdAt: '2025-02-07T10:00:00.000Z',
  environment: null,
});

/** What GET /apiKeys sends for the model's keys. */
const storedKeys = (keys: readonly PlaygroundKey[]): ApiKey[] =>
  keys.map((key) => ({ ...storedKey(key.key, Number(key.id)), name: key.name }));

const keySelect = () => screen.getByLabelText('API key', { selector: 'select' });
const methodSelect = () => screen.getByLabelText('Method', { selector: 'select' });
const paramsEditor = () => screen.getByLabelText(/^Params/, { selector: 'textarea' });
const urlField = () => screen.getByLabelText('RPC URL', { selector: 'input' });
// `hidden: true` only skips Testing Library's style walk up every ancestor, which is slow on a
// screen this size; the elements checked here are visible (the first tests query them plainly).
const runButton = () => screen.getByRole('button', { name: /^(Run|Running\.\.\.)$/, hidden: true });
const networkRadio = (name: 'Mainnet' | 'Devnet') => screen.getByLabelText(name, { selector: 'input[type=radio]' });
const responseStatus = () => within(screen.getByRole('region', { name: 'Response' })).getByRole('status');

/** /rpc-testing with the test's effects; resolves once the key list is in and the form is drawn. */
async function renderRpcTesting(keys: Promise<ApiKey[]>) {
  seedConfig();
  const runRpc = pendingCall<RpcExchange, RpcRun>('runRpc');
  const writeText = pendingCall<void, { text: string }>('writeText');
  const rendered = renderInApp(
    <RpcTestingPage
      actors={{ rpc: { runRpc: runRpc.logic }, subscription: { socket: fakeSocket().logic }, clipboard: { writeText: writeText.logic } }}
      listKeys={() => keys}
    />,
    { path: '/rpc-testing' },
  );
  await screen.findByLabelText('Method', { selector: 'select' });
  return { runRpc, writeText, ...rendered };
}

describe.each(rpcTestFlows)('rpc testing screen, $name, walking the machine paths', ({ keys, flow, paths }) => {
  for (const path of paths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { runRpc } = await renderRpcTesting(Promise.resolve(storedKeys(keys)));

      await flow.run(
        path,
        {
          'rpc.key': ({ keyId }) => user.selectOptions(keySelect(), keyId),
          'rpc.network.select': ({ network }) => user.click(networkRadio(network === 'devnet' ? 'Devnet' : 'Mainnet')),
          'rpc.method.select': ({ method }) => user.selectOptions(methodSelect(), method),
          'rpc.params.edit': async ({ text }) => {
            await user.clear(paramsEditor());
            await user.click(paramsEditor());
            await user.paste(text);
          },
          'rpc.run': () => user.click(runButton()),
          'xstate.done.actor.runRpc': ({ output }) => act(async () => runRpc.resolve(output)),
          'xstate.error.actor.runRpc': ({ error }) => act(async () => runRpc.reject(error)),
        } satisfies Executors<RpcTestModelEvent>,
        (expected) => {
          const { network, method, paramsText, exchange, keyId } = expected.context;
          const chosen = keys.find((key) => key.id === keyId);
          const apiKey = chosen?.key ?? null;
          expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), network, apiKey));
          // The chosen key, by name and masked value; the other keys offered beside it.
          if (chosen === undefined) expect(screen.queryByLabelText('API key')).toBeNull();
          else {
            expect(keySelect()).toHaveProperty('value', chosen.id);
            const options = within(keySelect()).getAllByRole('option', { hidden: true });
            expect(options.map((option) => option.textContent)).toEqual(keys.map((key) => `${key.name} (${maskKey(key.key)})`));
            expect(keySelect()).toHaveProperty('disabled', expected.matches('running'));
          }
          expect(networkRadio('Devnet')).toHaveProperty('checked', network === 'devnet');
          expect(methodSelect()).toHaveProperty('value', method);
          expect(paramsEditor()).toHaveProperty('value', paramsText);
          const params = parseParams(paramsText);
          expect(screen.queryByText(params.ok ? /^Params must/ : params.message) !== null).toBe(!params.ok);
          // SPEC.md: 'Running...' while running; Run needs a method and a key (§5).
          const running = expected.matches('running');
          expect(runButton().textContent).toContain(running ? 'Running...' : 'Run');
          expect(runButton()).toHaveProperty('disabled', !selectCanRun(expected));
          expect(methodSelect()).toHaveProperty('disabled', running);
          if (running) {
            expect(responseStatus().textContent).toBe('Running...');
            expect(runRpc.inputs.at(-1)).toEqual({ network, apiKey, method, params: params.ok ? params.params : null });
          }
          // The owner's Allowed Domains refused the run: the panel says why, names the card, and links to it.
          const refusedByDomains = expected.matches({ ready: 'error' }) && exchange?.status === 403;
          const notice = screen.queryByText('Refused by your Allowed Domains');
          expect(notice !== null).toBe(refusedByDomains);
          if (refusedByDomains) {
            const panel = screen.getByRole('region', { name: 'Response' });
            expect(panel.textContent).toContain('the RPC Access Control card on the Endpoints page');
            expect(within(panel).getByRole('link', { name: 'Open RPC Access Control' }).getAttribute('href')).toBe(
              '/endpoints#rpc-access-control',
            );
          }
          // A named region: a focus stop screen readers announce (test/e2e finds it by that name too).
          const shown = screen.queryByRole('region', { name: 'Response JSON', hidden: true });
          if (exchange === null) {
            expect(shown).toBeNull();
            return;
          }
          // SPEC.md: elapsed time in ms, size in bytes and the JSON.
          expect(shown?.textContent).toBe(exchange.json);
          expect(responseStatus().textContent).toContain(`Time: ${formatElapsed(exchange.elapsedMs)}`);
          expect(responseStatus().textContent).toContain(`Size: ${formatSize(exchange.sizeBytes)}`);
          expect(responseStatus().textContent).toContain(`HTTP ${exchange.status}`);
          expect(screen.getByRole('button', { name: 'Copy response', hidden: true })).toBeTruthy();
        },
      );
    });
  }
});

describe('rpc testing screen', () => {
  it("says 'Loading API keys and endpoints...' while the keys load, then shows one h1 and its title", async () => {
    seedConfig();
    const keys = deferred<ApiKey[]>();
    renderInApp(<RpcTestingPage listKeys={() => keys.promise} />, { path: '/rpc-testing' });
    expect(screen.getByRole('status').textContent).toBe('Loading API keys and endpoints...');
    await act(async () => keys.resolve([storedKey('rpc_live_first'), storedKey('rpc_live_second', 2)]));
    await screen.findByLabelText('Method', { selector: 'select' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['RPC Testing']);
    expect(document.title).toBe('RPC Testing | Test RPC');
    // The first key makes the URL; mainnet by default (SPEC.md §4).
    expect(urlField()).toHaveProperty('value', rpcUrl(currentApiBase(), 'mainnet', 'rpc_live_first'));
    expect(screen.getByRole('radio', { name: 'Mainnet' })).toHaveProperty('checked', true);
  });

  it('offers every method in the dropdown, under a label', async () => {
    await renderRpcTesting(Promise.resolve([storedKey('rpc_live_first')]));
    const options = within(methodSelect())
      .getAllByRole('option')
      .filter((option) => option.getAttribute('value') !== '');
    expect(options.map((option) => option.textContent)).toEqual(expect.arrayContaining(RPC_METHODS.map((m) => m.name)));
    expect(options).toHaveLength(RPC_METHODS.length);
  });

  it("uses the user's own key when the key list fails (SPEC.md §7)", async () => {
    localStorage.setItem('token', 'stored-token');
    await renderRpcTesting(Promise.reject(new CallFailed({ kind: 'no-answer' })));
    await screen.findByDisplayValue(rpcUrl(currentApiBase(), 'mainnet', testUser.apiKey));
  });

  it('runs from the keyboard: choose a method, then Enter in the form', async () => {
    const user = userEvent.setup({ delay: null });
    const { runRpc } = await renderRpcTesting(Promise.resolve([storedKey('rpc_live_first')]));
    await user.selectOptions(methodSelect(), 'eth_blockNumber');
    await user.click(urlField());
    await user.keyboard('{Enter}');
    expect(runRpc.inputs).toEqual([{ network: 'mainnet', apiKey: 'rpc_live_first', method: 'eth_blockNumber', params: [] }]);
  });

  it("copies the RPC URL and reads 'Copied!'", async () => {
    const user = userEvent.setup({ delay: null });
    const { writeText } = await renderRpcTesting(Promise.resolve([storedKey('rpc_live_first')]));
    await user.click(screen.getByRole('button', { name: 'Copy RPC URL' }));
    expect(writeText.inputs).toEqual([{ text: rpcUrl(currentApiBase(), 'mainnet', 'rpc_live_first') }]);
    await act(async () => writeText.resolve());
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
  });
});
