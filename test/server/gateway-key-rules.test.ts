import type { FastifyInstance } from 'fastify';
import { createPublicClient, createWalletClient, defineChain, type Hex, http, parseEther, type PublicClient, webSocket } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { NETWORK_FACTS } from '@/domain/networks';
import { WEBSOCKET_CLOSES as websocketCloses } from '@/domain/websocket-protocol';
import { creditsFor } from '@/domain/credits';
import type { Mail, Mailer } from '@server/mail/mailer';
import { runUsageAlerts } from '@server/metering/usage-alerts';
import { devAccounts } from '@server/nodes/local-nodes';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { realPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';
import { bearer, verifyAddress } from './helpers/accounts';
import { keyCalls } from './helpers/key-calls';
import { ManualClock } from './helpers/manual-clock';
import { within } from './helpers/replicas';
import { startTestApp, type TestApp } from './helpers/test-app';
import { postgresSchema, type TestDatabase } from './helpers/test-database';
import { rawClient } from './helpers/ws-client';
import { call, keyHolder, putOnPlan, rpc, type KeyHolder } from './gateway-harness';
import { PROJECT_RULES } from '@/domain/key-rules';

type KeyRules = components['schemas']['KeyRules'];

/**
 * A key's own rules as our users' code meets them: viem over HTTP and WebSocket, on a real anvil,
 * through two replicas sharing PostgreSQL and Redis. The rules are saved through replica A (the
 * dashboard's) and every call goes through replica B, which had the key cached.
 */
const postgresServer = realPostgres('gateway-key-rules.test.ts');
const clock = new ManualClock();

const projectRules: KeyRules = { ...PROJECT_RULES, domains: null, ips: null, cidrs: null, methods: [], contracts: [] };
const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const OTHER = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

const chain = defineChain({
  id: NETWORK_FACTS.mainnet.chainId,
  name: 'Berachain (local anvil)',
  nativeCurrency: { name: 'BERA', symbol: 'BERA', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

/** The JSON-RPC error code viem's error carries (its cause chain walked), or null. */
function rpcCode(error: unknown): number | null {
  let current: unknown = error;
  while (typeof current === 'object' && current !== null) {
    if ('code' in current && typeof current.code === 'number' && current.code < -32000) return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}

async function refusedCode(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
  } catch (error) {
    return rpcCode(error);
  }
  throw new Error('the call was not refused');
}

describe.runIf(postgresServer.canRun)("a key's own rules, with viem, across two replicas", () => {
  let postgres: ThrowawayPostgres | undefined;
  let redis: ThrowawayRedis;
  let database: TestDatabase;
  let node: AnvilNode;
  let a: TestApp;
  let b: TestApp;
  let bUrl = '';

  beforeAll(async () => {
    postgres = await postgresServer.start();
    redis = await startThrowawayRedis();
    database = await postgresSchema(postgres.url);
    node = await startTestAnvil();
    const env = { UPSTREAM_MAINNET_URL: node.url, REDIS_URL: redis.url };
    a = await startTestApp(env, { database, clock });
    b = await startTestApp(env, { database, clock });
    bUrl = await b.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    try {
      await a?.close();
      await b?.close();
      await node?.stop();
      await database?.drop();
    } finally {
      await redis?.stop();
      postgres?.stop();
    }
  }, 60_000);

  /** A new account on a plan whose bucket these calls never empty (the manual clock stands still). */
  async function newAccount(label: string): Promise<KeyHolder> {
    const holder = await keyHolder(a.app, label);
    await putOnPlan(a.app, clock, holder.userId, 'Business');
    return holder;
  }

  async function putRules(app: FastifyInstance, holder: KeyHolder, keyId: number, rules: Partial<KeyRules>): Promise<void> {
    const answer = await app.inject({
      method: 'PUT',
      url: `/api/apiKeys/${keyId}/rules`,
      headers: { ...bearer(holder.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...projectRules, ...rules }),
    });
    if (answer.statusCode !== 200) throw new Error(`PUT rules answered ${answer.statusCode}: ${answer.body}`);
  }

  async function firstKeyId(holder: KeyHolder): Promise<number> {
    const [key] = await keyCalls(a.app, holder.token).list();
    if (key === undefined) throw new Error('no key');
    return key.id;
  }

  const viaB = (apiKey: string): PublicClient =>
    createPublicClient({ chain, transport: http(`${bUrl}/api/v1/mainnet/${apiKey}`, { retryCount: 0 }) });

  it("the project's domain list holds the frontend's key; the backend's key, with its own empty list, calls without an Origin", async () => {
    const holder = await newAccount('story');
    const save = await a.app.inject({
      method: 'PUT',
      url: '/api/accessControl',
      headers: bearer(holder.token),
      payload: { domains: ['frontend.example'], ips: [], cidrs: [] },
    });
    expect(save.statusCode).toBe(200);
    const backend = (await keyCalls(a.app, holder.token).create({ name: 'backend' })).json<{ id: number; apiKey: string }>();
    await putRules(a.app, holder, backend.id, { domains: [] });
    // The frontend's key: no Origin (a backend's call) is refused, the frontend's Origin passes.
    expect(await refusedCode(viaB(holder.apiKey).getChainId())).toBe(-32002);
    expect((await rpc(b.app, holder.apiKey, call('eth_chainId'), { headers: { origin: 'https://frontend.example' } })).statusCode).toBe(
      200,
    );
    // The backend's key, through viem as a server calls.
    expect(await viaB(backend.apiKey).getChainId()).toBe(chain.id);
    // The refusal names the key's rules when they are the key's own.
    await putRules(a.app, holder, backend.id, { domains: ['backend.example'] });
    const refused = await within(
      b.clock,
      1000,
      () => rpc(b.app, backend.apiKey, call('eth_chainId')),
      (answer) => answer.statusCode === 403,
    );
    expect(refused.value.json().error.message).toBe(
      "Not allowed: this request has no Origin header, and your allowed domains refuse calls without one (see the key's rules on the API Keys page).",
    );
  });

  it('Allowed Methods: only those methods, each call of a batch checked; a change through A reaches B within a second', async () => {
    const holder = await newAccount('methods');
    const keyId = await firstKeyId(holder);
    const client = viaB(holder.apiKey);
    // B holds the key in its cache before the change.
    expect(typeof (await client.getBlockNumber())).toBe('bigint');
    await putRules(a.app, holder, keyId, { methods: ['eth_chainId', 'eth_call'] });
    const refused = await within(
      b.clock,
      1000,
      () => rpc(b.app, holder.apiKey, call('eth_blockNumber')),
      (answer) => answer.statusCode === 403,
    );
    expect(refused.value.statusCode).toBe(403);
    // viem keeps a block number for 4 s by default: asked afresh.
    expect(await refusedCode(client.getBlockNumber({ cacheTime: 0 }))).toBe(-32002);
    expect(await client.getChainId()).toBe(chain.id);
    const batch = await rpc(b.app, holder.apiKey, [call('eth_chainId', 1), call('eth_gasPrice', 2)]);
    expect(batch.statusCode).toBe(403);
    // The request log says which rule refused it.
    await b.app.metering.flush();
    const { rows } = await b.app.db.query<{ access_refusal: string }>(
      `SELECT l.access_refusal FROM request_log l JOIN api_keys k ON k.id = l.api_key_id WHERE k.key = $1 AND l.outcome = 'refused_allow_list'`,
      [holder.apiKey],
    );
    expect(rows.map((row) => row.access_refusal)).toContain('methods');
  });

  it('Allowed Contract Addresses: calls, logs and signed transactions to the listed contracts only', async () => {
    const holder = await newAccount('contracts');
    const keyId = await firstKeyId(holder);
    await putRules(a.app, holder, keyId, { contracts: [CONTRACT] });
    const client = viaB(holder.apiKey);
    // Methods that address no contract are not restricted.
    await within(
      b.clock,
      1000,
      () => rpc(b.app, holder.apiKey, call('eth_call', 1, [{ to: OTHER }, 'latest'])),
      (answer) => answer.statusCode === 403,
    );
    expect(typeof (await client.getBlockNumber())).toBe('bigint');
    expect(await client.call({ to: CONTRACT })).toEqual({ data: undefined });
    expect(await refusedCode(client.call({ to: OTHER }))).toBe(-32002);
    expect(await client.getLogs({ address: CONTRACT })).toEqual([]);
    expect(await refusedCode(client.getLogs())).toBe(-32002);

    const account = privateKeyToAccount(devAccounts.first.privateKey);
    const wallet = createWalletClient({ account, chain, transport: http(`${bUrl}/api/v1/mainnet/${holder.apiKey}`, { retryCount: 0 }) });
    const sent: Hex = await wallet.sendTransaction({ to: CONTRACT, value: parseEther('0.001') });
    expect(sent).toMatch(/^0x[0-9a-f]{64}$/);
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const signed = await account.signTransaction({
      chainId: chain.id,
      nonce,
      to: OTHER,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
    expect(await refusedCode(client.sendRawTransaction({ serializedTransaction: signed }))).toBe(-32002);
  });

  it('a key rolled through A without grace: B refuses the old secret within a second, and serves the new one', async () => {
    const holder = await newAccount('roll');
    const keyId = await firstKeyId(holder);
    expect(await viaB(holder.apiKey).getChainId()).toBe(chain.id);
    const rolled = await a.app.inject({
      method: 'POST',
      url: `/api/apiKeys/${keyId}/roll`,
      headers: bearer(holder.token),
      payload: { grace: 'none' },
    });
    const secret = rolled.json<{ apiKey: string }>().apiKey;
    const refused = await within(
      b.clock,
      1000,
      () => rpc(b.app, holder.apiKey, call('eth_chainId')),
      (answer) => answer.statusCode === 401,
    );
    expect(refused.value.statusCode).toBe(401);
    expect(await refusedCode(viaB(holder.apiKey).getChainId())).toBe(-32001);
    expect(await viaB(secret).getChainId()).toBe(chain.id);
  });

  it("a key's spend cap: two replicas together admit exactly it, over HTTP and WebSocket with the key's own error; other keys go on; the owner is told once", async () => {
    const holder = await newAccount('caps');
    const keyId = await firstKeyId(holder);
    const cost = creditsFor('eth_chainId');
    // What the key spent before its cap was set counts against it. (Through A, whose cache the save
    // below drops at once; B loads the key at its first call, after the save.)
    expect((await rpc(a.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
    await a.app.metering.flush();
    await putRules(a.app, holder, keyId, { creditsPerDay: 6 * cost });
    // 12 calls at once, half through each replica: the cap's 5 calls left, no more.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => rpc(index % 2 === 0 ? a.app : b.app, holder.apiKey, call('eth_chainId', index))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const refused = answers.find((answer) => answer.statusCode !== 200);
    expect(refused?.statusCode).toBe(403);
    expect(refused?.json().error).toMatchObject({
      code: -32005,
      message: expect.stringMatching(/^Key spend cap reached: this key has spent \d+ of the \d+ credits its rules allow per day \(UTC\)/),
      data: { limit: 'keyCap', period: 'day', creditCap: 6 * cost },
    });
    // viem over HTTP and over the WebSocket meet the same refusal.
    expect(await refusedCode(viaB(holder.apiKey).getChainId())).toBe(-32005);
    const ws = createPublicClient({
      chain,
      transport: webSocket(`${bUrl.replace(/^http/, 'ws')}/api/v1/mainnet/${holder.apiKey}`, { retryCount: 0 }),
    });
    expect(await refusedCode(ws.getChainId())).toBe(-32005);
    await (await ws.transport.getRpcClient()).close();
    // The owner's other key is not held by this key's cap.
    const other = (await keyCalls(a.app, holder.token).create({ name: 'other' })).json<{ apiKey: string }>();
    expect(await viaB(other.apiKey).getChainId()).toBe(chain.id);
    // Written: the key spent exactly its cap today.
    await a.app.metering.flush();
    await b.app.metering.flush();
    const { rows } = await a.app.db.query<{ credits_used: string }>(
      `SELECT credits_used FROM key_credits WHERE api_key_id = $1 AND period = 'day'`,
      [keyId],
    );
    expect(Number(rows[0]?.credits_used)).toBe(6 * cost);
    // The owner is e-mailed once for the day, the key masked.
    await verifyAddress(a.app, holder.email);
    const sent: Mail[] = [];
    const alerts = {
      db: a.app.db,
      clock: a.clock,
      log: a.app.log,
      mailer: { kind: 'outbox', send: async (mail: Mail) => void sent.push(mail) } satisfies Mailer,
      publicUrl: 'https://dashboard.example',
      productName: 'Acme RPC',
    };
    await runUsageAlerts(alerts);
    await runUsageAlerts(alerts);
    const capMails = sent.filter((mail) => mail.to === holder.email && mail.subject.includes('spend cap'));
    expect(capMails).toHaveLength(1);
    expect(capMails[0]?.text).not.toContain(holder.apiKey);
    // Lifting the cap through A lets B's calls through within a second.
    await putRules(a.app, holder, keyId, { creditsPerDay: null });
    const lifted = await within(
      b.clock,
      1000,
      () => rpc(b.app, holder.apiKey, call('eth_chainId')),
      (answer) => answer.statusCode === 200,
    );
    expect(lifted.value.statusCode).toBe(200);
  });

  it('over the WebSocket: a "logs" subscription must name allowed contracts; a change of rules closes what they no longer allow', async () => {
    const holder = await newAccount('ws');
    const keyId = await firstKeyId(holder);
    await putRules(a.app, holder, keyId, { contracts: [CONTRACT] });
    const wsUrl = `${bUrl.replace(/^http/, 'ws')}/api/v1/mainnet/${holder.apiKey}`;
    // viem's own WebSocket client, as a dapp watches a contract.
    const client = createPublicClient({ chain, transport: webSocket(wsUrl, { retryCount: 0 }) });
    const refused = await within(
      b.clock,
      1000,
      () => refusedCode(client.call({ to: OTHER })).catch(() => null),
      (code) => code === -32002,
    );
    expect(refused.value).toBe(-32002);
    expect(await client.call({ to: CONTRACT })).toEqual({ data: undefined });
    await (await client.transport.getRpcClient()).close();

    const raw = await rawClient(wsUrl);
    const subscribe = (id: number, filter: unknown) =>
      raw.socket.send(
        JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: filter === undefined ? ['logs'] : ['logs', filter] }),
      );
    subscribe(1, undefined);
    subscribe(2, { address: OTHER });
    subscribe(3, { address: [CONTRACT] });
    await within(
      b.clock,
      5000,
      async () => raw.messages.length,
      (count) => count >= 3,
    );
    const byId = new Map(raw.messages.map((message) => [(message as { id: number }).id, message]));
    expect(byId.get(1)).toMatchObject({ error: { code: -32002 } });
    expect(byId.get(2)).toMatchObject({ error: { code: -32002 } });
    expect(byId.get(3)).toMatchObject({ result: expect.stringMatching(/^0x/) });
    // Through A: the contract leaves the list; B's session holds a subscription the key may no longer have.
    await putRules(a.app, holder, keyId, { contracts: [OTHER] });
    expect(await raw.closed).toEqual(websocketCloses.keyRevoked);
  });
});
