import type { FastifyInstance } from 'fastify';
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_FACTS } from '@/domain/networks';
import { buildApp } from '@server/app';
import { systemClock } from '@server/clock';
import { loadConfig } from '@server/config';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { type NetworksFile, writeNetworksFile } from '../support/networks-file';
import { keyHolder, putOnPlan } from './gateway-harness';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/**
 * The gateway in front of two real anvil nodes, each behind a fault-injecting proxy the test owns:
 * what clients see while a node fails, lags, slows down or drops its WebSocket. Each anvil is its own
 * chain (their block hashes differ), so an answer tells which node gave it. The nodes are kept at
 * the same height: every block is mined on both.
 */
const chain = defineChain({
  id: NETWORK_FACTS.mainnet.chainId,
  name: 'local anvil fleet',
  nativeCurrency: { name: 'BERA', symbol: 'BERA', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});
const devKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const someone = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let nodes: AnvilNode[] = [];
let proxies: FaultProxy[] = [];
let database: TestDatabase | undefined;
let app: FastifyInstance | undefined;
let baseUrl = '';
let apiKey = '';

async function nodeCall(node: AnvilNode, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await response.json()) as { result?: unknown };
  return answer.result;
}

/** Mines `count` blocks on every node: they stay at one height. */
async function mineEverywhere(count = 1): Promise<void> {
  await Promise.all(nodes.map((node) => nodeCall(node, 'anvil_mine', [`0x${count.toString(16)}`])));
}

