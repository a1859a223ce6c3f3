import type { UsageGroupBy, UsageRange } from '@/api/usage-queries';
import { CREDITS_PER_CALL } from '@/domain/credits';
import type { UsageType } from '@/domain/rpc-method-registry';

/** SPEC.md "Usage / Metrics": the time range dropdown, in its order. */
export const RANGE_OPTIONS: ReadonlyArray<{ value: UsageRange; label: string }> = [
  { value: '1d', label: '1 Day' },
  { value: '1m', label: '1 Month' },
  { value: '3m', label: '3 Months' },
];

/** SPEC.md: the view buttons of the breakdown. */
export const VIEW_OPTIONS: ReadonlyArray<{ value: UsageGroupBy; label: string }> = [
  { value: 'method', label: 'Methods' },
  { value: 'usageType', label: 'Usage Type' },
];

export interface UsageFilters {
  groupBy: UsageGroupBy;
  range: UsageRange;
}

/** Where Reset Filters goes back to (SPEC.md: methods and 1 month). */
export const DEFAULT_FILTERS: UsageFilters = { groupBy: 'method', range: '1m' };

const USAGE_TYPE_NAMES: Readonly<Record<UsageType, string>> = {
  standard: 'Standard calls',
  logs: 'Log queries (eth_getLogs)',
  transaction: 'Transactions (eth_sendRawTransaction)',
};

/** 'Log queries (eth_getLogs) · 60 credits each' — the name of a usage-type row. */
export function usageTypeLabel(type: UsageType): string {
  return `${USAGE_TYPE_NAMES[type]} · ${CREDITS_PER_CALL[type]} credits each`;
}

export { cycleDate, cycleStart } from '@/domain/cycle-date';

const RANGE_PERIODS: Readonly<Record<UsageRange, string>> = { '1d': 'the last day', '1m': 'the last month', '3m': 'the last 3 months' };

/** 'the last month': the period a report covers, in a sentence. */
export const rangePeriod = (range: UsageRange) => RANGE_PERIODS[range];
