import { describe, expect, it } from 'vitest';
import { matchRpcPath } from '@server/cluster/rpc-http';

describe('gateway paths in an HTTP worker', () => {
  it.each([
    ['/api/v1/mainnet/rpk_abc', { network: 'mainnet', apiKey: 'rpk_abc' }],
    ['/api/v1/devnet/rpk_abc?api-key=x', { network: 'devnet', apiKey: 'rpk_abc' }],
    ['/api/v1/mainnet/rpk%5Fabc', { network: 'mainnet', apiKey: 'rpk_abc' }],
    ['/api/v1/other/rpk_abc', { network: 'other', apiKey: 'rpk_abc' }],
    ['/api/v1/mainnet/rpk_abc/', null],
    ['/api/v1/mainnet', null],
    ['/api/v1/mainnet/%E0%A4%A', null],
    ['/api/users/me', null],
    ['/v1/mainnet/rpk_abc', null],
  ])('%s → %j', (url, expected) => {
    expect(matchRpcPath(url)).toEqual(expected);
  });
});
