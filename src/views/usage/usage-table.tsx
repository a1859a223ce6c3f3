import { Table, Text } from '@chakra-ui/react';
import type { UsageGroupBy, UsageReport } from '@/api/usage-queries';
import { formatLimit } from '@/domain/plan-display';
import { spentRows } from '@/domain/usage-rows';
import { usageTypeLabel } from './usage-format';

/** SPEC.md "Usage / Metrics": what the breakdown shows when nothing was metered in the range. */
export const NO_USAGE = 'No usage data found.';

interface UsageTableProps {
  groupBy: UsageGroupBy;
  rows: UsageReport['rows'];
  /** A newer report is on its way (the rows are the previous filters'). */
  updating: boolean;
}

/**
 * The breakdown rows: name, requests, credits — of answered calls only (see `spentRows`). Three
 * columns stay readable on a 390 px screen.
 */
export function UsageTable({ groupBy, rows: reported, updating }: UsageTableProps) {
  const rows = spentRows(reported);
  if (rows.length === 0) {
    return (
      <Text py="6" textAlign="center" color="fg.muted" aria-busy={updating}>
        {NO_USAGE}
      </Text>
    );
  }
  const nameHeader = groupBy === 'method' ? 'Method' : 'Usage Type';
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Usage breakdown" aria-busy={updating} opacity={updating ? 0.6 : 1}>
        <Table.Caption captionSide="bottom" color="fg.muted" textAlign="start" px="3" py="2">
          Calls answered by a node. Rate-limited and refused calls cost no credits; RPC Metrics counts them.
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{nameHeader}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Requests</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Credits</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.name}>
              <Table.Cell fontFamily={groupBy === 'method' ? 'mono' : undefined} wordBreak="break-word">
                {groupBy === 'method' ? row.name : usageTypeLabel(row.usageType)}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatLimit(row.requests)}</Table.Cell>
              <Table.Cell textAlign="end">{formatLimit(row.credits)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
