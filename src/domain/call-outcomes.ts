/**
 * What became of a gateway call: the one list the gateway reports to Prometheus
 * (`rpc_gateway_calls_total{outcome}`), meters per key and the Usage screen charts.
 */
export const CALL_OUTCOMES = [
  'answered',
  'invalid',
  'refused_key',
  'refused_allow_list',
  'refused_method',
  'refused_quota',
  'refused_rate',
  'upstream_error',
  'upstream_timeout',
  'internal_error',
] as const;

export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * The outcomes metered per key and charted (a call refused for its key, or not a call at all, has no
 * key to count for; a call the gateway failed on, an internal error, may have failed reading its key).
 */
export const METERED_OUTCOMES = [
  'answered',
  'refused_allow_list',
  'refused_method',
  'refused_quota',
  'refused_rate',
  'upstream_error',
  'upstream_timeout',
] as const satisfies readonly CallOutcome[];

export type MeteredOutcome = (typeof METERED_OUTCOMES)[number];

/** Each outcome as the Usage screen names it. */
export const OUTCOME_LABELS: Readonly<Record<CallOutcome, string>> = {
  answered: 'Answered',
  invalid: 'Invalid request',
  refused_key: 'Invalid API key',
  refused_allow_list: 'Refused by access control',
  refused_method: 'Method not available',
  refused_quota: 'Credit quota used up',
  refused_rate: 'Rate limited',
  upstream_error: 'Node error',
  upstream_timeout: 'Node time-out',
  internal_error: 'Gateway error',
};

/** A count of 0 for every outcome (a new outcome without its 0 here does not compile). */
export function zeroOutcomes(): Record<CallOutcome, number> {
  return {
    answered: 0,
    invalid: 0,
    refused_key: 0,
    refused_allow_list: 0,
    refused_method: 0,
    refused_quota: 0,
    refused_rate: 0,
    upstream_error: 0,
    upstream_timeout: 0,
    internal_error: 0,
  };
}

/** The outcomes of a call the gateway refused for its key: by an allow-list, the method policy, the quota or the rate. */
export const REFUSED_OUTCOMES = [
  'refused_allow_list',
  'refused_method',
  'refused_quota',
  'refused_rate',
] as const satisfies readonly MeteredOutcome[];

export type RefusedOutcome = (typeof REFUSED_OUTCOMES)[number];

export function isRefused(outcome: MeteredOutcome): outcome is RefusedOutcome {
  return (REFUSED_OUTCOMES as readonly MeteredOutcome[]).includes(outcome);
}

/**
 * Which access rule refused a call: an Origin not among Allowed Domains, no Origin while Allowed
 * Domains are set and calls without one are not accepted, an address outside Allowed IPs / CIDRs (the
 * project's lists or the key's own), or a method or contract outside the key's Allowed Methods /
 * Contract Addresses.
 */
export const ACCESS_REFUSALS = ['domains', 'noOrigin', 'ips', 'cidrs', 'methods', 'contracts'] as const;

export type AccessRefusal = (typeof ACCESS_REFUSALS)[number];

/** Why a refused call was refused, as the request log says it. */
export const REFUSAL_REASONS: Readonly<Record<RefusedOutcome, string>> = {
  refused_allow_list: "The key's RPC Access Control does not let this caller in.",
  refused_method: 'The method is not available on this service.',
  refused_quota: "The plan's credit quota for this billing cycle is used up.",
  refused_rate: 'More requests per second than the plan allows.',
};

/** An allow-list refusal, by the list that refused it. */
export const ACCESS_REFUSAL_REASONS: Readonly<Record<AccessRefusal, string>> = {
  domains: "The request's Origin is not one of the key's Allowed Domains.",
  noOrigin: 'The request had no Origin header, and the Allowed Domains do not accept calls without one.',
  ips: "The caller's IP address is not one of the key's Allowed IPs.",
  cidrs: "The caller's IP address is in none of the key's Allowed CIDRs.",
  methods: "The method is not one of the key's Allowed Methods.",
  contracts: "The call addresses a contract that is not one of the key's Allowed Contract Addresses, or none.",
};

/** Why a call was refused (the list that refused it, when known); null for a call that was not refused. */
export function refusalReason(outcome: MeteredOutcome, list: AccessRefusal | null): string | null {
  if (!isRefused(outcome)) return null;
  if (outcome === 'refused_allow_list' && list !== null) return ACCESS_REFUSAL_REASONS[list];
  return REFUSAL_REASONS[outcome];
}
