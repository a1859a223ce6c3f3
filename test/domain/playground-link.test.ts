import { describe, expect, it } from 'vitest';
import { MAX_LINK_PARAMS, NO_PREFILL, playgroundSearch, prefilledParamsText, readPlaygroundSearch } from '@/domain/playground-link';
import { findRpcMethod } from '@/domain/rpc-methods';
import { formatParams } from '@/domain/rpc-params';

const search = (query: Record<string, string>) => `?${new URLSearchParams(query).toString()}`;

describe('playgroundSearch and readPlaygroundSearch', () => {
  it.each([
    { keyId: 12, network: 'mainnet', method: 'eth_blockNumber', params: [] },
    { keyId: 3, network: 'devnet', method: 'eth_getBalance', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] },
    { keyId: 7, network: 'mainnet', method: 'eth_call', params: [{ to: '0x1', data: '0x&=?#%' }, 'latest'] },
  ] as const)('reads back what a link to $method carries', (call) => {
    expect(readPlaygroundSearch(playgroundSearch(call))).toEqual({ ...call, keyId: String(call.keyId) });
  });

  it('reads an empty query as the defaults', () => {
    expect(readPlaygroundSearch('')).toEqual(NO_PREFILL);
    expect(readPlaygroundSearch('?')).toEqual(NO_PREFILL);
  });
});

describe('readPlaygroundSearch ignores what does not check out', () => {
  const good = { key: '4', network: 'devnet', method: 'eth_getBalance', params: '["0x1","latest"]' };
  it.each<[string, Record<string, string>, Partial<ReturnType<typeof readPlaygroundSearch>>]>([
    ['a key that is not an id', { ...good, key: 'key_secret' }, { keyId: null }],
    ['a key of 0', { ...good, key: '0' }, { keyId: null }],
    ['a key id too long', { ...good, key: '12345678901' }, { keyId: null }],
    ['an unknown network', { ...good, network: 'ropsten' }, { network: 'mainnet' }],
    ['an unknown method (and its params with it)', { ...good, method: 'admin_peers' }, { method: null, params: null }],
    ['a method in another case', { ...good, method: 'ETH_GETBALANCE' }, { method: null, params: null }],
    ['params that are not JSON', { ...good, params: '["0x1",' }, { params: null }],
    ['params that are not an array', { ...good, params: '{"address":"0x1"}' }, { params: null }],
    ['params that are a string', { ...good, params: '"latest"' }, { params: null }],
    ['params too long', { ...good, params: JSON.stringify(['x'.repeat(MAX_LINK_PARAMS)]) }, { params: null }],
  ])('%s', (_name, query, changed) => {
    expect(readPlaygroundSearch(search(query))).toEqual({
      keyId: '4',
      network: 'devnet',
      method: 'eth_getBalance',
      params: ['0x1', 'latest'],
      ...changed,
    });
  });

  it('keeps params of the longest length allowed', () => {
    const params = JSON.stringify(['x'.repeat(MAX_LINK_PARAMS - 4)]);
    expect(params).toHaveLength(MAX_LINK_PARAMS);
    expect(readPlaygroundSearch(search({ ...good, params })).params).toEqual(['x'.repeat(MAX_LINK_PARAMS - 4)]);
  });

  it('takes the first of repeated fields', () => {
    expect(readPlaygroundSearch('?network=devnet&network=mainnet&method=eth_chainId&method=admin_peers')).toMatchObject({
      network: 'devnet',
      method: 'eth_chainId',
    });
  });
});

describe('prefilledParamsText', () => {
  it("shows the link's params, else the method's example, else none", () => {
    expect(prefilledParamsText('eth_getBalance', ['0x1', 'latest'])).toBe('["0x1","latest"]');
    expect(prefilledParamsText('eth_getBalance', null)).toBe(formatParams(findRpcMethod('eth_getBalance')?.params ?? ['missing']));
    expect(prefilledParamsText('eth_blockNumber', [])).toBe('[]');
    expect(prefilledParamsText(null, null)).toBe('[]');
  });
});
