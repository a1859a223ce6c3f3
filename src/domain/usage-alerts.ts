/**
 * The usage alerts: e-mails when a cycle's credits pass 50, 80 and 100 % (each once
 * per cycle, each on or off per user, 80 and 100 on by default), and when a key's calls fail too
 * often for 5 minutes in a row. Pure rules; the job that applies them is server/metering/usage-alerts.ts.
 */

/** The shares of a cycle's credits an alert can be set at, in %. */
export const CREDIT_ALERT_THRESHOLDS = [50, 80, 100] as const;
export type CreditAlertThreshold = (typeof CREDIT_ALERT_THRESHOLDS)[number];

/** The thresholds a new account is alerted at. */
export const DEFAULT_CREDIT_ALERTS: readonly CreditAlertThreshold[] = [80, 100];

/** A key's minutes are watched this many in a row... */
export const ERROR_ALERT_MINUTES = 5;
/** ...each failing at least this share of its calls (refused or failed at the node)... */
export const ERROR_ALERT_RATE = 0.1;
/** ...and holding at least this many calls (a few calls do not make a rate). */
export const ERROR_ALERT_MIN_CALLS = 10;

/** The enabled thresholds `used` of `limit` credits has reached, lowest first; none without a limit. */
export function creditThresholdsReached(used: number, limit: number | null, enabled: readonly number[]): CreditAlertThreshold[] {
  if (limit === null || limit <= 0) return [];
  return CREDIT_ALERT_THRESHOLDS.filter((threshold) => enabled.includes(threshold) && used * 100 >= threshold * limit);
}

/** One minute of a key's calls. */
export interface MinuteCalls {
  readonly calls: number;
  /** Calls not answered: refused by the gateway, or failed or timed out at the node. */
  readonly failed: number;
}

/** True when each of the last ERROR_ALERT_MINUTES minutes (all present) failed at the rate, with enough calls. */
export function errorRateExceeded(minutes: readonly MinuteCalls[]): boolean {
  return (
    minutes.length >= ERROR_ALERT_MINUTES &&
    minutes.every((minute) => minute.calls >= ERROR_ALERT_MIN_CALLS && minute.failed >= ERROR_ALERT_RATE * minute.calls)
  );
}

/** A user's alert settings, as stored and as GET/PUT /users/alerts carry them. */
export interface AlertSettings {
  readonly creditThresholds: readonly CreditAlertThreshold[];
  readonly errorRate: boolean;
}

/** The thresholds in a request, kept when known, once each, in order; anything else is refused by the API's schema first. */
export function normalizedThresholds(values: readonly number[]): CreditAlertThreshold[] {
  return CREDIT_ALERT_THRESHOLDS.filter((threshold) => values.includes(threshold));
}

export const ALERTS_LOAD_FALLBACK = 'Failed to load your alert settings. Please try again.';
export const ALERTS_SAVE_FALLBACK = 'Failed to save your alert settings. Please try again.';
export const ALERTS_SAVED_TEXT = 'Alert settings saved.';
