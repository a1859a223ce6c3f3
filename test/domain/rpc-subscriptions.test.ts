import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TYPES, subscribeVerdict } from '@/domain/rpc-subscriptions';

describe('what eth_subscribe may ask for', () => {
  it.each([
    [['newHeads'], 'newHeads'],
    [['logs'], 'logs'],
    [['logs', {}], 'logs'],
    [['logs', { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', topics: [null] }], 'logs'],
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
  ] as const)('refuses %j', (params, message) => {
    expect(subscribeVerdict(params)).toEqual({ allowed: false, message });
  });

  it('names the three subscriptions every node serves', () => {
    expect(SUBSCRIPTION_TYPES).toEqual(['newHeads', 'logs', 'newPendingTransactions']);
  });
});
