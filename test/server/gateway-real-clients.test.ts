import type { FastifyInstance } from 'fastify';
import { JsonRpcProvider } from 'ethers';
import { createPublicClient, createWalletClient, defineChain, http, LimitExceededRpcError, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { systemClock } from '@server/clock';
import { loadConfig } from '@server/config';
import { NETWORK_FACTS } from '@/domain/networks';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { keyHolder, type KeyHolder } from './gateway-harness';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/**
 * viem and ethers, as dapps use them, against the real gateway on a real anvil over real HTTP,
 * on the system clock: the clients' own retries and waits run as they do in production.
 */
let node: AnvilNode | undefined;
let database: TestDatabase | undefined;
let app: FastifyInstance | undefined;
let baseUrl = '';

beforeAll(async () => {
  node = await startTestAnvil();
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env, UPSTREAM_MAINNET_URL: node.url });
  app = await buildApp(config, { clock: systemClock, distDir: null });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await node?.stop();
});

function started(): FastifyInstance {
  if (app === undefined) throw new Error('the app did not start');
  return app;
}

const rpcUrl = (holder: KeyHolder) => `${baseUrl}/api/v1/mainnet/${holder.apiKey}`;

/** A new account on Free (10 requests a second, 500,000 credits a month), with a full bucket. */
const freeKey = () => keyHolder(started(), 'client');

