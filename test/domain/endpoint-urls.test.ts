import { describe, expect, it } from 'vitest';
import { geyserUrl, isIpAddressHost, parseTransactionsUrl, stakedUrl, transactionHistoryUrl, websocketUrl } from '@/domain/endpoint-urls';
import { rpcUrl } from '@/domain/rpc-urls';

const BASE = 'https://rpc.example.com/api';
const KEY = 'bk_0123abcd';

describe('the WebSocket URL the gateway answers: the RPC URL, upgraded', () => {
  it.each([
    { base: 'https://rpc.example.com/api', network: 'mainnet', key: KEY, url: 'wss://rpc.example.com/api/v1/mainnet/bk_0123abcd' },
    { base: 'https://rpc.example.com/api', network: 'devnet', key: KEY, url: 'wss://rpc.example.com/api/v1/devnet/bk_0123abcd' },
    { base: 'http://127.0.0.1:8080/api', network: 'mainnet', key: KEY, url: 'ws://127.0.0.1:8080/api/v1/mainnet/bk_0123abcd' },
    { base: 'http://localhost:5173/api/', network: 'devnet', key: KEY, url: 'ws://localhost:5173/api/v1/devnet/bk_0123abcd' },
    { base: 'https://[2001:db8::1]/api', network: 'mainnet', key: KEY, url: 'wss://[2001:db8::1]/api/v1/mainnet/bk_0123abcd' },
    { base: 'https://api.example.com', network: 'mainnet', key: KEY, url: 'wss://api.example.com/v1/mainnet/bk_0123abcd' },
    { base: 'https://rpc.example.com/api', network: 'mainnet', key: null, url: 'wss://rpc.example.com/api/v1/mainnet/YOUR_API_KEY' },
    { base: 'https://rpc.example.com/api', network: 'mainnet', key: '', url: 'wss://rpc.example.com/api/v1/mainnet/YOUR_API_KEY' },
    { base: 'https://rpc.example.com/api', network: 'mainnet', key: 'a/b?c', url: 'wss://rpc.example.com/api/v1/mainnet/a%2Fb%3Fc' },
    // A host named like the scheme is left alone: only the scheme changes.
    { base: 'http://http.example.com/api', network: 'mainnet', key: KEY, url: 'ws://http.example.com/api/v1/mainnet/bk_0123abcd' },
  ] as const)('$base on $network with key $key → $url', ({ base, network, key, url }) => {
    expect(websocketUrl(base, network, key)).toBe(url);
  });

  it('is the RPC URL with ws/wss in place of http/https, and nothing else changed', () => {
    for (const base of ['https://rpc.example.com/api', 'http://127.0.0.1:41234/api']) {
      const http = rpcUrl(base, 'devnet', KEY);
      const ws = websocketUrl(base, 'devnet', KEY);
      expect(ws.replace(/^ws/, 'http')).toBe(http);
    }
  });
});

describe('URL shapes not answered yet (SPEC.md §7)', () => {
  it.each([
    { shape: stakedUrl, network: 'mainnet', url: 'https://staked.mainnet.rpc.example.com/?api-key=bk_0123abcd' },
    { shape: geyserUrl, network: 'devnet', url: 'wss://geyser.devnet.rpc.example.com/?api-key=bk_0123abcd' },
    {
      shape: parseTransactionsUrl,
      network: 'mainnet',
      url: 'https://api.mainnet.rpc.example.com/v0/transactions/?api-key=bk_0123abcd',
    },
    {
      shape: transactionHistoryUrl,
      network: 'mainnet',
      url: 'https://api.mainnet.rpc.example.com/v0/addresses/{address}/transactions/?api-key=bk_0123abcd',
    },
  ] as const)('$shape.name on $network → $url', ({ shape, network, url }) => {
    expect(shape(BASE, network, KEY)).toBe(url);
  });

  it('keeps the port of the API host and ignores its path', () => {
    expect(geyserUrl('http://localhost:8080/api', 'mainnet', KEY)).toBe('wss://geyser.mainnet.localhost:8080/?api-key=bk_0123abcd');
  });

  it.each(['http://127.0.0.1:8080/api', 'http://10.0.0.7/api', 'http://[::1]:8080/api', 'https://[2001:db8::1]/api'])(
    'makes no subdomain of the IP address in %s',
    (base) => {
      for (const shape of [stakedUrl, geyserUrl, parseTransactionsUrl, transactionHistoryUrl]) {
        expect(shape(base, 'mainnet', KEY)).toBeNull();
      }
    },
  );

  it.each([
    ['127.0.0.1', true],
    ['[::1]', true],
    ['localhost', false],
    ['rpc.example.com', false],
    ['1.2.3.example.com', false],
  ])('%s is an IP address: %s', (host, expected) => expect(isIpAddressHost(host)).toBe(expected));

  it('shows the placeholder key when the user has none, and escapes a key that needs it', () => {
    expect(geyserUrl(BASE, 'mainnet', null)).toBe('wss://geyser.mainnet.rpc.example.com/?api-key=YOUR_API_KEY');
    expect(stakedUrl(BASE, 'mainnet', 'a b&c')).toBe('https://staked.mainnet.rpc.example.com/?api-key=a%20b%26c');
  });
});
