import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { auditLogMachine } from '@machines/audit-log';
import * as log from '@machines/audit-log.selectors';
import { type AuditLogActors, auditLogActors } from '@/api/audit-log-calls';
import { PagedListBody } from '@/components/paged-list-body';
import { useFlowActor } from '@/hooks/inspection';
import { AuditLogFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';

interface AuditLogCardProps {
  /** GET /auditLog: the real call unless a test brings its own. */
  actors?: AuditLogActors;
}

const HEADING_ID = 'settings-audit-log-heading';

/** The project's audit log: who changed what and when, newest first, filtered (machines/audit-log.ts). */
export function AuditLogCard({ actors = auditLogActors }: AuditLogCardProps) {
  const auditLog = useFlowActor(auditLogMachine.provide({ actors }));
  const view = useSelector(auditLog, log.selectView);
  const filters = useSelector(auditLog, log.selectFilters);
  const entries = useSelector(auditLog, log.selectEntries);
  const error = useSelector(auditLog, log.selectError);
  const hasMore = useSelector(auditLog, log.selectHasMore);
  const canLoadMore = useSelector(auditLog, log.selectCanLoadMore);
  const loadingMore = useSelector(auditLog, log.selectLoadingMore);
  const emptyText = useSelector(auditLog, log.selectEmptyText);
  const send = auditLog.send;

  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} minW="0">
      <Card.Header gap="1">
        <Heading id={HEADING_ID} as="h2" size="lg">
          Audit Log
        </Heading>
        <Text color="fg.muted">
          Every change to your keys, access rules, members, project settings, plan and billing: who made it, when and from where. Kept for a
          year; entries cannot be changed.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <AuditLogFilters filters={filters} onFilter={(event) => send(event)} />
          <Box minW="0">
            <PagedListBody
              view={view}
              loadingLabel="Loading the audit log..."
              error={error}
              onRetry={() => send({ type: 'audit.retry' })}
              isEmpty={entries.length === 0}
              emptyText={emptyText}
              hasMore={hasMore}
              canLoadMore={canLoadMore}
              loadingMore={loadingMore}
              onMore={() => send({ type: 'audit.more' })}
            >
              <AuditLogTable entries={entries} labelledBy={HEADING_ID} />
            </PagedListBody>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
