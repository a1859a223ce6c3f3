import { describe, expect, it } from 'vitest';
import { geyserUrl, isIpAddressHost, parseTransactionsUrl, stakedUrl, transactionHistoryUrl, websocketUrl } from '@/domain/endpoint-urls';

const BASE = 'https://rpc.example.com/api';
const KEY = 'bk_0123abcd';

describe('URL shapes not answered yet (SPEC.md §7)', () => {
  it.each([
    { shape: stakedUrl, network: 'mainnet', url: 'https://staked.mainnet.rpc.example.com/?api-key=bk_0123abcd' },
    { shape: websocketUrl, network: 'mainnet', url: 'wss://mainnet.rpc.example.com/?api-key=bk_0123abcd' },
    { shape: websocketUrl, network: 'devnet', url: 'wss://devnet.rpc.example.com/?api-key=bk_0123abcd' },
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
    expect(websocketUrl('http://localhost:8080/api', 'mainnet', KEY)).toBe('wss://mainnet.localhost:8080/?api-key=bk_0123abcd');
  });

  it.each(['http://127.0.0.1:8080/api', 'http://10.0.0.7/api', 'http://[::1]:8080/api', 'https://[2001:db8::1]/api'])(
    'makes no subdomain of the IP address in %s',
    (base) => {
      for (const shape of [stakedUrl, websocketUrl, geyserUrl, parseTransactionsUrl, transactionHistoryUrl]) {
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
    expect(websocketUrl(BASE, 'mainnet', null)).toBe('wss://mainnet.rpc.example.com/?api-key=YOUR_API_KEY');
    expect(stakedUrl(BASE, 'mainnet', 'a b&c')).toBe('https://staked.mainnet.rpc.example.com/?api-key=a%20b%26c');
  });
});
