import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_FACTS } from '@/domain/networks';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { type NetworksFile, writeNetworksFile } from '../support/networks-file';
import { call, keyHolder, type KeyHolder, rpc } from './gateway-harness';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * A network the code has never heard of, added in NETWORKS_FILE alone: served by the gateway over
 * HTTP and WebSocket, metered, listed to the SPA (GET /config) and on the status report.
 */
const testnet = { name: 'testnet', label: 'Testnet', chainId: 31_337 };

let node: AnvilNode | undefined;
let server: TestApp | undefined;
let file: NetworksFile | undefined;
let holder: KeyHolder;

beforeAll(async () => {
  node = await startTestAnvil(testnet.chainId);
  file = await writeNetworksFile([
    { name: 'mainnet', label: 'Mainnet', chainId: NETWORK_FACTS.mainnet.chainId },
    { ...testnet, maxLagBlocks: 3, nodes: [{ url: node.url, archive: true, weight: 2 }] },
  ]);
  server = await startTestApp({ NETWORKS_FILE: file.path });
  holder = await keyHolder(server.app, 'testnet');
});

afterAll(async () => {
  await server?.close();
  await node?.stop();
  await file?.remove();
});

const app = () => {
  if (server === undefined) throw new Error('the app did not start');
  return server.app;
};

describe('a third network from NETWORKS_FILE', () => {
  it('is listed to the SPA, in the file order', async () => {
    const config = (await app().inject({ method: 'GET', url: '/api/config' })).json<{ networks: unknown }>();
    expect(config.networks).toEqual([{ name: 'mainnet', label: 'Mainnet', chainId: NETWORK_FACTS.mainnet.chainId }, testnet]);
  });

  it('is served over HTTP by its node, and metered under its name', async () => {
    const answer = await rpc(app(), holder.apiKey, call('eth_chainId'), { network: 'testnet' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${testnet.chainId.toString(16)}` });
    await app().metering.flush();
    const { rows } = await app().db.query<{ network: string; requests: number }>(
      'SELECT network, SUM(requests)::int AS requests FROM usage_minutes WHERE api_key_id = (SELECT id FROM api_keys WHERE user_id = $1 LIMIT 1) GROUP BY network',
      [holder.userId],
    );
    expect(rows).toEqual([{ network: 'testnet', requests: 1 }]);
  });

  it('refuses a network the file does not list, naming the ones it does (devnet is gone with the file)', async () => {
    const answer = await rpc(app(), holder.apiKey, call('eth_chainId'), { network: 'devnet' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: { code: -32600, message: 'Invalid request: unknown network "devnet" (use mainnet or testnet).' },
    });
  });

  it('is on the status report', async () => {
    const report = (await app().inject({ method: 'GET', url: '/api/status' })).json<{
      networks: Array<{ name: string; nodesConfigured: number }>;
    }>();
    expect(report.networks.map((network) => [network.name, network.nodesConfigured])).toEqual([
      ['mainnet', 0],
      ['testnet', 1],
    ]);
  });

  it('serves WebSocket subscriptions from its node', async () => {
    const address = await app().listen({ host: '127.0.0.1', port: 0 });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/api/v1/testnet/${holder.apiKey}`);
    const messages: unknown[] = [];
    const subscribed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        messages.push(JSON.parse(String(data)));
        if (messages.length === 2) resolve();
      });
    });
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['newHeads'] }));
    await subscribed;
    socket.close();
    expect(messages).toEqual(
      expect.arrayContaining([
        { jsonrpc: '2.0', id: 1, result: `0x${testnet.chainId.toString(16)}` },
        expect.objectContaining({ jsonrpc: '2.0', id: 2, result: expect.stringMatching(/^0x[0-9a-f]+$/) }),
      ]),
    );
  });
});

describe('NETWORKS_FILE refused at start-up, line by line', () => {
  it('names the line of each problem, and never shows a node URL', async () => {
    const { readNetworks } = await import('@server/gateway/fleet/network-settings');
    const yaml = [
      'networks:',
      '  - name: Main Net',
      '    label: Mainnet',
      '    chainId: 1',
      '  - name: testnet',
      '    label: Testnet',
      '    chainId: -3',
      '    nodes:',
      '      - url: ftp://secret@10.0.0.5',
      '        weight: 0',
      '      - ws: ws://10.0.0.6',
      '',
    ].join('\n');
    let message = '';
    try {
      readNetworks({ NETWORKS_FILE: 'networks.yaml' }, () => yaml);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message.split('\n')).toEqual([
      'networks.yaml line 2: "name" must be a lower-case name of letters, digits and hyphens (the {network} path segment).',
      'networks.yaml line 7: "chainId" must be a whole number from 1 to 9007199254740991.',
      'networks.yaml line 9: "url" must be a http: or https: address (the value is not shown: it may carry a key).',
      'networks.yaml line 10: "weight" must be a whole number from 1 to 1000.',
      'networks.yaml line 11: "url" is missing: give the node\'s http: or https: address.',
    ]);
    expect(message).not.toContain('secret');
  });
});
