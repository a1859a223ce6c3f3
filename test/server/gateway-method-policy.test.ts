import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { EXAMPLE_ADDRESS, EXAMPLE_RAW_TRANSACTION, EXAMPLE_SENDER, EXAMPLE_TRANSACTION_HASH } from '@/domain/rpc-examples';
import { callNode } from '../support/anvil';
import { call, keyHolder, rpc, rpcError, setUpGatewayApp, type KeyHolder } from './gateway-harness';
import { bearer } from './helpers/accounts';

type UsageReport = components['schemas']['UsageReport'];

/**
 * The attack of a security review, kept: with a Free key, a user called the node's control methods
 * (anvil_setBalance, evm_setAutomine false — mining stopped for everyone) and eth_sendTransaction
 * from the node's unlocked account, each charged 20 credits. Only the public methods pass now; the
 * node behind is a real anvil, read directly to show its state did not change.
 */
// A full bucket for each test: the manual clock moves only when told.
const server = setUpGatewayApp({ fullBucketEachTest: true });

/** Asks the node itself, past the gateway. */
async function nodeResult(method: string, params: unknown[] = []): Promise<unknown> {
  const answer = await callNode(server.node, JSON.stringify(call(method, 1, params)));
  const body: unknown = JSON.parse(answer.bytes.toString('utf8'));
  if (typeof body !== 'object' || body === null || !('result' in body)) throw new Error(`${method}: ${answer.bytes.toString('utf8')}`);
  return body.result;
}

