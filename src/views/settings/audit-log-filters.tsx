import { Field, Flex, Input } from '@chakra-ui/react';
import type { AuditFilterEvent, AuditLogFilters as Filters } from '@machines/audit-log.types';
import { FilterSelect } from '@/components/filter-select';
import { AUDIT_GROUP_LABELS, AUDIT_GROUPS, type AuditGroup } from '@/domain/audit-log';

/** The select's value for "all" (no filter sent). */
const ALL = '';

const isGroup = (value: string): value is AuditGroup => AUDIT_GROUPS.some((group) => group === value);

interface AuditLogFiltersProps {
  filters: Filters;
  onFilter: (event: AuditFilterEvent) => void;
}

/** The audit log's filters: a group of actions, and the first and last day (UTC) shown. */
export function AuditLogFilters({ filters, onFilter }: AuditLogFiltersProps) {
  return (
    <Flex gap="4" wrap="wrap" align="flex-end">
      <FilterSelect
        label="Changes to"
        value={filters.group ?? ALL}
        onChange={(value) => onFilter({ type: 'audit.group', group: isGroup(value) ? value : null })}
      >
        <option value={ALL}>Everything</option>
        {AUDIT_GROUPS.map((group) => (
          <option key={group} value={group}>
            {AUDIT_GROUP_LABELS[group]}
          </option>
        ))}
      </FilterSelect>
      <DayField label="From (UTC)" value={filters.from} max={filters.to} onChange={(day) => onFilter({ type: 'audit.from', day })} />
      <DayField label="To (UTC)" value={filters.to} min={filters.from} onChange={(day) => onFilter({ type: 'audit.to', day })} />
    </Flex>
  );
}

interface DayFieldProps {
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange: (day: string | null) => void;
}

/** A labelled date input; cleared, it is no bound. */
function DayField({ label, value, min = null, max = null, onChange }: DayFieldProps) {
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }} minW="0">
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input
        type="date"
        size="sm"
        w={{ base: 'full', sm: '44' }}
        value={value ?? ''}
        {...(min === null ? {} : { min })}
        {...(max === null ? {} : { max })}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
      />
    </Field.Root>
  );
}
