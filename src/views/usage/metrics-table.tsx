import { Table } from '@chakra-ui/react';
import {
  StackedTableHead,
  type StackedColumn,
  cellLabel,
  stackedBody,
  stackedCell,
  stackedRow,
  stackedTable,
} from '@/components/stacked-table';

export interface MetricsTableRow {
  key: string;
  /** The row's name (a bucket, a method) then its figures, in the columns' order. */
  cells: readonly string[];
}

interface MetricsTableProps {
  /** The table's name (the chart's title and 'table'). */
  label: string;
  /** The first column names the row; the others hold figures. */
  columns: readonly StackedColumn[];
  rows: readonly MetricsTableRow[];
  /** The rows' name is a method (monospace, wraps anywhere). */
  mono?: boolean;
}

/**
 * A chart's data as a table (its "Table view"), in the stacked pattern of src/components/stacked-table.tsx:
 * a table from `lg`, below it one card per row whose figures carry their column's name.
 */
export function MetricsTable({ label, columns, rows, mono = false }: MetricsTableProps) {
  return (
    <Table.Root role="table" size="sm" aria-label={label} {...stackedTable}>
      <StackedTableHead columns={columns} />
      <Table.Body role="rowgroup" {...stackedBody}>
        {rows.map(({ key, cells }) => (
          <Table.Row key={key} role="row" {...stackedRow}>
            {cells.map((text, index) =>
              index === 0 ? (
                <Table.Cell
                  key={columns[index]?.name ?? index}
                  role="rowheader"
                  {...stackedCell}
                  fontFamily={mono ? 'mono' : undefined}
                  fontWeight={{ base: 'semibold', lg: 'normal' }}
                  // A method's name may break anywhere; a bucket's date stays whole.
                  overflowWrap={mono ? 'anywhere' : undefined}
                  whiteSpace={mono ? undefined : 'nowrap'}
                >
                  {text}
                </Table.Cell>
              ) : (
                <Table.Cell key={columns[index]?.name ?? index} role="cell" {...stackedCell} textAlign={{ lg: 'end' }}>
                  {cellLabel(columns[index]?.name ?? '')}
                  {text}
                </Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
