import { Table, Text } from '@chakra-ui/react';

/**
 * A table that is a real table from the `lg` breakpoint; below it every row is a stacked card, so
 * nothing scrolls sideways at 390 px. Changing `display` can strip a table's semantics in some
 * browsers, hence the explicit ARIA roles on every part (role="table", "row", "cell"...).
 */
export const stackedTable = {
  display: { base: 'block', lg: 'table' },
} as const;

export const stackedHead = {
  // Column headers only make sense side by side; the cards label their cells instead.
  display: { base: 'none', lg: 'table-header-group' },
} as const;

export const stackedBody = {
  display: { base: 'flex', lg: 'table-row-group' },
  flexDirection: 'column',
  gap: '3',
} as const;

export const stackedRow = {
  display: { base: 'grid', lg: 'table-row' },
  gap: '3',
  borderWidth: { base: '1px', lg: '0' },
  rounded: { base: 'lg', lg: 'none' },
  p: { base: '4', lg: '0' },
} as const;

export const stackedCell = {
  display: { base: 'block', lg: 'table-cell' },
  borderBottomWidth: { base: '0', lg: '1px' },
  px: { base: '0', lg: '3' },
  py: { base: '0', lg: '3' },
  verticalAlign: 'top',
} as const;

/**
 * A cell's label on a stacked card. It is read out with the cell, since below `lg` the column
 * headers are not displayed (so not read either); from `lg` on the header says it and the label
 * is not displayed, so it is never read twice.
 */
export function cellLabel(text: string) {
  return (
    <Text as="span" display={{ base: 'inline', lg: 'none' }} fontWeight="medium" color="fg" me="2">
      {text}:
    </Text>
  );
}

/** A column of a stacked table's header: its name, and `end` for a column of figures or actions. */
export interface StackedColumn {
  readonly name: string;
  readonly align?: 'start' | 'end';
}

/** The header row of a stacked table: shown from `lg` on, where the cards become rows. */
export function StackedTableHead({ columns }: { readonly columns: readonly StackedColumn[] }) {
  return (
    <Table.Header role="rowgroup" {...stackedHead}>
      <Table.Row role="row">
        {columns.map(({ name, align = 'start' }) => (
          <Table.ColumnHeader key={name} role="columnheader" textAlign={align}>
            {name}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
