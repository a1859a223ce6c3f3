import { describe, expect, it } from 'vitest';
import { PUBLIC_METHODS, RPC_METHOD_REGISTRY, isPublicMethod, methodFacts } from '@/domain/rpc-method-registry';

describe('the method registry', () => {
  it.each([
    ['eth_chainId', { credits: 'standard', mutates: false, cache: 'byChain' }],
    ['net_version', { credits: 'standard', mutates: false, cache: 'byChain' }],
    ['eth_blockNumber', { credits: 'standard', mutates: false, cache: 'never' }],
    ['eth_getBalance', { credits: 'standard', mutates: false, cache: 'byBlock' }],
    ['eth_call', { credits: 'standard', mutates: false, cache: 'byBlock' }],
    ['eth_getBlockByHash', { credits: 'standard', mutates: false, cache: 'byHash' }],
    ['eth_getTransactionReceipt', { credits: 'standard', mutates: false, cache: 'byHash' }],
    ['eth_getLogs', { credits: 'logs', mutates: false, cache: 'byBlock' }],
    ['eth_sendRawTransaction', { credits: 'transaction', mutates: true, cache: 'never' }],
    ['eth_sendRawTransactionSync', { credits: 'transaction', mutates: true, cache: 'never' }],
    ['eth_newFilter', { credits: 'standard', mutates: true, cache: 'never' }],
    ['eth_getFilterChanges', { credits: 'standard', mutates: true, cache: 'never' }],
    ['eth_getFilterLogs', { credits: 'standard', mutates: false, cache: 'never' }],
    ['eth_uninstallFilter', { credits: 'standard', mutates: true, cache: 'never' }],
    ['eth_fillTransaction', { credits: 'standard', mutates: false, cache: 'never' }],
    ['web3_sha3', { credits: 'standard', mutates: false, cache: 'byParams' }],
  ] as const)('%s: %j', (method, expected) => {
    expect(methodFacts(method)).toMatchObject(expected);
  });

  it('knows only served names, case-sensitively', () => {
    for (const name of ['eth_subscribe', 'eth_sendTransaction', 'ETH_CHAINID', 'toString', '__proto__', '']) {
      expect(isPublicMethod(name), name).toBe(false);
      expect(methodFacts(name), name).toBeUndefined();
    }
  });

  it('lists every row once, in the public eth_, net_ and web3_ namespaces', () => {
    expect(PUBLIC_METHODS).toEqual(Object.keys(RPC_METHOD_REGISTRY));
    for (const method of PUBLIC_METHODS) expect(method).toMatch(/^(eth|net|web3)_[a-zA-Z0-9]+$/);
  });

  it('caches nothing that mutates, and charges only the sends as transactions', () => {
    for (const method of PUBLIC_METHODS) {
      const facts = RPC_METHOD_REGISTRY[method];
      if (facts.mutates) expect(facts.cache, method).toBe('never');
      expect(facts.credits === 'transaction', method).toBe(method.startsWith('eth_sendRawTransaction'));
    }
  });
});
