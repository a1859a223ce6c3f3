/**
 * The method name metering stores for a call. The client chooses the string: stored as it came, a
 * NUL or a lone surrogate makes the database refuse the whole batch of minutes (and two surrogates
 * that encode alike make one upsert touch a row twice), and every invented name is one more row.
 * So a name is kept only when it looks like a JSON-RPC method (eth_getLogs, net_version,
 * rpc.discover...); anything else is counted under one fixed label.
 */

/** Letters, digits and `_ . : -`, up to 64 characters: every EVM node method, and nothing to escape. */
const plainMethod = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Where calls with any other method string are counted. */
export const invalidMethodLabel = '(invalid method)';
/** Where a key's calls are counted once it has used too many names in one minute (server/metering/usage-meter.ts). */
export const otherMethodsLabel = '(other methods)';

/** The stored name of `method`: itself when plain, else the invalid-method label (the labels map to themselves). */
export function methodLabel(method: string): string {
  if (plainMethod.test(method) || method === invalidMethodLabel || method === otherMethodsLabel) return method;
  return invalidMethodLabel;
}
