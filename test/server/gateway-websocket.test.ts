import type { FastifyInstance } from 'fastify';
import { WebSocketProvider } from 'ethers';
import { createPublicClient, createWalletClient, defineChain, type Hex, http, pad, toEventSelector, toHex, webSocket } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '@server/app';
import { systemClock } from '@server/clock';
import { loadConfig } from '@server/config';
import { NETWORK_FACTS } from '@/domain/networks';
import { devAccounts } from '@server/nodes/local-nodes';
import { callNode, startTestAnvil, type AnvilNode } from '../support/anvil';
import { keyHolder, putOnPlan, type KeyHolder } from './gateway-harness';
import { bearer } from './helpers/accounts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { notificationsOf, pause, rawClient, refusal, until } from './helpers/ws-client';
import { field } from './helpers/started-server';

/**
 * The gateway's WebSocket endpoint (server/gateway/ws) with WORKERS=1, as viem's and ethers'
 * WebSocket clients use it, on a real anvil: subscriptions, their notifications charged and metered
 * one by one, and the handshake's and the plan's refusals.
 */
let node: AnvilNode | undefined;
/** The devnet's node: the upstream-drop test stops it. */
let devnetNode: AnvilNode | undefined;
let database: TestDatabase | undefined;
let app: FastifyInstance | undefined;
let wsBase = '';

beforeAll(async () => {
  [node, devnetNode] = await Promise.all([startTestAnvil(), startTestAnvil(NETWORK_FACTS.devnet.chainId)]);
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env, UPSTREAM_MAINNET_URL: node.url, UPSTREAM_DEVNET_URL: devnetNode.url });
  app = await buildApp(config, { clock: systemClock, distDir: null });
  wsBase = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await node?.stop();
  await devnetNode?.stop();
});

function started(): FastifyInstance {
  if (app === undefined) throw new Error('the app did not start');
  return app;
}

function anvil(): AnvilNode {
  if (node === undefined) throw new Error('anvil did not start');
  return node;
}

const wsUrl = (holder: KeyHolder, network = 'mainnet') => `${wsBase}/api/v1/${network}/${holder.apiKey}`;

