import { Flex } from '@chakra-ui/react';
import type { FilterEvent } from '@machines/usage-metrics.types';
import { FilterSelect } from '@/components/filter-select';
import { SegmentSwitch } from '@/components/segment-switch';
import type { NetworkInfo } from '@/domain/networks';
import type { MetricsFilters as Filters } from '@/domain/usage-metrics';
import type { SeriesRange } from '@/domain/usage-series';
import { RANGE_OPTIONS } from './usage-format';

/** The select's value for "all" (no filter sent). */
const ALL = '';
const ALL_NETWORKS = 'all';

const isRange = (value: string | null): value is SeriesRange => RANGE_OPTIONS.some((option) => option.value === value);

interface MetricsFiltersProps {
  filters: Filters;
  /** The user's keys, by server id. */
  keys: ReadonlyArray<{ id: number; name: string }>;
  /** The methods the method filter offers. */
  methods: readonly string[];
  /** The networks served (GET /config). */
  networks: readonly NetworkInfo[];
  onFilter: (event: FilterEvent) => void;
}

/** RPC Metrics' filters, each labelled: the range, the API key, the network and the method. */
export function MetricsFilters({ filters, keys, methods, networks, onFilter }: MetricsFiltersProps) {
  const isServed = (value: string | null) => networks.some((network) => network.name === value);
  const isNetworkChoice = (value: string | null): value is string => value === ALL_NETWORKS || isServed(value);
  // A chosen key or method stays offered even when the list no longer holds it (a deleted key, a quiet method).
  const keyChoices =
    filters.keyId === null || keys.some((key) => key.id === filters.keyId)
      ? keys
      : [...keys, { id: filters.keyId, name: `Key ${filters.keyId}` }];
  const methodChoices = filters.method === null || methods.includes(filters.method) ? methods : [...methods, filters.method];
  return (
    <Flex gap="4" wrap="wrap" align="flex-end">
      <SegmentSwitch
        label="Time range"
        layout="field"
        items={RANGE_OPTIONS}
        value={filters.range}
        isValue={isRange}
        onChange={(range) => onFilter({ type: 'metrics.range', range })}
      />
      <SegmentSwitch
        label="Network"
        layout="field"
        items={[{ value: ALL_NETWORKS, label: 'All' }, ...networks.map((network) => ({ value: network.name, label: network.label }))]}
        value={filters.network ?? ALL_NETWORKS}
        isValue={isNetworkChoice}
        onChange={(value) => onFilter({ type: 'metrics.network', network: isServed(value) ? value : null })}
      />
      <FilterSelect
        label="API key"
        value={filters.keyId === null ? ALL : String(filters.keyId)}
        onChange={(value) => onFilter({ type: 'metrics.key', keyId: value === ALL ? null : Number(value) })}
      >
        <option value={ALL}>All keys</option>
        {keyChoices.map((key) => (
          <option key={key.id} value={String(key.id)}>
            {key.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Method"
        value={filters.method ?? ALL}
        onChange={(value) => onFilter({ type: 'metrics.method', method: value === ALL ? null : value })}
      >
        <option value={ALL}>All methods</option>
        {methodChoices.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </FilterSelect>
    </Flex>
  );
}