async function gateway(
  method: string,
  params: unknown[] = [],
): Promise<{ status: number; cache: string | null; body: { result?: unknown; error?: unknown } }> {
  const response = await fetch(`${baseUrl}/api/v1/mainnet/${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return { status: response.status, cache: response.headers.get('x-cache'), body: (await response.json()) as { result?: unknown } };
}

/** Asks until `done` holds for the gateway's answer: the fleet follows heads by polling. */
async function until<T>(ask: () => Promise<T>, done: (value: T) => boolean, tries = 200): Promise<T> {
  let value = await ask();
  for (let attempt = 0; !done(value) && attempt < tries; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await ask();
  }
  return value;
}

const headOf = async (node: AnvilNode) => Number.parseInt(String(await nodeCall(node, 'eth_blockNumber')), 16);
const gatewayHead = async () => Number.parseInt(String((await gateway('eth_blockNumber')).body.result), 16);

beforeAll(async () => {
  nodes = await Promise.all([startTestAnvil(), startTestAnvil()]);
  proxies = await Promise.all(nodes.map((node) => startFaultProxy(node.url)));
  database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...database.env,
    UPSTREAM_MAINNET_URL: proxies.map((proxy) => proxy.url).join(','),
    HEAD_POLL_MS: '50',
    UPSTREAM_TIMEOUT_MS: '3000',
  });
  app = await buildApp(config, { clock: systemClock, distDir: null });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const holder = await keyHolder(app, 'fleet');
  await putOnPlan(app, { now: () => new Date() }, holder.userId, 'Enterprise');
  apiKey = holder.apiKey;
  await mineEverywhere(3);
}, 60_000);

afterEach(async () => {
  for (const proxy of proxies) proxy.set({ kind: 'none' });
  // Both nodes back in rotation before the next test.
  await until(
    async () => (await fetch(`${baseUrl}/api/status`)).json() as Promise<{ networks: Array<{ name: string; nodesHealthy: number }> }>,
    (report) => report.networks.find((network) => network.name === 'mainnet')?.nodesHealthy === 2,
  );
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await Promise.all(nodes.map((node) => node.stop()));
});

describe('a network served by two nodes', () => {
  it('loses no read while a node is killed under load', async () => {
    const client = createPublicClient({ chain, transport: http(`${baseUrl}/api/v1/mainnet/${apiKey}`, { retryCount: 0 }) });
    const reads = Array.from({ length: 120 }, (_, index) => {
      if (index === 30) proxies[0]?.set({ kind: 'refuse' });
      return index % 2 === 0 ? client.getBalance({ address: someone }) : client.getTransactionCount({ address: someone });
    });
    const results = await Promise.allSettled(reads);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    // The killed node is out of rotation, and says why on the status page (never its URL).
    const report = await until(
      async () =>
        (await fetch(`${baseUrl}/api/status`)).json() as Promise<{
          networks: Array<{ name: string; state: string; nodesHealthy: number }>;
          incidents: Array<{ node: string | null; reason: string }>;
        }>,
      (answer) => answer.networks[0]?.state === 'degraded',
    );
    expect(report.networks[0], JSON.stringify(report)).toMatchObject({ name: 'mainnet', state: 'degraded', nodesHealthy: 1 });
    expect(report.incidents[0]).toMatchObject({ node: 'node 1' });
    expect(JSON.stringify(report)).not.toContain(proxies[0]?.url ?? 'no url');
  });

  it('never shows the head going back while a node lags', async () => {
    proxies[1]?.set({ kind: 'lagging', blocks: 3 });
    const seen: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      if (round % 4 === 0) await mineEverywhere();
      const [number, block] = await Promise.all([gateway('eth_blockNumber'), gateway('eth_getBlockByNumber', ['latest', false])]);
      seen.push(Number.parseInt(String(number.body.result), 16));
      const latest = block.body.result as { number: string } | null;
      if (latest !== null) seen.push(Number.parseInt(latest.number, 16));
    }
    // Reads from the lagging node's proxy never lower what the client saw.
    const sorted = seen.slice().sort((a, b) => a - b);
    const backwards = seen.filter((number, index) => index > 0 && number < Math.max(...seen.slice(0, index)));
    expect(backwards, `heads seen: ${seen.join(',')}`).toEqual([]);
    expect(seen.at(-1)).toBe(sorted.at(-1));
  });

  it('answers every read from the other node while one stops answering', async () => {
    proxies[1]?.set({ kind: 'hang' });
    const blockOneOfFirst = ((await nodeCall(nodes[0] as AnvilNode, 'eth_getBlockByNumber', ['0x1', false])) as { hash: string }).hash;
    // Block 1 differs per node: whichever answers shows in the hash. The cache is bypassed by asking for new blocks each time.
    const answers = await Promise.all(Array.from({ length: 10 }, () => gateway('eth_getBlockByNumber', ['0x1', false])));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.every((answer) => (answer.body.result as { hash: string }).hash === blockOneOfFirst)).toBe(true);
  });

  it('sends a transaction to every node once and answers with its hash', async () => {
    for (const proxy of proxies) proxy.clearMethods();
    const wallet = createWalletClient({
      chain,
      account: privateKeyToAccount(devKey),
      transport: http(`${baseUrl}/api/v1/mainnet/${apiKey}`),
    });
    const hash = await wallet.sendTransaction({ to: someone, value: parseEther('1') });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    for (const proxy of proxies) expect(proxy.methods.filter((method) => method === 'eth_sendRawTransaction')).toHaveLength(1);
    // Mined on both; the sender reads the new state at once.
    const client = createPublicClient({ chain, transport: http(`${baseUrl}/api/v1/mainnet/${apiKey}`) });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await gatewayHead()).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
  });

  it('answers with the hash when one node already holds the transaction: its "already imported" is no error', async () => {
    const url = `${baseUrl}/api/v1/mainnet/${apiKey}`;
    const wallet = createWalletClient({ chain, account: privateKeyToAccount(devKey), transport: http(url) });
    const raw = await wallet.signTransaction(await wallet.prepareTransactionRequest({ to: someone, value: parseEther('1') }));
    const [holder, other] = nodes;
    if (holder === undefined || other === undefined) throw new Error('two nodes expected');
    // The first node takes it into its pool without mining it: sent through the gateway, it answers "already imported".
    await nodeCall(holder, 'evm_setAutomine', [false]);
    try {
      const held = await nodeCall(holder, 'eth_sendRawTransaction', [raw]);
      const again = await fetch(holder.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] }),
      });
      expect(await again.text()).toMatch(/already imported/);
      for (const proxy of proxies) proxy.clearMethods();
      const answer = await gateway('eth_sendRawTransaction', [raw]);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ jsonrpc: '2.0', id: 7, result: held });
      for (const proxy of proxies) expect(proxy.methods.filter((method) => method === 'eth_sendRawTransaction')).toHaveLength(1);
    } finally {
      // Mined on the first node too (turning automine on mines what waits, or a block does): one height, one nonce.
      await nodeCall(holder, 'evm_setAutomine', [true]);
      const behind = (await headOf(other)) - (await headOf(holder));
      if (behind > 0) await nodeCall(holder, 'anvil_mine', [`0x${behind.toString(16)}`]);
      expect(await nodeCall(holder, 'eth_getTransactionCount', [privateKeyToAccount(devKey).address, 'latest'])).toBe(
        await nodeCall(other, 'eth_getTransactionCount', [privateKeyToAccount(devKey).address, 'latest']),
      );
      expect(await headOf(holder)).toBe(await headOf(other));
    }
  });

  it('keeps a newHeads subscription through its node dropping the WebSocket: every block once, in order', async () => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/v1/mainnet/${apiKey}`);
    const heads: number[] = [];
    let closed = false;
    socket.on('close', () => {
      closed = true;
    });
    const subscribed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id?: number; params?: { result?: { number?: string } } };
        if (message.id === 1) resolve();
        const number = message.params?.result?.number;
        if (number !== undefined) heads.push(Number.parseInt(number, 16));
      });
    });
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    await subscribed;
    const start = await headOf(nodes[0] as AnvilNode);
    await mineEverywhere();
    await until(
      async () => heads.length,
      (count) => count >= 1,
    );
    for (const proxy of proxies) proxy.dropWebSockets();
    await mineEverywhere(2);
    await until(
      async () => heads.at(-1),
      (last) => last === start + 3,
    );
    await mineEverywhere();
    await until(
      async () => heads.at(-1),
      (last) => last === start + 4,
    );
    expect(heads).toEqual([start + 1, start + 2, start + 3, start + 4]);
    expect(closed).toBe(false);
    socket.close();
  });
});

