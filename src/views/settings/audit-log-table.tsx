import { Table, Text } from '@chakra-ui/react';
import type { AuditEntry } from '@machines/audit-log.types';
import { StackedTableHead, cellLabel, stackedBody, stackedCell, stackedRow, stackedTable } from '@/components/stacked-table';
import { auditActionLabel, describeChanges } from '@/domain/audit-log';
import { actorLabel, targetLabel } from '@/domain/audit-log-view';
import { timeLabel } from '@/domain/request-log';

const columns = [{ name: 'Time (UTC)' }, { name: 'Who' }, { name: 'Change' }, { name: 'What changed' }, { name: 'Address' }] as const;

interface AuditLogTableProps {
  entries: readonly AuditEntry[];
  /** Names the table (the id of the section's heading). */
  labelledBy: string;
}

/** The project's changes, newest first; below `lg` each change is a stacked card (as the request log). */
export function AuditLogTable({ entries, labelledBy }: AuditLogTableProps) {
  return (
    <Table.Root role="table" aria-labelledby={labelledBy} size="sm" {...stackedTable}>
      <StackedTableHead columns={columns} />
      <Table.Body role="rowgroup" {...stackedBody}>
        {entries.map((entry) => {
          const { time, day } = timeLabel(entry.at);
          return (
            <Table.Row key={entry.id} role="row" {...stackedRow}>
              <Table.Cell role="cell" {...stackedCell} fontSize="xs" whiteSpace="nowrap">
                {cellLabel('Time (UTC)')}
                <Text as="span">{time}</Text>{' '}
                <Text as="span" display={{ base: 'inline', lg: 'block' }} color="fg.muted">
                  {day}
                </Text>
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell} wordBreak="break-all">
                {cellLabel('Who')}
                {actorLabel(entry.actor)}
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell}>
                {cellLabel('Change')}
                {auditActionLabel(entry.action)}
                <Text as="span" display="block" fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                  {targetLabel(entry.target)}
                </Text>
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell} fontSize="xs" overflowWrap="anywhere">
                {cellLabel('What changed')}
                {describeChanges(entry.changes)}
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell} fontSize="xs" whiteSpace="nowrap">
                {cellLabel('Address')}
                {entry.clientAddress ?? '—'}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
