import { Button, Checkbox, Field, Flex, HStack, Input } from '@chakra-ui/react';
import type { FilterEvent, RequestLogFilters as Filters } from '@machines/request-log.types';
import { FilterSelect } from '@/components/filter-select';
import { METERED_OUTCOMES, OUTCOME_LABELS, type MeteredOutcome } from '@/domain/call-outcomes';
import { METHOD_FILTER_MAX, methodFilterOf } from '@/domain/request-log';

/** The select's value for "all" (no filter sent). */
const ALL = '';

const isOutcome = (value: string): value is MeteredOutcome => METERED_OUTCOMES.some((outcome) => outcome === value);

interface RequestLogFiltersProps {
  filters: Filters;
  /** The user's keys, by server id. */
  keys: ReadonlyArray<{ id: number; name: string }>;
  /** While the switch is being saved. */
  locked: boolean;
  onFilter: (event: FilterEvent) => void;
  /** Whether the key logs its calls; null until known. */
  enabled: boolean | null;
  canSwitch: boolean;
  onSwitch: () => void;
}

/**
 * The request log's key, its method and outcome filters, and the key's switch. The method is typed
 * and applied with Enter or Apply (a name per keystroke would fetch a page per letter).
 */
export function RequestLogFilters({ filters, keys, locked, onFilter, enabled, canSwitch, onSwitch }: RequestLogFiltersProps) {
  return (
    <Flex gap="4" wrap="wrap" align="flex-end">
      <FilterSelect
        label="API key"
        value={String(filters.keyId)}
        disabled={locked}
        onChange={(value) => onFilter({ type: 'log.key', keyId: Number(value) })}
      >
        {keys.map((key) => (
          <option key={key.id} value={String(key.id)}>
            {key.name}
          </option>
        ))}
      </FilterSelect>
      <HStack asChild align="flex-end" gap="2" w={{ base: 'full', sm: 'auto' }}>
        <form
          aria-label="Method filter"
          onSubmit={(event) => {
            event.preventDefault();
            const text = new FormData(event.currentTarget).get('method');
            onFilter({ type: 'log.method', method: methodFilterOf(typeof text === 'string' ? text : '') });
          }}
        >
          <Field.Root minW="0" flex="1" disabled={locked}>
            <Field.Label fontSize="sm">Method</Field.Label>
            <Input
              name="method"
              size="sm"
              w={{ base: 'full', sm: '48' }}
              fontFamily="mono"
              placeholder="All methods"
              maxLength={METHOD_FILTER_MAX}
              defaultValue={filters.method ?? ''}
              autoComplete="off"
              spellCheck={false}
            />
          </Field.Root>
          <Button type="submit" size="sm" variant="outline" disabled={locked}>
            Apply
          </Button>
        </form>
      </HStack>
      <FilterSelect
        label="Outcome"
        value={filters.outcome ?? ALL}
        disabled={locked}
        onChange={(value) => onFilter({ type: 'log.outcome', outcome: isOutcome(value) ? value : null })}
      >
        <option value={ALL}>All outcomes</option>
        {METERED_OUTCOMES.map((outcome) => (
          <option key={outcome} value={outcome}>
            {OUTCOME_LABELS[outcome]}
          </option>
        ))}
      </FilterSelect>
      {/* The machine decides the position (turning off asks first): a click never flips the box itself. */}
      <Checkbox.Root checked={enabled === true} disabled={!canSwitch} colorPalette="blue" pb="2">
        <Checkbox.HiddenInput
          onClick={(event) => {
            event.preventDefault();
            onSwitch();
          }}
        />
        <Checkbox.Control />
        <Checkbox.Label>Log this key's calls</Checkbox.Label>
      </Checkbox.Root>
    </Flex>
  );
}
