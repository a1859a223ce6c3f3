import { Table } from '@chakra-ui/react';
import type { KeyView } from '@/domain/key-list';
import { KeyRow } from './key-row';
import type { KeysPageActors } from './keys-page-actors';
import { StackedTableHead, stackedBody, stackedTable } from '@/components/stacked-table';

interface KeyTableProps {
  keys: readonly KeyView[];
  actors: Pick<KeysPageActors, 'keyRow' | 'keyRules' | 'keyLifecycle' | 'clipboard'>;
  /** The member's role only reads the keys: no changes, no Show or Copy of a masked secret. */
  readOnly: boolean;
  onKeysChanged: () => void;
  onDeleted: () => void;
  /** Names the table (the id of the card's heading). */
  labelledBy: string;
}

const columns = ['Name', 'API key', 'Created', 'Actions'] as const;

/** The user's keys, one machine per row (SPEC.md "/keys": the API key table). */
export function KeyTable({ keys, actors, readOnly, onKeysChanged, onDeleted, labelledBy }: KeyTableProps) {
  return (
    <Table.Root role="table" aria-labelledby={labelledBy} size="sm" {...stackedTable}>
      <StackedTableHead columns={columns.map((name) => ({ name, align: name === 'Actions' ? 'end' : 'start' }))} />
      <Table.Body role="rowgroup" {...stackedBody}>
        {keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} actors={actors} readOnly={readOnly} onKeysChanged={onKeysChanged} onDeleted={onDeleted} />
        ))}
      </Table.Body>
    </Table.Root>
  );
}
