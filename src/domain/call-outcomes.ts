/**
 * What became of a gateway call: the one list the gateway reports to Prometheus
 * (`rpc_gateway_calls_total{outcome}`), meters per key (issue 24) and the Usage screen charts.
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