const chain = defineChain({
  id: NETWORK_FACTS.mainnet.chainId,
  name: 'Berachain (local anvil)',
  nativeCurrency: { name: 'BERA', symbol: 'BERA', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

async function mine(blocks: number): Promise<void> {
  for (let index = 0; index < blocks; index += 1) {
    await callNode(anvil(), JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }));
    await pause(150);
  }
}

/** What was metered for the key under `method`, once the meter has written. */
async function metered(holder: KeyHolder, method: string): Promise<{ requests: number; credits: number }> {
  await started().metering.flush();
  const { rows } = await started().db.query<{ requests: string | null; credits: string | null }>(
    `SELECT sum(m.requests) AS requests, sum(m.credits) AS credits FROM usage_minutes m
     JOIN api_keys k ON k.id = m.api_key_id WHERE k.key = $1 AND m.method = $2`,
    [holder.apiKey, method],
  );
  return { requests: Number(rows[0]?.requests ?? 0), credits: Number(rows[0]?.credits ?? 0) };
}

/** Client subscriptions the gateway holds now (every network's). */
const clientSubscriptions = () => started().webSockets?.subscriptions.clients ?? 0;

/** Waits until the gateway holds `count` more client subscriptions than `before`: the node confirmed them. */
async function subscribed(before: number, count: number): Promise<void> {
  await until(() => clientSubscriptions() >= before + count, `${count} subscription(s) made`);
}

describe('viem and ethers over the WebSocket endpoint', () => {
  it("viem's watchBlockNumber sees every block once, and each notification is metered", async () => {
    const holder = await keyHolder(started(), 'wsviem');
    const client = createPublicClient({ chain, transport: webSocket(wsUrl(holder)) });
    const seen: bigint[] = [];
    const before = clientSubscriptions();
    const unwatch = client.watchBlockNumber({ onBlockNumber: (block) => seen.push(block), emitOnBegin: false });
    await subscribed(before, 1);
    const first = await client.getBlockNumber();
    await mine(5);
    await until(() => seen.length >= 5, 'five blocks');
    unwatch();
    await (await client.transport.getRpcClient()).close();
    expect(seen).toEqual([1n, 2n, 3n, 4n, 5n].map((step) => first + step));
    expect(await metered(holder, 'eth_subscription')).toEqual({ requests: 5, credits: 100 });
    expect((await metered(holder, 'eth_subscribe')).requests).toBe(1);
    // The Usage screen's report: notifications are a row of their own, beside the calls.
    const usage = await started().inject({ method: 'GET', url: '/api/usage', headers: { authorization: `Bearer ${holder.token}` } });
    expect(usage.json().rows).toContainEqual(
      expect.objectContaining({ name: 'eth_subscription', usageType: 'standard', requests: 5, credits: 100 }),
    );
  });

  it("ethers' WebSocketProvider hears every block once", async () => {
    const holder = await keyHolder(started(), 'wsethers');
    const provider = new WebSocketProvider(wsUrl(holder), NETWORK_FACTS.mainnet.chainId);
    const seen: number[] = [];
    const before = clientSubscriptions();
    await provider.on('block', (block: number) => seen.push(block));
    await subscribed(before, 1);
    const first = await provider.getBlockNumber();
    await mine(3);
    await until(() => seen.length >= 3, 'three blocks');
    await provider.destroy();
    expect(seen).toEqual([first + 1, first + 2, first + 3]);
  });
});

/** An event the test contract emits: `Ping(uint256 n)`, n being the call's 32 bytes of data. */
const pingAbi = [{ type: 'event', name: 'Ping', inputs: [{ name: 'n', type: 'uint256', indexed: false }] }] as const;

/**
 * A contract in raw bytecode: any call emits Ping with the call data (LOG1: its topic, then the data).
 * Runtime: CALLDATASIZE 0 0 CALLDATACOPY, PUSH32 topic, CALLDATASIZE 0 LOG1, STOP.
 */
function pingContract(): Hex {
  const topic = toEventSelector('Ping(uint256)').slice(2);
  const runtime = `3660006000377f${topic}366000a100`;
  const length = (runtime.length / 2).toString(16).padStart(2, '0');
  return `0x60${length}80600b6000396000f3${runtime}`;
}

describe('contract events over the WebSocket endpoint', () => {
  it("viem's watchBlocks and watchContractEvent and ethers' log filter see every block and log once; usage matches", async () => {
    const holder = await keyHolder(started(), 'wsevents');
    const wallet = createWalletClient({ account: privateKeyToAccount(devAccounts.first.privateKey), chain, transport: http(anvil().url) });
    const nodeClient = createPublicClient({ chain, transport: http(anvil().url) });
    const deployed = await nodeClient.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi: pingAbi, bytecode: pingContract() }),
    });
    const address = deployed.contractAddress;
    if (address === null || address === undefined) throw new Error('the contract was not deployed');

    const client = createPublicClient({ chain, transport: webSocket(wsUrl(holder)) });
    const blocks: bigint[] = [];
    const viemLogs: bigint[] = [];
    const before = clientSubscriptions();
    const unwatchBlocks = client.watchBlocks({ onBlock: (block) => blocks.push(block.number) });
    const unwatchEvents = client.watchContractEvent({
      address,
      abi: pingAbi,
      eventName: 'Ping',
      onLogs: (logs) => viemLogs.push(...logs.map((log) => log.args.n ?? -1n)),
    });
    const provider = new WebSocketProvider(wsUrl(holder), NETWORK_FACTS.mainnet.chainId);
    const ethersLogs: bigint[] = [];
    await provider.on({ address, topics: [toEventSelector('Ping(uint256)')] }, (log: { data: string }) =>
      ethersLogs.push(BigInt(log.data)),
    );
    // viem's blocks and events, and ethers' filter.
    await subscribed(before, 3);
    const first = await client.getBlockNumber();
    for (const n of [1n, 2n, 3n]) {
      // Each call is mined at once (anvil's automine): a block and a log each.
      const hash = await wallet.sendTransaction({ to: address, data: pad(toHex(n)) });
      await nodeClient.waitForTransactionReceipt({ hash });
    }
    await until(() => viemLogs.length >= 3 && ethersLogs.length >= 3 && blocks.length >= 3, 'three blocks and logs');
    await pause(300);
    unwatchBlocks();
    unwatchEvents();
    await (await client.transport.getRpcClient()).close();
    await provider.destroy();
    expect(viemLogs).toEqual([1n, 2n, 3n]);
    expect(ethersLogs).toEqual([1n, 2n, 3n]);
    // viem's watchBlocks fetches each block it is told of (getBlock) and calls back as each fetch ends: every block once, not always in order.
    expect([...blocks].sort((a, b) => Number(a - b))).toEqual([first + 1n, first + 2n, first + 3n]);
    expect(await metered(holder, 'eth_subscription')).toEqual({ requests: 9, credits: 9 * 20 });
  });
});

