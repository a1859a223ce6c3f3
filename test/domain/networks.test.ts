import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_NETWORKS,
  NETWORKS,
  NETWORK_FACTS,
  UPSTREAM_URL_SETTINGS,
  byNetwork,
  defaultNetwork,
  isNetworkName,
  networkChoice,
  networkLabel,
  toNetwork,
  upstreamSettings,
} from '@/domain/networks';

const third = { name: 'testnet', label: 'Testnet', chainId: 31_337 };

describe('the network list', () => {
  it.each([
    ['mainnet', 'mainnet'],
    ['devnet', 'devnet'],
    ['Mainnet', null],
    ['testnet', null],
    ['', null],
    ['toString', null],
  ])('toNetwork(%j) among the built-in networks is %j', (value, network) => {
    expect(toNetwork(value, BUILT_IN_NETWORKS)).toBe(network);
  });

  it('serves a third network when the server lists it', () => {
    const served = [...BUILT_IN_NETWORKS, third];
    expect(toNetwork('testnet', served)).toBe('testnet');
    expect(networkLabel(served, 'testnet')).toBe('Testnet');
    expect(networkLabel(BUILT_IN_NETWORKS, 'testnet')).toBe('testnet');
    expect(networkChoice(served)).toBe('mainnet, devnet or testnet');
    expect(defaultNetwork(served)).toBe('mainnet');
    expect(defaultNetwork([third])).toBe('testnet');
  });

  it.each([
    ['mainnet', true],
    ['base-sepolia', true],
    ['l2', true],
    ['Mainnet', false],
    ['1net', false],
    ['a'.repeat(33), false],
    ['', false],
    [null, false],
  ])('isNetworkName(%j) is %j', (value, expected) => {
    expect(isNetworkName(value)).toBe(expected);
  });

  it('knows each built-in network: its label and chain id (Berachain mainnet, and Bepolia as devnet)', () => {
    expect(NETWORK_FACTS).toEqual({ mainnet: { label: 'Mainnet', chainId: 80_094 }, devnet: { label: 'Devnet', chainId: 80_069 } });
    expect(BUILT_IN_NETWORKS).toEqual([
      { name: 'mainnet', label: 'Mainnet', chainId: 80_094 },
      { name: 'devnet', label: 'Devnet', chainId: 80_069 },
    ]);
  });

  it('names the settings of each network node', () => {
    expect(upstreamSettings('mainnet')).toEqual({ url: 'UPSTREAM_MAINNET_URL', wsUrl: 'UPSTREAM_MAINNET_WS_URL' });
    expect(upstreamSettings('devnet')).toEqual({ url: 'UPSTREAM_DEVNET_URL', wsUrl: 'UPSTREAM_DEVNET_WS_URL' });
    expect(upstreamSettings('base-sepolia')).toEqual({ url: 'UPSTREAM_BASE_SEPOLIA_URL', wsUrl: 'UPSTREAM_BASE_SEPOLIA_WS_URL' });
    expect(UPSTREAM_URL_SETTINGS).toBe('UPSTREAM_MAINNET_URL and UPSTREAM_DEVNET_URL');
    expect(networkChoice(BUILT_IN_NETWORKS)).toBe('mainnet or devnet');
  });

  it('makes one value per built-in network of the list', () => {
    expect(byNetwork((network) => network.length)).toEqual({ mainnet: 7, devnet: 6 });
    expect(Object.keys(byNetwork(() => null))).toEqual([...NETWORKS]);
  });
});
