import { type Hex, parseGwei, serializeTransaction, type TransactionSerializable } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { checkCalls, compileCallRules, contractsOf, rawTransactionTarget } from '@server/gateway/call-rules';

/** Anvil's first test account: a well-known key, never one with value. */
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const TARGET = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const OTHER = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

const base = { chainId: 31337, nonce: 7, gas: 21_000n, to: TARGET as Hex, value: 1n, data: '0x1234' as Hex };
const transactions: ReadonlyArray<readonly [string, TransactionSerializable]> = [
  ['legacy', { ...base, type: 'legacy', gasPrice: parseGwei('2') }],
  ['EIP-2930', { ...base, type: 'eip2930', gasPrice: parseGwei('2'), accessList: [{ address: OTHER, storageKeys: [] }] }],
  ['EIP-1559', { ...base, type: 'eip1559', maxFeePerGas: parseGwei('3'), maxPriorityFeePerGas: parseGwei('1') }],
  [
    'EIP-4844',
    {
      ...base,
      type: 'eip4844',
      maxFeePerGas: parseGwei('3'),
      maxPriorityFeePerGas: parseGwei('1'),
      maxFeePerBlobGas: parseGwei('1'),
      blobVersionedHashes: [`0x01${'ab'.repeat(31)}`],
    },
  ],
  [
    'EIP-7702',
    {
      ...base,
      type: 'eip7702',
      maxFeePerGas: parseGwei('3'),
      maxPriorityFeePerGas: parseGwei('1'),
      authorizationList: [{ address: OTHER, chainId: 31337, nonce: 8, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: 1 }],
    },
  ],
];

describe('rawTransactionTarget: the `to` of each transaction type, as viem signs it', () => {
  it.each(transactions)('%s', async (_, transaction) => {
    const signed = await account.signTransaction(transaction);
    expect(rawTransactionTarget(signed)).toEqual([TARGET]);
  });

  it.each([
    ['a creation (no to)', serializeTransaction({ chainId: 1, nonce: 0, gas: 1n, gasPrice: 1n, data: '0x60' })],
    ['not hex', '0xzz'],
    ['odd length', '0x123'],
    ['empty', '0x'],
    ['an unknown type', '0x05c0'],
    ['bytes that are no RLP', '0x02ffff'],
    ['a list too short', '0x02c3010203'],
    ['not a string', 42],
  ])('%s → null', (_, raw) => {
    expect(rawTransactionTarget(raw)).toBeNull();
  });
});

describe('contractsOf', () => {
  it.each([
    ['eth_call', [{ to: TARGET.toUpperCase().replace('0X', '0x'), data: '0x' }, 'latest'], [TARGET]],
    ['eth_call', [{ data: '0x60' }], null],
    ['eth_call', [], null],
    ['eth_estimateGas', [{ to: OTHER }], [OTHER]],
    ['eth_getLogs', [{ address: TARGET, fromBlock: '0x0' }], [TARGET]],
    ['eth_getLogs', [{ address: [TARGET, OTHER] }], [TARGET, OTHER]],
    ['eth_getLogs', [{ address: [] }], null],
    ['eth_getLogs', [{ fromBlock: '0x0' }], null],
    ['eth_getLogs', [{ address: [TARGET, 1] }], null],
    ['eth_newFilter', [{ address: OTHER }], [OTHER]],
    ['eth_simulateV1', [{ blockStateCalls: [{ calls: [{ to: TARGET }, { to: OTHER }] }] }, 'latest'], [TARGET, OTHER]],
    ['eth_simulateV1', [{ blockStateCalls: [{ calls: [{ data: '0x60' }] }] }], null],
    ['eth_blockNumber', [], []],
    ['eth_getBalance', [OTHER, 'latest'], []],
  ])('%s %j → %j', (method, params, expected) => {
    expect(contractsOf(method, params)).toEqual(expected);
  });
});

describe('checkCalls', () => {
  const rules = compileCallRules({
    methods: ['eth_call', 'eth_getLogs', 'eth_chainId'],
    contracts: [TARGET.toUpperCase().replace('0X', '0x')],
  });
  it.each([
    ['an allowed method at an allowed contract', ['eth_call'], [[{ to: TARGET }]], null],
    ['a method addressing no contract', ['eth_chainId'], [[]], null],
    ['a method not on the list', ['eth_blockNumber'], [[]], 'methods'],
    ['another contract', ['eth_call'], [[{ to: OTHER }]], 'contracts'],
    ['logs of every contract', ['eth_getLogs'], [[{ fromBlock: '0x0' }]], 'contracts'],
    ['a batch with one refused call', ['eth_chainId', 'eth_call'], [[], [{ to: OTHER }]], 'contracts'],
    ['a batch of allowed calls', ['eth_chainId', 'eth_getLogs'], [[], [{ address: TARGET }]], null],
  ] as const)('%s → %s', (_, methods, params, expected) => {
    expect(checkCalls(rules, methods, params)).toBe(expected);
  });

  it('without lists, allows anything', () => {
    expect(checkCalls(compileCallRules({ methods: [], contracts: [] }), ['anything'], [[]])).toBeNull();
  });

  it('a contract list alone leaves every method', () => {
    const contractsOnly = compileCallRules({ methods: [], contracts: [TARGET] });
    expect(checkCalls(contractsOnly, ['eth_blockNumber', 'eth_call'], [[], [{ to: TARGET }]])).toBeNull();
  });
});
