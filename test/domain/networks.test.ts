import { describe, expect, it } from 'vitest';
import {
  NETWORKS,
  NETWORK_CHOICE,
  NETWORK_FACTS,
  UPSTREAM_URL_SETTINGS,
  byNetwork,
  isNetwork,
  toNetwork,
  upstreamSettings,
} from '@/domain/networks';

describe('the network list', () => {
  it.each([
    ['mainnet', 'mainnet'],
    ['devnet', 'devnet'],
    ['Mainnet', null],
    ['testnet', null],
    ['', null],
    ['toString', null],
  ])('toNetwork(%j) is %j', (value, network) => {
    expect(toNetwork(value)).toBe(network);
    expect(isNetwork(value)).toBe(network !== null);
  });

  it('knows each network: its label and chain id (Berachain mainnet, and Bepolia as devnet)', () => {
    expect(NETWORK_FACTS).toEqual({ mainnet: { label: 'Mainnet', chainId: 80_094 }, devnet: { label: 'Devnet', chainId: 80_069 } });
  });

  it('names the settings of each network node', () => {
    expect(upstreamSettings('mainnet')).toEqual({ url: 'UPSTREAM_MAINNET_URL', wsUrl: 'UPSTREAM_MAINNET_WS_URL' });
    expect(upstreamSettings('devnet')).toEqual({ url: 'UPSTREAM_DEVNET_URL', wsUrl: 'UPSTREAM_DEVNET_WS_URL' });
    expect(UPSTREAM_URL_SETTINGS).toBe('UPSTREAM_MAINNET_URL and UPSTREAM_DEVNET_URL');
    expect(NETWORK_CHOICE).toBe('mainnet or devnet');
  });

  it('makes one value per network of the list', () => {
    expect(byNetwork((network) => network.length)).toEqual({ mainnet: 7, devnet: 6 });
    expect(Object.keys(byNetwork(() => null))).toEqual([...NETWORKS]);
  });
});
