import { type UsageType, methodFacts } from './rpc-method-registry';

/**
 * What a JSON-RPC call costs (SPEC.md §9): the one table of prices, read by the gateway when it
 * charges a call and by the usage screen when it explains the figures. Each method's credit class is
 * in the method registry (src/domain/rpc-method-registry.ts).
 */

/** Credits per call of each class: about 20 a call, 60 for eth_getLogs, 40 for eth_sendRawTransaction. */
export const CREDITS_PER_CALL: Readonly<Record<UsageType, number>> = {
  standard: 20,
  logs: 60,
  transaction: 40,
};

/**
 * A served method's class; any other method (eth_subscribe, or an unknown name the node refuses)
 * is a standard call. Method names are case-sensitive in JSON-RPC: 'ETH_GETLOGS' is unknown.
 */
export function usageTypeOf(method: string): UsageType {
  return methodFacts(method)?.credits ?? 'standard';
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
