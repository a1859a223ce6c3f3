import { createPublicClient, webSocket } from 'viem';
import { describe, expect, it } from 'vitest';
import { CREDITS_PER_NOTIFICATION, creditsFor } from '@/domain/credits';
import { NETWORK_FACTS } from '@/domain/networks';
import { callNode, setUpTestAnvil } from '../support/anvil';
import { setUpStartedAccount } from './helpers/started-account';
import { field, json } from './helpers/started-server';
import { notificationsOf, pause, rawClient, refusal, until } from './helpers/ws-client';

/**
 * The WebSocket endpoint with WORKERS=2, as `npm start` runs it in production: the fast path hands
 * the upgrade to the worker's Node server, the worker admits with credits leased from the main
 * process, and reports what it delivered. The node is a real anvil of the test's own.
 */
// Registered before the server: started first, stopped after the server stopped.
const anvil = setUpTestAnvil();
const server = setUpStartedAccount({ name: 'ws-workers', settings: () => ({ WORKERS: '2', ...anvil.upstream() }) });

const wsUrl = () => `${server.url.replace(/^http/, 'ws')}/api/v1/mainnet/${server.apiKey}`;
const bearer = () => ({ authorization: `Bearer ${server.token}` });

async function mine(blocks: number): Promise<void> {
  for (let index = 0; index < blocks; index += 1) {
    await callNode(anvil.node, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }));
    await pause(100);
  }
}

/** The usage totals once the workers have reported (every 200 ms) what they counted. */
async function totalsWhen(done: (totals: unknown) => boolean): Promise<unknown> {
  const end = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${server.url}/api/usage`, { headers: bearer() });
    expect(response.status).toBe(200);
    const totals = field(await json(response), 'totals');
    if (done(totals) || Date.now() > end) return totals;
    await pause(100);
  }
}

describe('the WebSocket endpoint on the HTTP workers', () => {
  it('answers requests and delivers each block once; delivered = metered = charged', async () => {
    const { socket, messages } = await rawClient(wsUrl());
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => messages.length >= 2, 'two answers');
    expect(messages).toContainEqual({ jsonrpc: '2.0', id: 1, result: `0x${NETWORK_FACTS.mainnet.chainId.toString(16)}` });
    await mine(5);
    await until(() => notificationsOf(messages).length >= 5, 'five notifications');
    socket.close();
    const numbers = notificationsOf(messages).map((head) => Number(field(head, 'number')));
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const credits = creditsFor('eth_chainId') + creditsFor('eth_subscribe') + 5 * CREDITS_PER_NOTIFICATION;
    const totals = await totalsWhen((seen) => field(seen, 'credits') === credits);
    expect(totals).toEqual({ requests: 7, credits, rateLimited: 0, refused: 0 });
    const me = await json(await fetch(`${server.url}/api/users/me`, { headers: bearer() }));
    expect(field(me, 'currentCredit')).toBe(credits);
  });

  it("serves viem's webSocket transport", async () => {
    const client = createPublicClient({ transport: webSocket(wsUrl()) });
    const seen: bigint[] = [];
    const unwatch = client.watchBlockNumber({ onBlockNumber: (block) => seen.push(block), emitOnBegin: false });
    await pause(300);
    const first = await client.getBlockNumber();
    await mine(3);
    await until(() => seen.length >= 3, 'three blocks');
    unwatch();
    await (await client.transport.getRpcClient()).close();
    expect(seen).toEqual([first + 1n, first + 2n, first + 3n]);
  });

  it("holds the plan's 5 connections (Free) across both workers: 60 handshakes at once open 5", async () => {
    // The sockets of the tests above are closed and their slots given back (a message to the main process each).
    await pause(300);
    const attempts = await Promise.all(
      Array.from({ length: 60 }, () =>
        rawClient(wsUrl()).then(
          (client) => ({ status: 101, socket: client.socket }),
          async () => ({ status: (await refusal(wsUrl())).status, socket: null }),
        ),
      ),
    );
    const opened = attempts.filter((attempt) => attempt.status === 101);
    expect(opened).toHaveLength(5);
    expect(attempts.filter((attempt) => attempt.status === 429)).toHaveLength(55);
    for (const { socket } of opened) socket?.close();
  });
});
