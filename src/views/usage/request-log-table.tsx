import { Fragment } from 'react';
import { Badge, Table, Text } from '@chakra-ui/react';
import type { RequestLogEntry } from '@machines/request-log.types';
import { StackedTableHead, cellLabel, stackedBody, stackedCell, stackedRow, stackedTable } from '@/components/stacked-table';
import { OUTCOME_LABELS, refusalReason } from '@/domain/call-outcomes';
import { bytesLabel, latencyLabel, methodLabel, timeLabel } from '@/domain/request-log';
import { networkLabel } from '@/domain/networks';
import { useNetworks } from '@/hooks/use-networks';
import { RequestLogRequest } from './request-log-request';

const columns = [
  { name: 'Time (UTC)' },
  { name: 'Network' },
  { name: 'Method' },
  { name: 'Outcome' },
  { name: 'Latency', align: 'end' },
  { name: 'Credits', align: 'end' },
  { name: 'Size' },
  { name: 'Client' },
  { name: 'Request' },
] as const;

interface RequestLogTableProps {
  entries: readonly RequestLogEntry[];
  keyId: number;
  /** Names the table (the id of the section's heading). */
  labelledBy: string;
}

/** One key's calls, newest first; below `lg` each call is a stacked card (as the key table). */
export function RequestLogTable({ entries, keyId, labelledBy }: RequestLogTableProps) {
  const networks = useNetworks();
  return (
    <Table.Root role="table" aria-labelledby={labelledBy} size="sm" {...stackedTable}>
      <StackedTableHead columns={columns} />
      <Table.Body role="rowgroup" {...stackedBody}>
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and may share a millisecond; pages only grow at the end.
          <Table.Row key={`${entry.at}-${index}`} role="row" {...stackedRow}>
            <Table.Cell role="cell" {...stackedCell} fontSize="xs" whiteSpace="nowrap">
              {cellLabel('Time (UTC)')}
              <TimeOfCall at={entry.at} />
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('Network')}
              {networkLabel(networks, entry.network)}
              {entry.transport === 'websocket' ? (
                <>
                  {' '}
                  <Badge colorPalette="purple" variant="outline" size="sm">
                    WebSocket
                  </Badge>
                </>
              ) : null}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell} fontFamily="mono" fontSize="xs" overflowWrap="break-word">
              {cellLabel('Method')}
              <Breakable text={methodLabel(entry.method, entry.calls)} />
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('Outcome')}
              <Badge colorPalette={entry.outcome === 'answered' ? 'green' : 'red'} variant="subtle" whiteSpace="normal">
                {OUTCOME_LABELS[entry.outcome]}
              </Badge>{' '}
              <Text as="span" fontSize="xs" color="fg.muted">
                HTTP {entry.status}
              </Text>
              <RefusalReason entry={entry} />
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell} textAlign={{ base: 'start', lg: 'end' }} whiteSpace="nowrap">
              {cellLabel('Latency')}
              {latencyLabel(entry.latencyMs)}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell} textAlign={{ base: 'start', lg: 'end' }}>
              {cellLabel('Credits')}
              {entry.credits}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell} whiteSpace="nowrap" fontSize="xs">
              {cellLabel('Size')}
              {bytesLabel(entry.requestBytes)} / {bytesLabel(entry.answerBytes)}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell} fontSize="xs">
              {cellLabel('Client')}
              <Text as="span" whiteSpace="nowrap">
                {entry.clientAddress}
              </Text>{' '}
              {/* An Origin is one long word: it breaks anywhere rather than widen the table. */}
              <Text as="span" display={{ base: 'inline', lg: 'block' }} color="fg.muted" wordBreak="break-all">
                {entry.origin === null ? 'No Origin' : `Origin ${entry.origin}`}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell} minW="0">
              <RequestLogRequest entry={entry} keyId={keyId} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Why a refused call was refused (src/domain/call-outcomes.ts); nothing for the others. */
function RefusalReason({ entry }: { entry: RequestLogEntry }) {
  const reason = refusalReason(entry.outcome, entry.accessRefusal);
  if (reason === null) return null;
  return (
    <Text as="span" display="block" fontSize="xs" color="fg.muted" mt="1">
      {reason}
    </Text>
  );
}

/** The time to the second, the day after it (below it from `lg`, where the column is narrow). */
function TimeOfCall({ at }: { at: string }) {
  const { time, day } = timeLabel(at);
  return (
    <>
      <Text as="span">{time}</Text>{' '}
      <Text as="span" display={{ base: 'inline', lg: 'block' }} color="fg.muted">
        {day}
      </Text>
    </>
  );
}

/** A method name that may wrap after each '_' (eth_ / getBalance) rather than anywhere in a word. */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=_)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
