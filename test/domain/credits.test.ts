import { describe, expect, it } from 'vitest';
import { CREDITS_PER_CALL, CREDITS_PER_NOTIFICATION, creditsFor, notificationMethod, usageTypeOf } from '@/domain/credits';

describe('credits per call (SPEC.md §9)', () => {
  it.each([
    ['eth_chainId', 'standard', 20],
    ['eth_blockNumber', 'standard', 20],
    ['eth_call', 'standard', 20],
    ['eth_getLogs', 'logs', 60],
    ['eth_sendRawTransaction', 'transaction', 40],
    ['eth_sendRawTransactionSync', 'transaction', 40],
    ['eth_fillTransaction', 'standard', 20],
    // Unknown methods still reach the node (which refuses them): they cost a standard call.
    ['no_suchMethod', 'standard', 20],
    // JSON-RPC method names are case-sensitive.
    ['ETH_GETLOGS', 'standard', 20],
    ['', 'standard', 20],
  ] as const)('%j is %s and costs %i', (method, usageType, credits) => {
    expect(usageTypeOf(method)).toBe(usageType);
    expect(creditsFor(method)).toBe(credits);
  });

  it('prices the three usage types of the contract', () => {
    expect(CREDITS_PER_CALL).toEqual({ standard: 20, logs: 60, transaction: 40 });
  });

  it('prices a subscription notification as a standard call, metered as eth_subscription', () => {
    expect(CREDITS_PER_NOTIFICATION).toBe(20);
    expect(creditsFor(notificationMethod)).toBe(CREDITS_PER_NOTIFICATION);
  });
});
