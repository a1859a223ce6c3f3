import { $api } from '@/api/query-hooks';

/** The smallest usage report (one day, by usage type): only its cycle is read. */
export const BILLING_CYCLE_REQUEST = { params: { query: { range: '1d', groupBy: 'usageType' } } } as const;

/** The user's current billing (quota) cycle, as the server counts it: GET /usage's `cycle`. */
export function useBillingCycle() {
  return $api.useQuery('get', '/usage', BILLING_CYCLE_REQUEST);
}
