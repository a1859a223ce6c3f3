import { Button, Card, EmptyState, HStack, Heading, Table, Text } from '@chakra-ui/react';
import { StackedTableHead, cellLabel, stackedBody, stackedCell, stackedRow, stackedTable } from '@/components/stacked-table';
import { networkLabel } from '@/domain/networks';
import { useNetworks } from '@/hooks/use-networks';
import { WEBHOOK_TYPE_LABELS, type WebhookRow, txnTypesText } from '@/domain/webhook-form';
import { NEW_WEBHOOK_BUTTON, NO_WEBHOOKS_YET } from './webhook-texts';

interface MyWebhooksCardProps {
  webhooks: readonly WebhookRow[];
  onEdit: (webhook: WebhookRow) => void;
  onDelete: (webhook: WebhookRow) => void;
}

const HEADING_ID = 'my-webhooks-heading';
/** SPEC.md "Webhooks": the table's columns. */
const columns = ['ID', 'URL', 'Txn Types', 'Accounts', 'Type', 'Network', 'Actions'] as const;

/** SPEC.md "Webhooks": My Webhooks — the table (cards on a phone), or its empty state. */
export function MyWebhooksCard({ webhooks, onEdit, onDelete }: MyWebhooksCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          My Webhooks
        </Heading>
      </Card.Header>
      <Card.Body>
        {webhooks.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="lg" bg="bg.subtle" size="sm">
            <EmptyState.Content>
              <EmptyState.Title as="p">{NO_WEBHOOKS_YET}</EmptyState.Title>
              <EmptyState.Description color="fg.muted">
                Choose {NEW_WEBHOOK_BUTTON} to pick a network, the transaction types and the addresses to watch.
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <WebhooksTable webhooks={webhooks} onEdit={onEdit} onDelete={onDelete} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WebhooksTable({ webhooks, onEdit, onDelete }: MyWebhooksCardProps) {
  const networks = useNetworks();
  return (
    <Table.Root role="table" aria-labelledby={HEADING_ID} size="sm" {...stackedTable}>
      <StackedTableHead columns={columns.map((name) => ({ name, align: name === 'Actions' ? 'end' : 'start' }))} />
      <Table.Body role="rowgroup" {...stackedBody}>
        {webhooks.map((webhook) => (
          <Table.Row key={webhook.id} role="row" {...stackedRow}>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('ID')}
              <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
                {webhook.id}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('URL')}
              <Text as="span" wordBreak="break-all">
                {webhook.url}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('Txn Types')}
              {txnTypesText(webhook.txnTypes)}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('Accounts')}
              {webhook.accounts.length}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('Type')}
              {WEBHOOK_TYPE_LABELS[webhook.type]}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell}>
              {cellLabel('Network')}
              {networkLabel(networks, webhook.network)}
            </Table.Cell>
            <Table.Cell role="cell" {...stackedCell} textAlign={{ lg: 'end' }}>
              <HStack gap="2" justify={{ base: 'flex-start', lg: 'flex-end' }}>
                <Button size="xs" variant="outline" aria-label={`Edit webhook ${webhook.id}`} onClick={() => onEdit(webhook)}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Delete webhook ${webhook.id}`}
                  onClick={() => onDelete(webhook)}
                >
                  Delete
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