describe('requests and subscriptions on one socket', () => {
  it('answers a request as over HTTP, and refuses a subscription no node serves', async () => {
    const holder = await keyHolder(started(), 'wsraw');
    const { socket, messages } = await rawClient(wsUrl(holder));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['syncing'] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'anvil_mine', params: [] }));
    socket.send('{"broken');
    await until(() => messages.length >= 4, 'four answers');
    socket.close();
    expect(messages).toEqual(
      expect.arrayContaining([
        { jsonrpc: '2.0', id: 1, result: `0x${NETWORK_FACTS.mainnet.chainId.toString(16)}` },
        {
          jsonrpc: '2.0',
          id: 2,
          error: {
            code: -32602,
            message: 'The subscription "syncing" is not available on this service: use newHeads, logs, newPendingTransactions.',
          },
        },
        { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'The method anvil_mine is not available on this service.' } },
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the request body is not valid JSON.' } },
      ]),
    );
  });

  it("holds at most the plan's subscriptions on a connection (10 on Free) through a storm of 200, and charges only those", async () => {
    const holder = await keyHolder(started(), 'wssubs');
    const { socket, messages } = await rawClient(wsUrl(holder));
    for (let id = 1; id <= 200; id += 1) socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => messages.length >= 200, 'two hundred answers');
    const refused = messages.filter((message) => typeof message === 'object' && message !== null && 'error' in message);
    expect(refused).toHaveLength(190);
    expect(refused[0]).toEqual({
      jsonrpc: '2.0',
      id: 11,
      error: {
        code: -32005,
        message: 'Too many subscriptions on this connection: your plan allows 10. Unsubscribe from one first, or open another connection.',
      },
    });
    await mine(1);
    await until(() => notificationsOf(messages).length >= 10, 'a block on each subscription');
    socket.close();
    await pause(100);
    expect(notificationsOf(messages)).toHaveLength(10);
    expect(await metered(holder, 'eth_subscribe')).toEqual({ requests: 10, credits: 200 });
    expect(await metered(holder, 'eth_subscription')).toEqual({ requests: 10, credits: 200 });
  });

  it("frees the place of a subscribe refused by the rate: after ten refusals the connection still holds the plan's 10", async () => {
    const holder = await keyHolder(started(), 'wsrefusedsubs');
    const { socket, messages } = await rawClient(wsUrl(holder));
    const answerTo = (id: number) => messages.find((message) => field(message, 'id') === id);
    // Free's bucket (10 a second) emptied by ten calls, then ten subscribes at once: refused by the rate.
    for (let id = 1; id <= 10; id += 1) socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] }));
    for (let id = 11; id <= 20; id += 1) socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => messages.length >= 20, 'twenty answers');
    const refusedByRate = messages.filter((message) => field(field(field(message, 'error'), 'data'), 'limit') === 'rate');
    expect(refusedByRate.length).toBeGreaterThanOrEqual(5);
    // Then one subscribe at a time, each waiting for a token when the rate refuses it, until ten are held.
    let held = messages.filter((message) => typeof field(message, 'result') === 'string' && Number(field(message, 'id')) > 10).length;
    let id = 100;
    for (let attempt = 0; attempt < 200 && held < 10; attempt += 1) {
      id += 1;
      const sent = id;
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: sent, method: 'eth_subscribe', params: ['newHeads'] }));
      await until(() => answerTo(sent) !== undefined, 'an answer');
      const answer = answerTo(sent);
      if (typeof field(answer, 'result') === 'string') held += 1;
      else if (field(field(field(answer, 'error'), 'data'), 'limit') === 'rate') await pause(100);
      else throw new Error(`subscribe ${sent} refused: ${JSON.stringify(answer)}`);
    }
    expect(held).toBe(10);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 999, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => answerTo(999) !== undefined, 'the eleventh answer');
    expect(String(field(field(answerTo(999), 'error'), 'message'))).toMatch(/^Too many subscriptions on this connection/);
    socket.close();
  });

  it('records a subscription method as the gateway records any call: in the request log, over websocket, charged', async () => {
    const holder = await keyHolder(started(), 'wslogged');
    await putOnPlan(started(), systemClock, holder.userId, 'Developer');
    const { socket, messages } = await rawClient(wsUrl(holder));
    const answerTo = (id: number) => messages.find((message) => field(message, 'id') === id);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => answerTo(1) !== undefined, 'the subscribe answer');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: [field(answerTo(1), 'result')] }));
    await until(() => answerTo(2) !== undefined, 'the unsubscribe answer');
    socket.close();
    expect(answerTo(2)).toEqual({ jsonrpc: '2.0', id: 2, result: true });
    await started().metering.flush();
    const { rows } = await started().db.query<{ id: number }>('SELECT id FROM api_keys WHERE key = $1', [holder.apiKey]);
    const log = await started().inject({ method: 'GET', url: `/api/apiKeys/${rows[0]?.id}/requests`, headers: bearer(holder.token) });
    expect(log.statusCode, log.body).toBe(200);
    const entries: unknown = log.json().entries;
    expect(entries).toEqual([
      expect.objectContaining({ method: 'eth_unsubscribe', transport: 'websocket', outcome: 'answered', status: 200, credits: 20 }),
      expect.objectContaining({ method: 'eth_subscribe', transport: 'websocket', outcome: 'answered', status: 200, credits: 20 }),
    ]);
  });

  it('applies a plan change to an open socket: on Developer, an eleventh subscription is taken', async () => {
    const holder = await keyHolder(started(), 'wsplan');
    const { socket, messages } = await rawClient(wsUrl(holder));
    const subscribe = (id: number) => socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: ['newHeads'] }));
    for (let id = 1; id <= 11; id += 1) subscribe(id);
    await until(() => messages.length >= 11, 'eleven answers');
    expect(
      field(
        field(
          messages.find((message) => field(message, 'id') === 11),
          'error',
        ),
        'code',
      ),
    ).toBe(-32005);
    await putOnPlan(started(), { now: () => new Date() }, holder.userId, 'Developer');
    // The keys of open sockets are read again every second.
    await pause(1_200);
    subscribe(12);
    await until(() => messages.length >= 12, 'an answer');
    expect(typeof field(messages.at(-1), 'result')).toBe('string');
    socket.close();
  });

  it("closes the newest connections beyond a lowered plan's limit with 4002: 7 open on Developer, 5 left on Free", async () => {
    const holder = await keyHolder(started(), 'wsdowngrade');
    await putOnPlan(started(), { now: () => new Date() }, holder.userId, 'Developer');
    const clients: Awaited<ReturnType<typeof rawClient>>[] = [];
    // One at a time: the order of opening is the order here.
    for (let index = 0; index < 7; index += 1) clients.push(await rawClient(wsUrl(holder)));
    const ended: Array<{ code: number; reason: string } | null> = clients.map(() => null);
    for (const [index, client] of clients.entries()) void client.closed.then((end) => (ended[index] = end));
    // The path billing takes: the plan in the database, the user's cached keys dropped.
    await putOnPlan(started(), { now: () => new Date() }, holder.userId, 'Free');
    await until(() => ended.filter((end) => end !== null).length >= 2, 'two connections closed', 10_000);
    expect(ended.slice(5)).toEqual([
      { code: 4002, reason: "beyond the plan's WebSocket connections: the newest are closed" },
      { code: 4002, reason: "beyond the plan's WebSocket connections: the newest are closed" },
    ]);
    // The five oldest still answer.
    for (const [index, client] of clients.slice(0, 5).entries()) {
      client.socket.send(JSON.stringify({ jsonrpc: '2.0', id: index, method: 'eth_chainId', params: [] }));
    }
    await until(() => clients.slice(0, 5).every(({ messages }) => messages.length >= 1), 'five answers');
    expect(ended.slice(0, 5)).toEqual([null, null, null, null, null]);
    for (const client of clients) client.socket.close();
  });

  it("closes a connection holding more subscriptions than a lowered plan allows with 4002: 12 on Developer, Free's 10", async () => {
    const holder = await keyHolder(started(), 'wsdowngradesubs');
    await putOnPlan(started(), { now: () => new Date() }, holder.userId, 'Developer');
    const { socket, messages, closed } = await rawClient(wsUrl(holder));
    for (let id = 1; id <= 12; id += 1) socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => messages.length >= 12, 'twelve answers');
    expect(messages.filter((message) => typeof field(message, 'result') === 'string')).toHaveLength(12);
    const other = await rawClient(wsUrl(holder));
    other.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => other.messages.length >= 1, 'the other subscription');
    await putOnPlan(started(), { now: () => new Date() }, holder.userId, 'Free');
    expect(await closed).toEqual({ code: 4002, reason: "beyond the plan's subscriptions per connection" });
    // A connection within the new limit stays.
    other.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] }));
    await until(() => other.messages.length >= 2, 'an answer on the other connection');
    other.socket.close();
  });

  it('shares one subscription of the node among clients with the same parameters, each under its own id', async () => {
    const holder = await keyHolder(started(), 'wsshare');
    await until(() => started().webSockets?.subscriptions.atNodes === 0, 'the earlier subscriptions ended');
    const clients = await Promise.all([1, 2, 3].map(() => rawClient(wsUrl(holder))));
    for (const { socket } of clients) socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    const [first] = clients;
    first?.socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['logs', { address: `0x${'11'.repeat(20)}` }] }),
    );
    await until(() => clients.every(({ messages }) => messages.length >= 1) && (first?.messages.length ?? 0) >= 2, 'the subscriptions');
    expect(started().webSockets?.subscriptions).toEqual({ clients: 4, atNodes: 2 });
    await mine(2);
    await until(() => clients.every(({ messages }) => notificationsOf(messages).length >= 2), 'two blocks each');
    const ids = clients.map(({ messages }) =>
      field(
        messages.find((message) => field(message, 'id') === 1),
        'result',
      ),
    );
    expect(new Set(ids).size).toBe(3);
    for (const [index, { messages }] of clients.entries()) {
      const subscriptions = messages
        .filter((message) => field(message, 'method') === 'eth_subscription')
        .map((message) => field(field(message, 'params'), 'subscription'));
      expect(subscriptions).toEqual([ids[index], ids[index]]);
    }
    for (const { socket } of clients) socket.close();
    await until(() => started().webSockets?.subscriptions.atNodes === 0, 'the node subscriptions ended with the last client');
  });

  it('unsubscribes: no notification of it after the answer, and an unknown id is false', async () => {
    const holder = await keyHolder(started(), 'wsunsub');
    const { socket, messages } = await rawClient(wsUrl(holder));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => messages.length >= 1, 'the subscription');
    const subscription = field(messages[0], 'result');
    await mine(1);
    await until(() => notificationsOf(messages).length >= 1, 'a block');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: [subscription] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'eth_unsubscribe', params: ['0xdead'] }));
    await until(() => messages.length >= 4, 'two answers');
    await mine(2);
    await pause(200);
    socket.close();
    // Answers come as they are ready: the unknown id's at once, the node's after its round trip.
    expect(messages.slice(2)).toEqual(
      expect.arrayContaining([
        { jsonrpc: '2.0', id: 2, result: true },
        { jsonrpc: '2.0', id: 3, result: false },
      ]),
    );
    expect(messages).toHaveLength(4);
    expect(await metered(holder, 'eth_subscription')).toEqual({ requests: 1, credits: 20 });
  });
});

