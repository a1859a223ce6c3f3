import { useRef } from 'react';
import { Box, Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { requestLogMachine } from '@machines/request-log';
import * as log from '@machines/request-log.selectors';
import type { RequestLogActors } from '@/api/request-log-calls';
import { useFlowActor } from '@/hooks/inspection';
import { PagedListBody } from '@/components/paged-list-body';
import { ModalDialog } from '@/components/modal-dialog';
import { RequestLogFilters } from './request-log-filters';
import { RequestLogTable } from './request-log-table';

interface RequestLogPanelProps {
  keys: ReadonlyArray<{ id: number; name: string }>;
  /** The key shown first. */
  keyId: number;
  actors: RequestLogActors;
  /** Names the table (the id of the section's heading). */
  labelledBy: string;
}

/**
 * The request log on a paid plan: the filters, the key's switch and the table of
 * machines/request-log.ts, which owns the filters, the pages and the switch.
 */
export function RequestLogPanel({ keys, keyId, actors, labelledBy }: RequestLogPanelProps) {
  const requestLog = useFlowActor(requestLogMachine.provide({ actors }), { input: { keyId } });
  const view = useSelector(requestLog, log.selectView);
  const filters = useSelector(requestLog, log.selectFilters);
  const entries = useSelector(requestLog, log.selectEntries);
  const enabled = useSelector(requestLog, log.selectEnabled);
  const error = useSelector(requestLog, log.selectError);
  const hasMore = useSelector(requestLog, log.selectHasMore);
  const loadingMore = useSelector(requestLog, log.selectLoadingMore);
  const canLoadMore = useSelector(requestLog, log.selectCanLoadMore);
  const confirmingOff = useSelector(requestLog, log.selectConfirmingOff);
  const saving = useSelector(requestLog, log.selectSaving);
  const canSwitch = useSelector(requestLog, log.selectCanSwitch);
  const locked = useSelector(requestLog, log.selectFiltersLocked);
  const emptyText = useSelector(requestLog, log.selectEmptyText);
  const announcement = useSelector(requestLog, log.selectAnnouncement);
  const cancel = useRef<HTMLButtonElement>(null);
  const send = requestLog.send;
  const keyName = keys.find((key) => key.id === filters.keyId)?.name ?? `Key ${filters.keyId}`;

  return (
    <Stack gap="6">
      <RequestLogFilters
        filters={filters}
        keys={keys}
        locked={locked}
        onFilter={(event) => send(event)}
        enabled={enabled}
        canSwitch={canSwitch}
        onSwitch={() => send({ type: 'log.switch' })}
      />
      <Text role="status" srOnly>
        {saving ? 'Saving the switch...' : announcement}
      </Text>
      <Box minW="0">
        <PagedListBody
          view={view}
          loadingLabel="Loading the request log..."
          error={error}
          onRetry={() => send({ type: 'log.retry' })}
          isEmpty={entries.length === 0}
          emptyText={emptyText}
          hasMore={hasMore}
          canLoadMore={canLoadMore}
          loadingMore={loadingMore}
          onMore={() => send({ type: 'log.more' })}
        >
          <RequestLogTable entries={entries} keyId={filters.keyId} labelledBy={labelledBy} />
        </PagedListBody>
      </Box>
      <ModalDialog
        role="alertdialog"
        open={confirmingOff}
        title="Turn off the request log?"
        busy={false}
        onCancel={() => send({ type: 'log.cancel' })}
        initialFocusEl={() => cancel.current}
        footer={
          <>
            <Button ref={cancel} variant="outline" onClick={() => send({ type: 'log.cancel' })}>
              Cancel
            </Button>
            <Button colorPalette="red" onClick={() => send({ type: 'log.confirm' })}>
              Turn off and delete
            </Button>
          </>
        }
      >
        <Dialog.Description>
          Turning off the request log of {keyName} deletes the calls it holds. Calls made while it is off are not logged.
        </Dialog.Description>
      </ModalDialog>
    </Stack>
  );
}