const chain = defineChain({
  id: NETWORK_FACTS.mainnet.chainId,
  name: 'Berachain (local anvil)',
  nativeCurrency: { name: 'BERA', symbol: 'BERA', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

/** Anvil's first development account (funded on every fresh node): its well-known key. */
const devKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const someone = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** The JSON-RPC methods of each HTTP request a viem transport sends (a batch lists them all). */
function methodsOf(body: BodyInit | null | undefined): string[] {
  if (typeof body !== 'string') return [];
  const parsed: unknown = JSON.parse(body);
  const calls: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  return calls.map((entry) =>
    typeof entry === 'object' && entry !== null && 'method' in entry && typeof entry.method === 'string' ? entry.method : '?',
  );
}

async function exhaustQuota(holder: KeyHolder): Promise<void> {
  const db = started().db;
  await db.query('UPDATE users SET credits_used = 500000, credits_cycle_start = cycle_start WHERE id = $1', [holder.userId]);
  started().keyCache.invalidateUser(holder.userId);
}

const quotaMessage =
  /Monthly credit quota exceeded: 500000 of your plan's 500000 credits are used\. The quota resets when the next cycle starts, at \d{4}-\d\d-\d\dT[\d:.]+Z; to go on before then, upgrade your plan on the Billing page of the dashboard\./;

describe('ethers 6 on a Free key', () => {
  it('answers a Promise.all of 50 reads (ethers sends them as one batch)', async () => {
    const provider = new JsonRpcProvider(rpcUrl(await freeKey()));
    const batches: number[] = [];
    await provider.on('debug', (event: { action: string; payload?: unknown }) => {
      if (event.action === 'sendRpcPayload') batches.push(Array.isArray(event.payload) ? event.payload.length : 1);
    });
    // 50 addresses: ethers answers identical calls in flight from its cache.
    const addresses = Array.from({ length: 50 }, (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`);
    const balances = await Promise.all(addresses.map((address) => provider.getBalance(address)));
    expect(balances).toEqual(addresses.map(() => 0n));
    expect(Math.max(...batches)).toBeGreaterThanOrEqual(50);
    provider.destroy();
  });

  it('answers a batch of 12 at once', async () => {
    const provider = new JsonRpcProvider(rpcUrl(await freeKey()));
    const batches: number[] = [];
    await provider.on('debug', (event: { action: string; payload?: unknown }) => {
      if (event.action === 'sendRpcPayload') batches.push(Array.isArray(event.payload) ? event.payload.length : 1);
    });
    const numbers = await Promise.all(Array.from({ length: 12 }, () => provider.send('eth_blockNumber', [])));
    expect(numbers).toHaveLength(12);
    // ethers adds its eth_chainId to the first batch.
    expect(batches).toEqual([13]);
    provider.destroy();
  });

  it('backs off on a rate refusal and gets through (calls sent one per request past the rate)', async () => {
    const provider = new JsonRpcProvider(rpcUrl(await freeKey()), chain.id, { staticNetwork: true, batchMaxCount: 1 });
    let refused = 0;
    const request = provider._getConnection();
    // Counts the 429s the client saw: the retries are ethers' own (its FetchRequest).
    provider._getConnection = () => {
      const connection = request.clone();
      connection.retryFunc = async (_request, response) => {
        if (response.statusCode === 429) refused += 1;
        return true;
      };
      return connection;
    };
    const addresses = Array.from({ length: 25 }, (_, index) => `0x${(index + 100).toString(16).padStart(40, '0')}`);
    const balances = await Promise.all(addresses.map((address) => provider.getBalance(address)));
    expect(balances).toHaveLength(25);
    // Refused past the bucket's 10, then retried when a token was back: a Retry-After ethers read
    // as milliseconds would have spent its 12 attempts within a few ms and failed.
    expect(refused).toBeGreaterThan(0);
    provider.destroy();
  });

  it('fails fast on an exhausted quota, with the message', async () => {
    const holder = await freeKey();
    await exhaustQuota(holder);
    const provider = new JsonRpcProvider(rpcUrl(holder));
    const startedAt = performance.now();
    const failure = await provider.getBlockNumber().then(
      () => null,
      (error: unknown) => error,
    );
    const elapsed = performance.now() - startedAt;
    expect(failure).toBeInstanceOf(Error);
    expect(String(failure instanceof Error ? failure.message : failure)).toMatch(/server response 402 Payment Required/);
    expect(String(failure instanceof Error ? failure.message : failure)).toMatch(quotaMessage);
    // One request, no retry: ethers retries only 429 (12 times, over minutes).
    expect(elapsed).toBeLessThan(2_000);
    provider.destroy();
  });
});

describe('viem 2 on a Free key', () => {
  it('answers a Promise.all of 50 reads with batch: true', async () => {
    const client = createPublicClient({ chain, transport: http(rpcUrl(await freeKey()), { batch: true }) });
    const balances = await Promise.all(Array.from({ length: 50 }, () => client.getBalance({ address: someone })));
    expect(balances).toHaveLength(50);
  });

  it('sends a transaction signed locally with one round trip to prepare it (eth_fillTransaction) and one to send it', async () => {
    const requests: string[][] = [];
    const account = privateKeyToAccount(devKey);
    const wallet = createWalletClient({
      account,
      chain,
      transport: http(rpcUrl(await freeKey()), { onFetchRequest: (_request, init) => void requests.push(methodsOf(init.body)) }),
    });
    const hash = await wallet.sendTransaction({ to: someone, value: parseEther('0.001') });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(requests).toEqual([['eth_fillTransaction'], ['eth_sendRawTransaction']]);
  });

  it('fails fast on an exhausted quota as a limit error, with the message', async () => {
    const holder = await freeKey();
    await exhaustQuota(holder);
    let requests = 0;
    const client = createPublicClient({
      chain,
      transport: http(rpcUrl(holder), {
        onFetchRequest: () => {
          requests += 1;
        },
      }),
    });
    const startedAt = performance.now();
    const failure = await client.getBlockNumber({ cacheTime: 0 }).then(
      () => null,
      (error: unknown) => error,
    );
    const elapsed = performance.now() - startedAt;
    expect(failure).toBeInstanceOf(LimitExceededRpcError);
    expect(failure instanceof LimitExceededRpcError ? failure.details : '').toMatch(quotaMessage);
    // viem retries any -32005 three times; without a Retry-After it backs off 150, 300, 600 ms.
    expect(requests).toBe(4);
    expect(elapsed).toBeLessThan(5_000);
  });
});
