import { describe, expect, it } from 'vitest';
import { API_KEY_PLACEHOLDER, absoluteApiBase, rpcUrl } from '@/domain/rpc-urls';
import { DEFAULT_NETWORK, NETWORKS, isNetworkName } from '@/domain/networks';

describe('rpc urls', () => {
  it('offers mainnet and devnet, mainnet first by default (SPEC.md §4, §9)', () => {
    expect(NETWORKS).toEqual(['mainnet', 'devnet']);
    expect(DEFAULT_NETWORK).toBe('mainnet');
    expect(isNetworkName('devnet')).toBe(true);
    expect(isNetworkName('Testnet')).toBe(false);
    expect(isNetworkName(null)).toBe(false);
  });

  it.each([
    ['/api', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080/api'],
    ['/api/', 'https://dash.example.com', 'https://dash.example.com/api'],
    ['https://api.example.com/api', 'http://localhost:5173', 'https://api.example.com/api'],
  ])('makes %j absolute against %j', (base, origin, expected) => {
    expect(absoluteApiBase(base, origin)).toBe(expected);
  });

  it('builds {API base}/v1/{network}/{apiKey}', () => {
    expect(rpcUrl('http://127.0.0.1:8080/api', 'mainnet', 'rpc_live_abc')).toBe('http://127.0.0.1:8080/api/v1/mainnet/rpc_live_abc');
    expect(rpcUrl('http://127.0.0.1:8080/api/', 'devnet', 'rpc_live_abc')).toBe('http://127.0.0.1:8080/api/v1/devnet/rpc_live_abc');
  });

  it('shows a placeholder when there is no key', () => {
    expect(rpcUrl('https://x.example/api', 'mainnet', null)).toBe(`https://x.example/api/v1/mainnet/${API_KEY_PLACEHOLDER}`);
    expect(rpcUrl('https://x.example/api', 'mainnet', '')).toBe(`https://x.example/api/v1/mainnet/${API_KEY_PLACEHOLDER}`);
  });

  it('keeps a key that is not URL-safe inside its path segment', () => {
    expect(rpcUrl('https://x.example/api', 'mainnet', 'a/b?c')).toBe('https://x.example/api/v1/mainnet/a%2Fb%3Fc');
  });
});
