import { describe, expect, it, vi } from 'vitest';
import { EXAMPLE_RAW_TRANSACTION, EXAMPLE_TRANSACTION_HASH } from '@/domain/rpc-examples';
import { RPC_METHODS, type RpcMethod, findRpcMethod } from '@/domain/rpc-methods';
import { call, rpc, setUpGatewayApp } from './gateway-harness';

/**
 * Every method of the RPC playground, Run with its prefilled params as they are, through the real
 * gateway to a fresh local anvil (what `npm start` runs): SPEC.md "/rpc-testing" wants examples
 * that answer something useful before the user edits anything.
 */
const server = setUpGatewayApp({ devnet: true, holder: true });

type Answer = { kind: 'result'; result: unknown } | { kind: 'error'; message: string };

async function run({ name, params }: RpcMethod): Promise<Answer> {
  // The Free plan's bucket (10 a second) refills: the test clock only moves when told.
  server.clock.advance(1000);
  const response = await rpc(server.app, server.holder.apiKey, call(name, 1, [...params]));
  expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null) throw new Error(`${name}: not a JSON-RPC answer: ${response.body}`);
  if ('result' in body) return { kind: 'result', result: body.result };
  if ('error' in body && typeof body.error === 'object' && body.error !== null && 'message' in body.error) {
    return { kind: 'error', message: String(body.error.message) };
  }
  throw new Error(`${name}: neither result nor error: ${response.body}`);
}

function method(name: string): RpcMethod {
  const found = findRpcMethod(name);
  if (!found) throw new Error(`the playground has no ${name}`);
  return found;
}

/**
 * The examples that cannot answer on a fresh node, because what they name has to be created
 * first; each keeps its shape so the user sees where their own id goes. Anvil gives filters
 * random ids: no fixed id ever names the filter the user just installed (eth_uninstallFilter on
 * the same id answers `false`, a result).
 */
const NEEDS_STATE: Readonly<Record<string, RegExp>> = {
  eth_getFilterChanges: /^filter not found$/,
  eth_getFilterLogs: /^filter not found$/,
};

/** Sent last: it changes the chain (and a second send is refused, "nonce too low"). */
const SENDS = 'eth_sendRawTransaction';

/** Valid, empty answers on a fresh node: what they look up does not exist (yet). */
const NULL_ON_FRESH_NODE = new Set([
  'eth_getBlockByHash', // a hash no node has: every chain's block hashes differ (genesis has a timestamp)
  'eth_getBlockTransactionCountByHash', // the same hash
  'eth_getUncleByBlockNumberAndIndex', // anvil never has uncles
  'eth_getTransactionByHash', // the example transaction, before eth_sendRawTransaction
  'eth_getTransactionReceipt',
  'eth_getTransactionByBlockNumberAndIndex', // the latest block is empty before any transaction
  'eth_getTransactionByBlockHashAndIndex', // the hash no node has
  'eth_getRawTransactionByHash', // the example transaction, before eth_sendRawTransaction
  'eth_getRawTransactionByBlockNumberAndIndex', // the latest block, empty
  'eth_getRawTransactionByBlockHashAndIndex', // the hash no node has
]);

describe('the playground examples on a fresh local node', () => {
  it('answer a result, except the few that need state created first (explicit JSON-RPC errors)', async () => {
    const answers = new Map<string, Answer>();
    for (const candidate of RPC_METHODS) {
      if (candidate.name !== SENDS) answers.set(candidate.name, await run(candidate));
    }
    answers.set(SENDS, await run(method(SENDS)));

    const errors = [...answers].filter(([, answer]) => answer.kind === 'error').map(([name]) => name);
    expect(errors.sort()).toEqual(Object.keys(NEEDS_STATE).sort());
    for (const [name, pattern] of Object.entries(NEEDS_STATE)) {
      const answer = answers.get(name);
      expect(answer?.kind === 'error' ? answer.message : answer, name).toMatch(pattern);
    }
    const nulls = [...answers].filter(([, answer]) => answer.kind === 'result' && answer.result === null).map(([name]) => name);
    expect(nulls.sort()).toEqual([...NULL_ON_FRESH_NODE].sort());
    expect(answers.size).toBe(RPC_METHODS.length);
  });

  it('answers the transaction examples once the example transaction was sent', async () => {
    // Anvil answers eth_sendRawTransaction with the hash and mines the block right after: on a busy
    // machine the lookups can come first. Wait for the receipt, the sign that the block exists.
    await vi.waitFor(
      async () => {
        const receipt = await run(method('eth_getTransactionReceipt'));
        if (receipt.kind !== 'result' || receipt.result === null) throw new Error('the example transaction is not mined yet');
      },
      { timeout: 10_000, interval: 50 },
    );
    for (const name of ['eth_getTransactionByHash', 'eth_getTransactionByBlockNumberAndIndex']) {
      expect(await run(method(name)), name).toEqual({
        kind: 'result',
        result: expect.objectContaining({ hash: EXAMPLE_TRANSACTION_HASH }),
      });
    }
    expect(await run(method('eth_getTransactionReceipt'))).toEqual({
      kind: 'result',
      result: expect.objectContaining({ transactionHash: EXAMPLE_TRANSACTION_HASH, status: '0x1' }),
    });
    for (const name of ['eth_getRawTransactionByHash', 'eth_getRawTransactionByBlockNumberAndIndex']) {
      expect(await run(method(name)), name).toEqual({ kind: 'result', result: EXAMPLE_RAW_TRANSACTION });
    }
  });

  it('answers the filter examples once the user puts in the id a filter call returned', async () => {
    const installed = await run(method('eth_newFilter'));
    if (installed.kind !== 'result' || typeof installed.result !== 'string') throw new Error('eth_newFilter answered no id');
    for (const name of ['eth_getFilterChanges', 'eth_getFilterLogs']) {
      const example = method(name);
      // The example's shape: one filter id, where the user's own goes.
      expect(example.params).toHaveLength(1);
      expect((await run({ ...example, params: [installed.result] })).kind, name).toBe('result');
    }
  });
});