describe('the monthly credit quota', () => {
  it('delivers notifications while credits last, then sends a -32005 error and closes with 1008; nothing past it is charged', async () => {
    const holder = await keyHolder(started(), 'wsquota');
    const { socket, messages, closed } = await rawClient(wsUrl(holder));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => messages.length >= 1, 'the subscription');
    // Two notifications' worth left of Free's 500,000 (the subscription's own credits written first).
    await started().metering.flush();
    await started().db.query('UPDATE users SET credits_used = $2, credits_cycle_start = cycle_start WHERE id = $1', [
      holder.userId,
      500_000 - 40,
    ]);
    started().keyCache.invalidateUser(holder.userId);
    // The keys of open sockets are read again every second.
    await pause(1_200);
    await mine(3);
    const end = await closed;
    expect(notificationsOf(messages)).toHaveLength(2);
    expect(field(field(messages.at(-1), 'error'), 'code')).toBe(-32005);
    expect(String(field(field(messages.at(-1), 'error'), 'message'))).toMatch(
      /^Monthly credit quota exceeded: 500000 of your plan's 500000 credits are used\./,
    );
    expect(end).toEqual({ code: 1008, reason: 'the monthly credit quota is used up' });
    expect(await metered(holder, 'eth_subscription')).toEqual({ requests: 2, credits: 40 });
  });
});

