import { describe, expect, it } from 'vitest';
import { MAX_FILTER_ADDRESSES, MAX_TOPIC_ALTERNATIVES, SUBSCRIPTION_TYPES, subscribeVerdict } from '@/domain/rpc-subscriptions';

const address = (index: number) => `0x${index.toString(16).padStart(40, '0')}`;
const topic = (index: number) => `0x${index.toString(16).padStart(64, '0')}`;
const addresses = (count: number) => Array.from({ length: count }, (_, index) => address(index));
const topics = (count: number) => Array.from({ length: count }, (_, index) => topic(index));

describe('what eth_subscribe may ask for', () => {
  it.each([
    [['newHeads'], 'newHeads'],
    [['logs'], 'logs'],
    [['logs', {}], 'logs'],
    [['logs', { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', topics: [null] }], 'logs'],
    [['logs', { address: addresses(MAX_FILTER_ADDRESSES), topics: [topics(MAX_TOPIC_ALTERNATIVES), null, topic(1), [null]] }], 'logs'],
    [['logs', { address: address(1), fromBlock: 'latest', toBlock: null, blockHash: topic(2) }], 'logs'],
    [['newPendingTransactions'], 'newPendingTransactions'],
    [['newPendingTransactions', true], 'newPendingTransactions'],
    [['newPendingTransactions', false], 'newPendingTransactions'],
  ] as const)('serves %j', (params, type) => {
    expect(subscribeVerdict(params)).toEqual({ allowed: true, type });
  });

  it.each([
    [undefined, "eth_subscribe takes the subscription's name first: one of newHeads, logs, newPendingTransactions."],
    [{}, "eth_subscribe takes the subscription's name first: one of newHeads, logs, newPendingTransactions."],
    [[], "eth_subscribe takes the subscription's name first: one of newHeads, logs, newPendingTransactions."],
    [['syncing'], 'The subscription "syncing" is not available on this service: use newHeads, logs, newPendingTransactions.'],
    [['NEWHEADS'], 'The subscription "NEWHEADS" is not available on this service: use newHeads, logs, newPendingTransactions.'],
    [[42], 'The subscription that value is not available on this service: use newHeads, logs, newPendingTransactions.'],
    [
      [`x${'y'.repeat(100)}`],
      `The subscription "x${'y'.repeat(63)}…" is not available on this service: use newHeads, logs, newPendingTransactions.`,
    ],
    [['newHeads', {}], 'eth_subscribe "newHeads" takes no option.'],
    [['logs', 'address'], 'eth_subscribe "logs" takes a filter object ({ address, topics }).'],
    [['logs', []], 'eth_subscribe "logs" takes a filter object ({ address, topics }).'],
    [['logs', null], 'eth_subscribe "logs" takes a filter object ({ address, topics }).'],
    [['newPendingTransactions', 'true'], 'eth_subscribe "newPendingTransactions" takes true or false.'],
    [['logs', {}, {}], 'eth_subscribe "logs" takes at most one option.'],
    [['logs', { address: addresses(20_000) }], 'eth_subscribe "logs" takes at most 1000 addresses in one filter; this one has 20000.'],
    [['logs', { topics: [null, null, null, null, null] }], 'eth_subscribe "logs" takes at most 4 topic positions; this filter has 5.'],
    [
      ['logs', { topics: [null, topics(1001)] }],
      'eth_subscribe "logs" takes at most 1000 alternatives in one topic position; position 2 has 1001.',
    ],
    [['logs', { topics: topic(1) }], 'eth_subscribe "logs" takes topics as a list (one entry per position).'],
    [
      ['logs', { address: `0x${'ab'.repeat(450_000)}` }],
      'eth_subscribe "logs": an address, topic or block in the filter is a string of at most 66 characters.',
    ],
    [
      ['logs', { topics: [[topic(1), { nested: true }]] }],
      'eth_subscribe "logs": an address, topic or block in the filter is a string of at most 66 characters.',
    ],
    [
      ['logs', { fromBlock: 'x'.repeat(67) }],
      'eth_subscribe "logs": an address, topic or block in the filter is a string of at most 66 characters.',
    ],
    [
      ['logs', { address: address(1), padding: 'x' }],
      'eth_subscribe "logs" takes a filter of address, topics, fromBlock, toBlock, blockHash only; "padding" is not one.',
    ],
  ] as const)('refuses %j', (params, message) => {
    expect(subscribeVerdict(params)).toEqual({ allowed: false, message });
  });

  it('names the three subscriptions every node serves', () => {
    expect(SUBSCRIPTION_TYPES).toEqual(['newHeads', 'logs', 'newPendingTransactions']);
  });
});
