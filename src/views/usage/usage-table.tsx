import { useId } from 'react';
import { Stack, Table, Text } from '@chakra-ui/react';
import type { UsageGroupBy, UsageReport } from '@/api/usage-queries';
import { StackedTableHead, cellLabel, stackedBody, stackedCell, stackedRow, stackedTable } from '@/components/stacked-table';
import { formatLimit } from '@/domain/plan-display';
import { spentRows } from '@/domain/usage-rows';
import { usageTypeLabel } from './usage-format';

/** SPEC.md "Usage / Metrics": what the breakdown shows when nothing was metered in the range. */
export const NO_USAGE = 'No usage data found.';

/** What the rows count (and what they leave out), under the table. */
export const USAGE_TABLE_NOTE = 'Calls answered by a node. Rate-limited and refused calls cost no credits; RPC Metrics counts them.';

interface UsageTableProps {
  groupBy: UsageGroupBy;
  rows: UsageReport['rows'];
  /** A newer report is on its way (the rows are the previous filters'). */
  updating: boolean;
}

/**
 * The breakdown rows: name, requests, credits — of answered calls only (see `spentRows`). The
 * key table's stacked pattern (src/components/stacked-table.tsx): a table from `lg`, below it one
 * card per row whose figures carry their column's name, so every column reads on a phone. The note
 * sits under it as text the table points to (a caption would be clipped by a narrow card).
 */
export function UsageTable({ groupBy, rows: reported, updating }: UsageTableProps) {
  const noteId = useId();
  const rows = spentRows(reported);
  if (rows.length === 0) {
    return (
      <Text py="6" textAlign="center" color="fg.muted" aria-busy={updating}>
        {NO_USAGE}
      </Text>
    );
  }
  const nameHeader = groupBy === 'method' ? 'Method' : 'Usage Type';
  const figure = { textAlign: { lg: 'end' } } as const;
  return (
    <Stack gap="3">
      <Table.Root
        role="table"
        size="sm"
        aria-label="Usage breakdown"
        aria-describedby={noteId}
        aria-busy={updating}
        opacity={updating ? 0.6 : 1}
        {...stackedTable}
      >
        <StackedTableHead columns={[{ name: nameHeader }, { name: 'Requests', align: 'end' }, { name: 'Credits', align: 'end' }]} />
        <Table.Body role="rowgroup" {...stackedBody}>
          {rows.map((row) => (
            <Table.Row key={row.name} role="row" {...stackedRow}>
              <Table.Cell
                role="cell"
                {...stackedCell}
                fontFamily={groupBy === 'method' ? 'mono' : undefined}
                fontWeight={{ base: 'semibold', lg: 'normal' }}
                overflowWrap="anywhere"
              >
                {groupBy === 'method' ? row.name : usageTypeLabel(row.usageType)}
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell} {...figure}>
                {cellLabel('Requests')}
                {formatLimit(row.requests)}
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell} {...figure}>
                {cellLabel('Credits')}
                {formatLimit(row.credits)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text id={noteId} fontSize="sm" color="fg.muted">
        {USAGE_TABLE_NOTE}
      </Text>
    </Stack>
  );
}