describe('what the gateway keeps', () => {
  it('answers eth_chainId from what it keeps, marked, and charged as a call', async () => {
    await gateway('eth_chainId');
    const again = await gateway('eth_chainId');
    expect(again.cache).toBe('HIT');
    expect(again.body.result).toBe(`0x${NETWORK_FACTS.mainnet.chainId.toString(16)}`);
  });

  it('drops what a reorganisation replaced', async () => {
    // One node only: the other is out, so every answer is the first node's.
    proxies[1]?.set({ kind: 'refuse' });
    await until(gatewayHead, (head) => head > 0);
    await mineEverywhere(3);
    const node = nodes[0] as AnvilNode;
    const head = await headOf(node);
    await until(gatewayHead, (seen) => seen === head);
    const before = await gateway('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]);
    const kept = await gateway('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]);
    expect(kept.cache).toBe('HIT');
    await nodeCall(node, 'anvil_reorg', [2, []]);
    const replaced = ((await nodeCall(node, 'eth_getBlockByNumber', [`0x${head.toString(16)}`, false])) as { hash: string }).hash;
    expect(replaced).not.toBe((before.body.result as { hash: string }).hash);
    const after = await until(
      () => gateway('eth_getBlockByNumber', [`0x${head.toString(16)}`, false]),
      (answer) => (answer.body.result as { hash: string }).hash === replaced,
    );
    expect((after.body.result as { hash: string }).hash).toBe(replaced);
  });
});

describe('hedging (hedge: true in NETWORKS_FILE)', () => {
  const metrics = new ProcessMetrics('main');
  let hedged: FastifyInstance | undefined;
  let hedgedDatabase: TestDatabase | undefined;
  let file: NetworksFile | undefined;
  let hedgedKey = '';

  beforeAll(async () => {
    file = await writeNetworksFile([
      { name: 'mainnet', label: 'Mainnet', chainId: NETWORK_FACTS.mainnet.chainId, hedge: true, nodes: proxies.map((proxy) => proxy.url) },
    ]);
    hedgedDatabase = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      ...hedgedDatabase.env,
      NETWORKS_FILE: file.path,
      HEAD_POLL_MS: '50',
      CACHE_BYTES: '0',
      UPSTREAM_TIMEOUT_MS: '3000',
    });
    hedged = await buildApp(config, { clock: systemClock, distDir: null, metrics });
    const holder = await keyHolder(hedged, 'hedge');
    await putOnPlan(hedged, { now: () => new Date() }, holder.userId, 'Enterprise');
    hedgedKey = holder.apiKey;
  }, 60_000);

  afterAll(async () => {
    proxies[1]?.set({ kind: 'none' });
    await hedged?.close();
    await hedgedDatabase?.drop();
    await file?.remove();
  });

  it("answers a slow node's reads from the other node, well before the slow one answers", async () => {
    const app = hedged;
    if (app === undefined) throw new Error('the hedged app did not start');
    const blockOneOfFirst = ((await nodeCall(nodes[0] as AnvilNode, 'eth_getBlockByNumber', ['0x1', false])) as { hash: string }).hash;
    proxies[1]?.set({ kind: 'slow', ms: 60_000 });
    // Nothing is kept (CACHE_BYTES=0): every read goes to a node, the slow one for about half of them.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await app.inject({
          method: 'POST',
          url: `/api/v1/mainnet/${hedgedKey}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x1', false] }),
        });
        return response.json<{ result: { hash: string } }>().result.hash;
      }),
    );
    expect(answers).toEqual(Array(10).fill(blockOneOfFirst));
    // Sent to the second node while the slow one had not answered: hedges, not failovers after its time-out.
    const reroutes = await metrics.registry.getSingleMetricAsString('rpc_node_reroutes_total');
    expect(reroutes).toMatch(/rpc_node_reroutes_total\{network="mainnet",why="hedge"\} [1-9]/);
    expect(reroutes).not.toContain('why="failover"');
  });
});