describe('the handshake', () => {
  it('refuses a bad key, an unknown network and another Origin than the allowed domains, with the JSON-RPC error', async () => {
    const holder = await keyHolder(started(), 'wshand');
    expect((await refusal(`${wsBase}/api/v1/mainnet/`)).status).toBe(401);
    expect(await refusal(`${wsBase}/api/v1/mainnet/rpk_not_a_key`)).toEqual({
      status: 401,
      body: { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Invalid API key' } },
    });
    expect((await refusal(wsUrl(holder, 'testnet'))).status).toBe(400);
    await started().inject({
      method: 'PUT',
      url: '/api/accessControl',
      headers: { authorization: `Bearer ${holder.token}` },
      payload: { domains: ['app.example.com'], ips: [], cidrs: [] },
    });
    started().keyCache.invalidateUser(holder.userId);
    const wrongOrigin = await refusal(wsUrl(holder), { origin: 'https://evil.example' });
    expect(wrongOrigin.status).toBe(403);
    const { socket } = await rawClient(wsUrl(holder), { origin: 'https://app.example.com' });
    socket.close();
  });

  it("checks the IP allow-list against the client's address a trusted proxy forwards (TRUST_PROXY)", async () => {
    const database2 = await createTestDatabase();
    const proxied = await buildApp(
      loadConfig({ LOG_LEVEL: 'silent', ...database2.env, UPSTREAM_MAINNET_URL: anvil().url, TRUST_PROXY: '127.0.0.1' }),
      { clock: systemClock, distDir: null },
    );
    try {
      const base = (await proxied.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
      const holder = await keyHolder(proxied, 'wsproxy');
      const saved = await proxied.inject({
        method: 'PUT',
        url: '/api/accessControl',
        headers: { authorization: `Bearer ${holder.token}` },
        payload: { domains: [], ips: ['203.0.113.7'], cidrs: [] },
      });
      expect(saved.statusCode).toBeLessThan(300);
      const url = `${base}/api/v1/mainnet/${holder.apiKey}`;
      const allowed = await rawClient(url, { 'x-forwarded-for': '203.0.113.7' });
      allowed.socket.close();
      expect((await refusal(url, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(403);
      // The proxy's own address is not the client's.
      expect((await refusal(url)).status).toBe(403);
    } finally {
      await proxied.close();
      await database2.drop();
    }
  });

  it("lets 1,000 handshakes at once from one address open exactly the plan's 5 (Free); the others get 429", async () => {
    const holder = await keyHolder(started(), 'wsconn');
    const attempts = await Promise.all(
      Array.from(
        { length: 1000 },
        () =>
          new Promise<{ status: number; socket: WebSocket | null }>((resolve) => {
            const socket = new WebSocket(wsUrl(holder));
            socket.once('open', () => resolve({ status: 101, socket }));
            socket.once('unexpected-response', (_request, response) => {
              response.resume();
              resolve({ status: response.statusCode ?? 0, socket: null });
            });
            socket.once('error', () => resolve({ status: 0, socket: null }));
          }),
      ),
    );
    const statuses = new Map<number, number>();
    for (const { status } of attempts) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 101: 5, 429: 995 });
    const sixth = await refusal(wsUrl(holder));
    expect(sixth.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32005,
        message: 'Too many WebSocket connections: your plan allows 5 open at once. Close one first, or upgrade your plan.',
      },
    });
    for (const { socket } of attempts) socket?.close();
    await until(() => started().webSockets?.open === 0, 'every socket closed');
    const again = await rawClient(wsUrl(holder));
    again.socket.close();
  });

  it('closes a socket its allow-list no longer lets in (1008; read again every second)', async () => {
    const holder = await keyHolder(started(), 'wsallow');
    const { closed } = await rawClient(wsUrl(holder), { origin: 'https://app.example.com' });
    const saved = await started().inject({
      method: 'PUT',
      url: '/api/accessControl',
      headers: { authorization: `Bearer ${holder.token}` },
      payload: { domains: ['other.example.com'], ips: [], cidrs: [] },
    });
    expect(saved.statusCode).toBeLessThan(300);
    expect(await closed).toEqual({ code: 1008, reason: 'the API key was deleted or no longer allows this client' });
  });

  it('closes the sockets of a deleted key (1008; the keys of open sockets are read again every second)', async () => {
    const holder = await keyHolder(started(), 'wsdel');
    const { socket } = await rawClient(wsUrl(holder));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const headers = { authorization: `Bearer ${holder.token}` };
    const listed: unknown = (await started().inject({ method: 'GET', url: '/api/apiKeys', headers })).json();
    const own = Array.isArray(listed) ? listed.find((key) => key?.apiKey === holder.apiKey) : undefined;
    const deleted = await started().inject({ method: 'DELETE', url: `/api/apiKeys/${String(own?.id)}`, headers });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await closed).toBe(1008);
  });
});