async function usage(holder: KeyHolder): Promise<UsageReport> {
  const response = await server.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(holder.token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function creditsUsed(holder: KeyHolder): Promise<number> {
  return (await usage(holder)).cycle.creditsUsed;
}

const notAvailable = (method: string) => `The method ${method} is not available on this service.`;
const rich = '0xffffffffffffffffffffffffffffffff';

describe('gateway: the method policy against a real node', () => {
  it('refuses the node-control methods with 403 -32601: the node is unchanged, nothing is charged, each counted as refused', async () => {
    const holder = await keyHolder(server.app);
    const balanceBefore = await nodeResult('eth_getBalance', [EXAMPLE_SENDER, 'latest']);
    const codeBefore = await nodeResult('eth_getCode', [EXAMPLE_SENDER, 'latest']);

    const attacks = [
      call('anvil_setBalance', 1, [EXAMPLE_SENDER, rich]),
      call('anvil_setCode', 2, [EXAMPLE_SENDER, '0x6000']),
      call('evm_setAutomine', 3, [false]),
      call('debug_traceTransaction', 4, [EXAMPLE_TRANSACTION_HASH]),
    ];
    for (const attack of attacks) {
      const response = await rpc(server.app, holder.apiKey, attack);
      expect(response.statusCode, attack.method).toBe(403);
      expect(rpcError(response)).toEqual({ id: attack.id, code: -32601, message: notAvailable(attack.method) });
      expect(response.headers['x-credits-used']).toBe('0');
    }

    expect(await nodeResult('eth_getBalance', [EXAMPLE_SENDER, 'latest'])).toBe(balanceBefore);
    expect(await nodeResult('eth_getCode', [EXAMPLE_SENDER, 'latest'])).toBe(codeBefore);
    expect(await nodeResult('anvil_getAutomine')).toBe(true);
    const report = await usage(holder);
    expect(report.cycle.creditsUsed).toBe(0);
    expect(report.totals).toEqual({ requests: 0, credits: 0, rateLimited: 0, refused: 4 });
  });

  it("refuses eth_sendTransaction from the node's account, saying to sign and send a raw transaction", async () => {
    const holder = await keyHolder(server.app);
    const nonceBefore = await nodeResult('eth_getTransactionCount', [EXAMPLE_ADDRESS, 'latest']);
    const response = await rpc(
      server.app,
      holder.apiKey,
      call('eth_sendTransaction', 'send', [{ from: EXAMPLE_ADDRESS, to: EXAMPLE_SENDER, value: '0x1' }]),
    );
    expect(response.statusCode).toBe(403);
    expect(rpcError(response)).toEqual({
      id: 'send',
      code: -32601,
      message:
        "eth_sendTransaction needs the node's own accounts, which this service does not offer: sign the transaction yourself and send it with eth_sendRawTransaction.",
    });
    expect(await nodeResult('eth_getTransactionCount', [EXAMPLE_ADDRESS, 'latest'])).toBe(nonceBefore);
    expect(await creditsUsed(holder)).toBe(0);
    for (const method of ['eth_accounts', 'eth_sign', 'eth_coinbase']) {
      const refused = await rpc(server.app, holder.apiKey, call(method));
      expect(refused.statusCode, method).toBe(403);
      expect(rpcError(refused).message).toMatch(new RegExp(`^${method} needs the node's own accounts`));
    }
    expect((await usage(holder)).totals.refused).toBe(4);
  });

  it('takes no rate token for a refused call: refusals beyond the rate leave the bucket full', async () => {
    const holder = await keyHolder(server.app);
    // Free: 10 calls a second; the clock does not move during this test.
    for (let index = 0; index < 25; index += 1) {
      const response = await rpc(server.app, holder.apiKey, call('evm_mine', index));
      expect(response.statusCode).toBe(403);
      expect(response.headers['x-ratelimit-remaining']).toBe('10');
    }
    const answered = await rpc(server.app, holder.apiKey, call('eth_chainId'));
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['x-ratelimit-remaining']).toBe('9');
    expect((await usage(holder)).totals).toEqual({ requests: 1, credits: 20, rateLimited: 0, refused: 25 });
  });

  it('refuses a batch whole when one entry is refused: nothing is sent to the node, nothing charged', async () => {
    const holder = await keyHolder(server.app);
    const nonceBefore = await nodeResult('eth_getTransactionCount', [EXAMPLE_SENDER, 'latest']);
    const batch = [
      call('eth_sendRawTransaction', 1, [EXAMPLE_RAW_TRANSACTION]),
      call('eth_chainId', 2),
      call('anvil_setBalance', 3, [EXAMPLE_SENDER, rich]),
    ];
    const response = await rpc(server.app, holder.apiKey, batch);
    expect(response.statusCode).toBe(403);
    expect(rpcError(response)).toEqual({
      id: null,
      code: -32601,
      message: `Batch entry 2: ${notAvailable('anvil_setBalance')} No call of this batch was sent.`,
    });
    expect(response.headers['x-credits-used']).toBe('0');
    // The signed transaction of entry 0 was not sent: the sender's nonce and the chain are as before.
    expect(await nodeResult('eth_getTransactionCount', [EXAMPLE_SENDER, 'latest'])).toBe(nonceBefore);
    expect(await nodeResult('eth_getTransactionByHash', [EXAMPLE_TRANSACTION_HASH])).toBeNull();
    const report = await usage(holder);
    expect(report.cycle.creditsUsed).toBe(0);
    expect(report.totals).toEqual({ requests: 0, credits: 0, rateLimited: 0, refused: 3 });
  });

  it('matches method names case-sensitively: ETH_CHAINID is not eth_chainId', async () => {
    const holder = await keyHolder(server.app);
    const response = await rpc(server.app, holder.apiKey, call('ETH_CHAINID'));
    expect(response.statusCode).toBe(403);
    expect(rpcError(response)).toMatchObject({ code: -32601, message: notAvailable('ETH_CHAINID') });
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
  });

  it('checks the key and the allow-lists first: an unknown key is 401 whatever the method', async () => {
    const response = await rpc(server.app, `rpk_${'0'.repeat(32)}`, call('anvil_setBalance', 1, [EXAMPLE_SENDER, rich]));
    expect(response.statusCode).toBe(401);
    expect(rpcError(response).code).toBe(-32001);
  });

  it('serves the public methods as before', async () => {
    const holder = await keyHolder(server.app);
    const response = await rpc(server.app, holder.apiKey, [
      call('eth_chainId', 1),
      call('net_version', 2),
      call('eth_getBalance', 3, [EXAMPLE_ADDRESS, 'latest']),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-credits-used']).toBe('60');
  });
});

describe('gateway: what viem, ethers and the execution APIs call', () => {
  it('serves eth_fillTransaction and eth_getStorageValues: the node answers them', async () => {
    const holder = await keyHolder(server.app);
    const fill = await rpc(
      server.app,
      holder.apiKey,
      call('eth_fillTransaction', 1, [{ from: EXAMPLE_SENDER, to: EXAMPLE_ADDRESS, value: '0x1' }]),
    );
    expect(fill.statusCode).toBe(200);
    expect(fill.json()).toMatchObject({ result: { raw: expect.stringMatching(/^0x/), tx: { from: EXAMPLE_SENDER.toLowerCase() } } });
    const storage = await rpc(
      server.app,
      holder.apiKey,
      call('eth_getStorageValues', 2, [{ [EXAMPLE_ADDRESS]: [`0x${'0'.repeat(64)}`] }, 'latest']),
    );
    expect(storage.statusCode).toBe(200);
    expect(storage.json()).toEqual({ jsonrpc: '2.0', id: 2, result: { [EXAMPLE_ADDRESS.toLowerCase()]: [`0x${'0'.repeat(64)}`] } });
  });

  it("passes on the node's own answer to a public method it does not implement, so the client can fall back", async () => {
    const holder = await keyHolder(server.app);
    for (const method of ['eth_baseFee', 'eth_capabilities', 'eth_getBlockAccessList']) {
      const body = JSON.stringify(call(method, 3));
      const direct = await callNode(server.node, body);
      const response = await rpc(server.app, holder.apiKey, body);
      expect(response.statusCode).toBe(direct.status);
      expect(response.rawPayload.equals(direct.bytes)).toBe(true);
      expect(rpcError(response)).toMatchObject({ code: -32601 });
    }
  });
});
