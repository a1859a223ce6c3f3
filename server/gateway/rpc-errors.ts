import type { AccessRefusal } from '@server/gateway/access-rules';

/** One of the gateway's own refusals: the HTTP status and the JSON-RPC error object it answers. */
export interface GatewayError {
  readonly status: number;
  readonly code: number;
  readonly message: string;
}

/**
 * The gateway's JSON-RPC error codes. -32700/-32600/-32603 are JSON-RPC 2.0's own; the others sit in
 * the range the specification leaves to servers (-32000 to -32099).
 */
export const rpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  internalError: -32603,
  invalidKey: -32001,
  notAllowed: -32002,
  rateLimited: -32005,
  quotaExceeded: -32006,
} as const;

const refusedBy: Readonly<Record<AccessRefusal, string>> = {
  domains: 'the Origin of this request is not one of your allowed domains',
  ips: 'your IP address is not one of your allowed IPs',
  cidrs: 'your IP address is not in your allowed CIDR ranges',
};

export const gatewayErrors = {
  parse: (): GatewayError => ({ status: 400, code: rpcCodes.parseError, message: 'Parse error: the request body is not valid JSON.' }),
  invalid: (detail: string): GatewayError => ({ status: 400, code: rpcCodes.invalidRequest, message: `Invalid request: ${detail}.` }),
  unknownNetwork: (network: string): GatewayError => ({
    status: 400,
    code: rpcCodes.invalidRequest,
    message: `Invalid request: unknown network "${network.slice(0, 40)}" (use mainnet or devnet).`,
  }),
  tooLarge: (limit: number): GatewayError => ({
    status: 413,
    code: rpcCodes.invalidRequest,
    message: `Request too large: the gateway accepts JSON-RPC bodies of up to ${limit} bytes.`,
  }),
  invalidKey: (): GatewayError => ({ status: 401, code: rpcCodes.invalidKey, message: 'Invalid API key' }),
  notAllowed: (refusal: AccessRefusal): GatewayError => ({
    status: 403,
    code: rpcCodes.notAllowed,
    message: `Not allowed: ${refusedBy[refusal]} (see Access Control on the Endpoints page).`,
  }),
  /**
   * A method outside the method policy (src/domain/rpc-method-policy.ts). 403 like the allow-lists:
   * every refusal of the gateway's own is a 4xx, and a 2xx always carries the node's answer.
   */
  methodRefused: (message: string): GatewayError => ({ status: 403, code: rpcCodes.methodNotFound, message }),
  rateLimited: (rate: number, calls: number): GatewayError => ({
    status: 429,
    code: rpcCodes.rateLimited,
    message:
      calls > rate
        ? `Rate limit exceeded: a batch of ${calls} calls is more than your plan's ${rate} requests per second; send smaller batches.`
        : `Rate limit exceeded: your plan allows ${rate} requests per second. Slow down or upgrade your plan.`,
  }),
  quotaExceeded: (used: number, limit: number, cycleEnd: Date): GatewayError => ({
    status: 429,
    code: rpcCodes.quotaExceeded,
    message: `Monthly credit quota exceeded: ${used} of your plan's ${limit} credits are used in the cycle ending ${cycleEnd.toISOString()}. Upgrade your plan or wait for the next cycle.`,
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