describe('hostile clients', () => {
  /** Sends eth_subscribe with `params` as `id` and waits for its answer. */
  async function subscribeAnswer(client: { socket: WebSocket; messages: unknown[] }, id: number, params: unknown[]): Promise<unknown> {
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params }));
    const answer = () => client.messages.find((message) => field(message, 'id') === id);
    await until(() => answer() !== undefined, `the answer to ${id}`, 20_000);
    return answer();
  }

  const hexAddress = (index: number) => `0x${index.toString(16).padStart(40, '0')}`;
  const hexTopic = (index: number) => `0x${index.toString(16).padStart(64, '0')}`;

  it('refuses a logs filter of 20,000 addresses (about 900 KB) with -32602 before the node hears of it', async () => {
    const holder = await keyHolder(started(), 'wshugefilter');
    const client = await rawClient(wsUrl(holder));
    const atNodes = started().webSockets?.subscriptions.atNodes;
    const addresses = Array.from({ length: 20_000 }, (_, index) => hexAddress(index));
    expect(await subscribeAnswer(client, 1, ['logs', { address: addresses }])).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'eth_subscribe "logs" takes at most 1000 addresses in one filter; this one has 20000.' },
    });
    const topics = [null, Array.from({ length: 1001 }, (_, index) => hexTopic(index))];
    expect(field(field(await subscribeAnswer(client, 2, ['logs', { topics }]), 'error'), 'message')).toBe(
      'eth_subscribe "logs" takes at most 1000 alternatives in one topic position; position 2 has 1001.',
    );
    expect(started().webSockets?.subscriptions.atNodes).toBe(atNodes);
    expect(started().webSockets?.subscriptionBytes).toBe(0);
    client.socket.close();
  });

  it("keeps at most 512 KiB of a connection's filters: four filters of 1,000 addresses and 1,000 topics, not five", async () => {
    const holder = await keyHolder(started(), 'wsfilterbytes');
    const client = await rawClient(wsUrl(holder));
    // About 114 KB of JSON each, every one different (so none is shared at the node).
    const filter = (n: number) => [
      'logs',
      {
        address: Array.from({ length: 1000 }, (_, index) => hexAddress(n * 1000 + index)),
        topics: [Array.from({ length: 1000 }, (_, index) => hexTopic(n * 1000 + index))],
      },
    ];
    const answers: unknown[] = [];
    for (let n = 1; n <= 6; n += 1) answers.push(await subscribeAnswer(client, n, filter(n)));
    const held = answers.filter((answer) => typeof field(answer, 'result') === 'string');
    expect(held).toHaveLength(4);
    const bytes = started().webSockets?.subscriptionBytes ?? 0;
    expect(bytes).toBeGreaterThan(4 * 110_000);
    expect(bytes).toBeLessThanOrEqual(512 * 1024);
    expect(answers.slice(4).map((answer) => field(field(answer, 'error'), 'code'))).toEqual([-32005, -32005]);
    expect(String(field(field(answers[4], 'error'), 'message'))).toMatch(
      /^Subscription parameters too large for this connection: its subscriptions' filters may take 524288 bytes together \(as JSON\), and \d+ are taken\./,
    );
    // One ended frees its room: a fifth fits then.
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_unsubscribe', params: [field(held[0], 'result')] }));
    await until(() => client.messages.some((message) => field(message, 'id') === 7), 'the unsubscribe');
    expect(typeof field(await subscribeAnswer(client, 8, filter(8)), 'result')).toBe('string');
    client.socket.close();
    await until(() => started().webSockets?.subscriptionBytes === 0, 'the closed connection giving back its filters');
  });

  it('closes a socket that sends a 10 MiB frame with 1009, and the server goes on', async () => {
    const holder = await keyHolder(started(), 'wsbig');
    const { socket } = await rawClient(wsUrl(holder));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('error', () => undefined);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'web3_sha3', params: [`0x${'ab'.repeat(5 * 1024 * 1024)}`] }));
    expect(await closed).toBe(1009);
    const again = await rawClient(wsUrl(holder));
    again.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] }));
    await until(() => again.messages.length >= 1, 'an answer');
    again.socket.close();
  });

  it('reads a message sent in fragments, and closes with 1009 when the fragments pass 1 MiB together', async () => {
    const holder = await keyHolder(started(), 'wsfrag');
    const { socket, messages, closed } = await rawClient(wsUrl(holder));
    const text = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
    for (let at = 0; at < text.length; at += 5) socket.send(text.slice(at, at + 5), { fin: at + 5 >= text.length });
    await until(() => messages.length >= 1, 'an answer');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 7, result: `0x${NETWORK_FACTS.mainnet.chainId.toString(16)}` }]);
    const piece = 'a'.repeat(256 * 1024);
    for (let index = 0; index < 5; index += 1) socket.send(piece, { fin: false });
    expect((await closed).code).toBe(1009);
  });

  it('closes a client that never reads once its send buffer passes 4 MiB (4000), freeing it, and the server goes on', async () => {
    const holder = await keyHolder(started(), 'wsslow');
    // 400 answers of about 48 KiB each, sent faster than Free's rate would allow.
    await putOnPlan(started(), { now: () => new Date() }, holder.userId, 'Professional');
    const contract = '0x00000000000000000000000000000000000c0de1';
    await callNode(
      anvil(),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [contract, `0x${'5b'.repeat(24 * 1024)}`] }),
    );
    await until(() => started().webSockets?.open === 0, 'the earlier sockets closed');
    const socket = new WebSocket(wsUrl(holder));
    let received = 0;
    socket.on('message', () => (received += 1));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.pause();
    for (let id = 1; id <= 400; id += 1)
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_getCode', params: [contract, 'latest'] }));
    await until(() => started().webSockets?.open === 0, 'the server closing the socket', 20_000);
    socket.resume();
    expect(await closed).toEqual({ code: 4000, reason: 'the client reads too slowly: send buffer full' });
    expect(received).toBeLessThan(400);
    const again = await rawClient(wsUrl(holder));
    again.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
    await until(() => again.messages.length >= 1, 'an answer');
    again.socket.close();
  });

  it('answers pings; closes a steady ping flood (over 100 a second) with 1008, and cuts a burst (60 pongs unsent)', async () => {
    const holder = await keyHolder(started(), 'wsping');
    const steady = await rawClient(wsUrl(holder));
    let pongs = 0;
    steady.socket.on('pong', () => (pongs += 1));
    steady.socket.ping();
    await until(() => pongs === 1, 'a pong');
    let open = true;
    void steady.closed.then(() => (open = false));
    while (open) {
      for (let index = 0; index < 10 && steady.socket.readyState === WebSocket.OPEN; index += 1) steady.socket.ping();
      await pause(5);
    }
    expect(await steady.closed).toEqual({ code: 1008, reason: 'too many pings: at most 100 a second' });
    expect(pongs).toBeGreaterThan(90);
    // ws itself cuts a client with 60 pongs it could not write yet (maxPendingAutoPongs): no close frame then.
    const burst = await rawClient(wsUrl(holder));
    for (let index = 0; index < 1000; index += 1) burst.socket.ping();
    expect((await burst.closed).code).toBe(1006);
    const again = await rawClient(wsUrl(holder));
    again.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
    await until(() => again.messages.length >= 1, 'an answer');
    again.socket.close();
  });

  it('closes the client with 1011 when the node drops its socket; subscriptions are not silently lost', async () => {
    const holder = await keyHolder(started(), 'wsdrop');
    const { socket, messages, closed } = await rawClient(wsUrl(holder, 'devnet'));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    await until(() => messages.length >= 1, 'the subscription');
    expect(typeof field(messages[0], 'result')).toBe('string');
    await devnetNode?.stop();
    expect(await closed).toEqual({ code: 1011, reason: 'the node closed its connection; subscriptions were lost' });
  });

  it('refuses eth_subscribe inside a batch, and sends nothing of the batch', async () => {
    const holder = await keyHolder(started(), 'wsbatch');
    const { socket, messages } = await rawClient(wsUrl(holder));
    socket.send(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['newHeads'] },
      ]),
    );
    await until(() => messages.length >= 1, 'an answer');
    await pause(200);
    socket.close();
    expect(messages).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: eth_subscribe and eth_unsubscribe are sent alone, not in a batch.' },
      },
    ]);
  });
});
