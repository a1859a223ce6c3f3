import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RpcRun } from '@machines/rpc-test';
import type { components } from '@/api/schema';
import { currentApiBase } from '@/api/rpc-calls';
import { queryClient } from '@/app/query-client';
import { playgroundSearch } from '@/domain/playground-link';
import type { RpcExchange } from '@/domain/rpc-exchange';
import { maskKey } from '@/domain/key-display';
import { rpcUrl } from '@/domain/rpc-urls';
import RpcTestingPage from '@/views/rpc-testing/rpc-testing-page';
import { fakeSocket } from '../machines/fake-socket';
import { balanceAnswer } from '../machines/models/rpc-test.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => queryClient.clear());

type ApiKey = components['schemas']['ApiKey'];
const keys: ApiKey[] = [
  { id: 1, name: 'First', apiKey: 'rpc_live_first', createdAt: '2025-02-07T10:00:00.000Z', environment: null },
  { id: 2, name: 'Second', apiKey: 'rpc_live_second', createdAt: '2025-02-08T10:00:00.000Z', environment: null },
];

const methodSelect = () => screen.getByLabelText<HTMLSelectElement>('Method', { selector: 'select' });
const paramsEditor = () => screen.getByLabelText<HTMLTextAreaElement>(/^Params/, { selector: 'textarea' });
const urlField = () => screen.getByLabelText<HTMLInputElement>('RPC URL', { selector: 'input' });
const networkRadio = (name: 'Mainnet' | 'Devnet') => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input[type=radio]' });

/** /rpc-testing opened from a link (the request log's "Open in playground"). */
async function openLink(search: string) {
  seedConfig();
  const runRpc = pendingCall<RpcExchange, RpcRun>('runRpc');
  const writeText = pendingCall<void, { text: string }>('writeText');
  renderInApp(
    <RpcTestingPage
      actors={{ rpc: { runRpc: runRpc.logic }, subscription: { socket: fakeSocket().logic }, clipboard: { writeText: writeText.logic } }}
      listKeys={async () => keys}
    />,
    { path: `/rpc-testing${search}` },
  );
  await screen.findByLabelText('Method', { selector: 'select' });
  return { runRpc };
}

describe('rpc testing screen opened with a call filled in', () => {
  it('uses the key, network, method and params of the link, ready to run again', async () => {
    const user = userEvent.setup({ delay: null });
    const params = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'];
    const { runRpc } = await openLink(playgroundSearch({ keyId: 2, network: 'devnet', method: 'eth_getBalance', params }));
    expect(urlField().value).toBe(rpcUrl(currentApiBase(), 'devnet', 'rpc_live_second'));
    // The link's key is the one selected, shown by name and masked value.
    const keySelect = screen.getByLabelText<HTMLSelectElement>('API key', { selector: 'select' });
    expect(keySelect.value).toBe('2');
    expect(keySelect.selectedOptions[0]?.textContent).toBe(`Second (${maskKey('rpc_live_second')})`);
    expect(networkRadio('Devnet').checked).toBe(true);
    expect(methodSelect().value).toBe('eth_getBalance');
    expect(paramsEditor().value).toBe('["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","latest"]');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(runRpc.inputs).toEqual([{ network: 'devnet', apiKey: 'rpc_live_second', method: 'eth_getBalance', params }]);
    await act(async () => runRpc.resolve(balanceAnswer));
    expect(screen.getByRole('region', { name: 'Response JSON', hidden: true }).textContent).toBe(balanceAnswer.json);
  });

  it.each([
    ['an unknown key', '?key=99&network=devnet&method=eth_chainId&params=[]', 'rpc_live_first', 'devnet', 'eth_chainId', '[]'],
    ['a key given by its secret', '?key=rpc_live_second&method=eth_chainId', 'rpc_live_first', 'mainnet', 'eth_chainId', '[]'],
    ['an unknown method', '?key=2&method=admin_peers&params=[]', 'rpc_live_second', 'mainnet', '', '[]'],
    [
      'params that are not JSON',
      '?key=2&method=eth_getBlockByNumber&params=["latest",',
      'rpc_live_second',
      'mainnet',
      'eth_getBlockByNumber',
      '["latest",false]',
    ],
    [
      'params too long',
      `?method=eth_chainId&params=${encodeURIComponent(JSON.stringify(['x'.repeat(5000)]))}`,
      'rpc_live_first',
      'mainnet',
      'eth_chainId',
      '[]',
    ],
    ['an unknown network', '?network=goerli', 'rpc_live_first', 'mainnet', '', '[]'],
  ])('ignores %s, keeping the defaults', async (_name, search, apiKey, network, method, paramsText) => {
    await openLink(search);
    expect(urlField().value).toBe(rpcUrl(currentApiBase(), network === 'devnet' ? 'devnet' : 'mainnet', apiKey));
    expect(screen.getByLabelText<HTMLSelectElement>('API key', { selector: 'select' }).value).toBe(apiKey === 'rpc_live_first' ? '1' : '2');
    expect(methodSelect().value).toBe(method);
    expect(paramsEditor().value).toBe(paramsText);
  });
});
