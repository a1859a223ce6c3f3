import { keepPreviousData } from '@tanstack/react-query';
import type { Schemas } from '@/api/client';
import { $api } from '@/api/query-hooks';

export type UsageRange = Schemas['UsageRange'];
export type UsageGroupBy = Schemas['UsageGroupBy'];
export type UsageReport = Schemas['UsageReport'];

/** The smallest usage report (one day, by usage type): only its cycle is read. */
export const BILLING_CYCLE_REQUEST = { params: { query: { range: '1d', groupBy: 'usageType' } } } as const;

/** The user's current billing (quota) cycle, as the server counts it: GET /usage's `cycle`. */
export function useBillingCycle() {
  return $api.useQuery('get', '/usage', BILLING_CYCLE_REQUEST);
}

/**
 * GET /usage for a range and grouping. While another range or grouping loads, the previous report
 * stays on screen (marked as updating) rather than flashing back to a spinner.
 */
export function useUsageReport(range: UsageRange, groupBy: UsageGroupBy) {
  return $api.useQuery('get', '/usage', { params: { query: { range, groupBy } } }, { placeholderData: keepPreviousData });
}
