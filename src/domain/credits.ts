/**
 * What a JSON-RPC call costs (SPEC.md §9): the one table, read by the gateway when it charges a
 * call and by the usage screen when it explains the figures.
 */

/** The credit class of a call; the contract's UsageType spells the same three names. */
export type UsageType = 'standard' | 'logs' | 'transaction';

/** Credits per call of each class: about 20 a call, 60 for eth_getLogs, 40 for eth_sendRawTransaction. */
export const CREDITS_PER_CALL: Readonly<Record<UsageType, number>> = {
  standard: 20,
  logs: 60,
  transaction: 40,
};

/** The methods that are not standard calls; every other method, known or not, is standard. */
const methodClasses: ReadonlyMap<string, UsageType> = new Map([
  ['eth_getLogs', 'logs'],
  ['eth_sendRawTransaction', 'transaction'],
  // The same transaction, answered with its receipt (EIP-7966): it costs what a send costs.
  ['eth_sendRawTransactionSync', 'transaction'],
]);

/** Method names are case-sensitive in JSON-RPC: 'ETH_GETLOGS' is an unknown (standard) method. */
export function usageTypeOf(method: string): UsageType {
  return methodClasses.get(method) ?? 'standard';
}

export function creditsFor(method: string): number {
  return CREDITS_PER_CALL[usageTypeOf(method)];
}

/**
 * What one subscription notification delivered over WebSocket costs (an `eth_subscription` message:
 * a new head, one log, one pending transaction's hash): a standard call's credits, because it is the
 * answer a client would otherwise poll for with one call. QuickNode charges every response of a
 * subscription as a call of its method; Alchemy charges by bandwidth (0.04 CU a byte, about 40 CU for
 * a typical 1 KB event). Metered as the method `eth_subscription`, so Usage shows notifications per key
 * beside calls.
 */
export const CREDITS_PER_NOTIFICATION = CREDITS_PER_CALL.standard;

/** The method name notifications are metered under (the JSON-RPC method of the message itself). */
export const notificationMethod = 'eth_subscription';
