import { describe, expect, it } from 'vitest';
import { EXAMPLE_RAW_TRANSACTION, EXAMPLE_TRANSACTION_HASH } from '@/domain/rpc-examples';
import { RPC_METHODS, findRpcMethod } from '@/domain/rpc-methods';

describe('the playground methods', () => {
  it('lists about 48 distinct methods (SPEC.md "/rpc-testing")', () => {
    expect(RPC_METHODS.length).toBeGreaterThanOrEqual(44);
    expect(RPC_METHODS.length).toBeLessThanOrEqual(52);
    expect(new Set(RPC_METHODS.map((method) => method.name)).size).toBe(RPC_METHODS.length);
  });

  it('names every method as JSON-RPC does (namespace_method)', () => {
    for (const { name } of RPC_METHODS) expect(name).toMatch(/^(eth|net|web3)_[a-zA-Z0-9]+$/);
  });

  it('gives params that survive JSON as they are', () => {
    for (const { params } of RPC_METHODS) expect(JSON.parse(JSON.stringify(params))).toEqual(params);
  });

  it.each([
    ['eth_getBalance', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest']],
    ['eth_getBlockByNumber', ['latest', false]],
    ['eth_blockNumber', []],
    ['eth_sendRawTransaction', [EXAMPLE_RAW_TRANSACTION]],
    ['eth_getTransactionByHash', [EXAMPLE_TRANSACTION_HASH]],
  ])('prefills %s with %j', (name, params) => {
    expect(findRpcMethod(name)?.params).toEqual(params);
  });

  it('has a call object for eth_call and a small block range for eth_getLogs', () => {
    expect(findRpcMethod('eth_call')?.params[0]).toMatchObject({ to: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) });
    expect(findRpcMethod('eth_getLogs')?.params).toEqual([{ fromBlock: '0x0', toBlock: '0x0' }]);
  });

  it('carries a signed raw transaction and its hash as hex', () => {
    expect(EXAMPLE_RAW_TRANSACTION).toMatch(/^0x(?:[0-9a-f]{2})+$/);
    expect(EXAMPLE_TRANSACTION_HASH).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('offers none of the methods the gateway refuses (node accounts, tracing, the node pool)', () => {
    for (const name of [
      'eth_accounts',
      'eth_coinbase',
      'eth_sendTransaction',
      'txpool_status',
      'txpool_content',
      'debug_traceTransaction',
      'trace_block',
    ]) {
      expect(findRpcMethod(name), name).toBeUndefined();
    }
  });

  it('knows nothing of unlisted methods', () => {
    expect(findRpcMethod('eth_unknown')).toBeUndefined();
  });
});
