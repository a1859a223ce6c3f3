import { Link } from 'wouter';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { RequestLogEntry } from '@machines/request-log.types';
import { JsonBox } from '@/components/json-box';
import { paths } from '@/domain/paths';
import { playgroundSearch } from '@/domain/playground-link';
import { RERUN_REFUSALS, rerunOf } from '@/domain/request-log';
import { useOpensHref } from '@/hooks/acting-project';

interface RequestLogRequestProps {
  entry: RequestLogEntry;
  /** The key the call was made with (its server id): the playground opens with it. */
  keyId: number;
}

/**
 * A logged call's request: its JSON on demand (a disclosure), and "Open in playground" with the
 * same key, network, method and params, or why it cannot be run again (a batch, cut at 2 KB...).
 */
export function RequestLogRequest({ entry, keyId }: RequestLogRequestProps) {
  const opens = useOpensHref();
  const rerun = rerunOf(entry);
  return (
    <Stack gap="2" align="flex-start" minW="0">
      <Box as="details" w="full" minW="0">
        <Box as="summary" cursor="pointer" fontSize="sm" color="fg.muted">
          Request JSON
        </Box>
        <Box mt="1">
          <JsonBox label={`Request JSON of the ${entry.method} call`} maxH="40" size="xs">
            {`${entry.request}${entry.requestTruncated ? '…' : ''}`}
          </JsonBox>
        </Box>
      </Box>
      {entry.requestTruncated ? (
        <Text fontSize="xs" color="fg.warning">
          Truncated at 2 KB
        </Text>
      ) : null}
      {rerun.ok ? (
        opens(paths.rpcTesting) ? (
          <Button asChild size="xs" variant="outline">
            <Link
              href={`${paths.rpcTesting}${playgroundSearch({ keyId, network: entry.network, method: rerun.method, params: rerun.params })}`}
            >
              Open in playground
            </Link>
          </Button>
        ) : null
      ) : rerun.reason === 'truncated' ? null : (
        <Text fontSize="xs" color="fg.muted">
          {RERUN_REFUSALS[rerun.reason]}
        </Text>
      )}
    </Stack>
  );
}
