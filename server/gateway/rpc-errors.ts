import type { KeyCapPeriod } from '@/domain/key-rules';
import { type NetworkInfo, networkChoice } from '@/domain/networks';
import type { AccessRefusal } from '@server/gateway/access-rules';

/**
 * What a limit refusal's `data` says: which limit refused the call (the code, -32005, is the same
 * for both), and what a client needs to act on it.
 */
export type LimitData =
  | { readonly limit: 'rate'; readonly requestsPerSecond: number; readonly retryAfterSeconds: number }
  | { readonly limit: 'quota'; readonly creditsUsed: number; readonly creditQuota: number; readonly cycleEnd: string }
  | {
      readonly limit: 'keyCap';
      readonly period: KeyCapPeriod;
      readonly creditsUsed: number;
      readonly creditCap: number;
      readonly periodEnd: string;
    };

/** One of the gateway's own refusals: the HTTP status and the JSON-RPC error object it answers. */
export interface GatewayError {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly data?: LimitData;
}

/**
 * The gateway's JSON-RPC error codes. -32700/-32600/-32601/-32603 are JSON-RPC 2.0's own; the
 * others are EIP-1474's, the codes viem and ethers know: -32005 "limit exceeded" for the rate and
 * the quota alike (their `data.limit` tells which), as Infura and Alchemy answer. Never -32006,
 * which EIP-1474 defines as "JSON-RPC version not supported" (viem showed a quota refusal as
 * JsonRpcVersionUnsupportedError).
 */
export const rpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  internalError: -32603,
  invalidKey: -32001,
  notAllowed: -32002,
  limitExceeded: -32005,
} as const;

const refusedBy: Readonly<Record<AccessRefusal, string>> = {
  domains: 'the Origin of this request is not one of your allowed domains',
  noOrigin: 'this request has no Origin header, and your allowed domains refuse calls without one',
  ips: 'your IP address is not one of your allowed IPs',
  cidrs: 'your IP address is not in your allowed CIDR ranges',
  methods: 'a method of this request is not one of the allowed methods of this key',
  contracts: 'this request addresses a contract that is not one of the allowed contract addresses of this key, or names none',
};

export const gatewayErrors = {
  parse: (): GatewayError => ({ status: 400, code: rpcCodes.parseError, message: 'Parse error: the request body is not valid JSON.' }),
  invalid: (detail: string): GatewayError => ({ status: 400, code: rpcCodes.invalidRequest, message: `Invalid request: ${detail}.` }),
  unknownNetwork: (network: string, served: readonly NetworkInfo[]): GatewayError => ({
    status: 400,
    code: rpcCodes.invalidRequest,
    message: `Invalid request: unknown network "${network.slice(0, 40)}" (use ${networkChoice(served)}).`,
  }),
  tooLarge: (limit: number): GatewayError => ({
    status: 413,
    code: rpcCodes.invalidRequest,
    message: `Request too large: the gateway accepts JSON-RPC bodies of up to ${limit} bytes.`,
  }),
  invalidKey: (): GatewayError => ({ status: 401, code: rpcCodes.invalidKey, message: 'Invalid API key' }),
  keyExpired: (at: number): GatewayError => ({
    status: 401,
    code: rpcCodes.invalidKey,
    message: `API key expired: this key stopped working at ${new Date(at).toISOString()}. Extend its expiry or use another key (API Keys page).`,
  }),
  /** `own`: the rule is the key's own (its rules on the API Keys page), not the project's Access Control. */
  notAllowed: (refusal: AccessRefusal, own = false): GatewayError => ({
    status: 403,
    code: rpcCodes.notAllowed,
    message: `Not allowed: ${refusedBy[refusal]} (see ${own ? "the key's rules on the API Keys page" : 'Access Control on the Endpoints page'}).`,
  }),
  /**
   * A method outside the method policy (src/domain/rpc-method-policy.ts). 403 like the allow-lists:
   * every refusal of the gateway's own is a 4xx, and a 2xx always carries the node's answer.
   */
  methodRefused: (message: string): GatewayError => ({ status: 403, code: rpcCodes.methodNotFound, message }),
  /** 429 with Retry-After (http-answer.ts adds it): both clients wait and retry, as a rate refusal wants. */
  rateLimited: (rate: number, retryAfterSeconds: number): GatewayError => ({
    status: 429,
    code: rpcCodes.limitExceeded,
    message: `Rate limit exceeded: your plan allows ${rate} requests per second. Slow down or upgrade your plan.`,
    data: { limit: 'rate', requestsPerSecond: rate, retryAfterSeconds },
  }),
  /**
   * 402, not 429: ethers retries every 429 12 times over minutes, and a quota does not come back
   * within a retry. Any other 4xx ethers does not retry; viem retries any -32005 three times (about
   * a second without Retry-After), so no Retry-After either: its seconds to the cycle's end would
   * make viem wait until then. 402 Payment Required says what ends it sooner: a bigger plan.
   */
  quotaExceeded: (used: number, limit: number, cycleEnd: Date): GatewayError => ({
    status: 402,
    code: rpcCodes.limitExceeded,
    message: `Monthly credit quota exceeded: ${used} of your plan's ${limit} credits are used. The quota resets when the next cycle starts, at ${cycleEnd.toISOString()}; to go on before then, upgrade your plan on the Billing page of the dashboard.`,
    data: { limit: 'quota', creditsUsed: used, creditQuota: limit, cycleEnd: cycleEnd.toISOString() },
  }),
  /**
   * The key's own spend cap (its rules on the API Keys page), not the account's quota. 403 like the
   * quota's 402 and for the same reason: neither client retries it (ethers retries every 429 for
   * minutes), and the cap does not lift within a retry; no upgrade lifts it either, so not 402.
   */
  keyCapReached: (period: KeyCapPeriod, used: number, cap: number, periodEnd: Date): GatewayError => ({
    status: 403,
    code: rpcCodes.limitExceeded,
    message: `Key spend cap reached: this key has spent ${used} of the ${cap} credits its rules allow ${period === 'day' ? 'per day (UTC)' : 'per billing cycle'}. It takes calls again at ${periodEnd.toISOString()}; to go on before then, raise or remove the cap in the key's rules on the API Keys page, or use another key.`,
    data: { limit: 'keyCap', period, creditsUsed: used, creditCap: cap, periodEnd: periodEnd.toISOString() },
  }),
  noUpstream: (network: string): GatewayError => ({
    status: 502,
    code: rpcCodes.internalError,
    message: `Upstream node unavailable: no ${network} node is configured on this server.`,
  }),
  upstreamDown: (network: string): GatewayError => ({
    status: 502,
    code: rpcCodes.internalError,
    message: `Upstream node unavailable: the ${network} node could not be reached. Please try again later.`,
  }),
  upstreamNotJson: (network: string, status: number): GatewayError => ({
    status: 502,
    code: rpcCodes.internalError,
    message: `Upstream node unavailable: the ${network} node answered HTTP ${status} without a JSON-RPC answer. Please try again later.`,
  }),
  upstreamTimeout: (network: string, timeoutMs: number): GatewayError => ({
    status: 504,
    code: rpcCodes.internalError,
    message: `Upstream node timed out: the ${network} node did not answer within ${timeoutMs} ms.`,
  }),
  internal: (): GatewayError => ({
    status: 500,
    code: rpcCodes.internalError,
    message: 'Internal error: the gateway failed on this call. Please try again later.',
  }),
};

/** The refusal of a key that no longer works (key-cache.ts keyEnded): its expiry, or an old secret unknown since its grace ended. */
export function endedKeyError(key: { readonly expiresAt?: number | null }, ended: 'expired' | 'rolled'): GatewayError {
  return ended === 'expired' && key.expiresAt != null ? gatewayErrors.keyExpired(key.expiresAt) : gatewayErrors.invalidKey();
}
