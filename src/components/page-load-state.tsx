import type { ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { failureIn } from '@/domain/call-failure';
import { failureMessage, type PageLoad } from '@/domain/failure-message';
import { ErrorAlert } from './error-alert';
import { LoadingScreen } from './loading-screen';

/** What this needs of a TanStack query (any result of useQuery fits). */
interface LoadStateQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface PageLoadStateProps {
  /** The screen's header, shown above the spinner or the failure so the page keeps its h1. */
  header: ReactNode;
  /** The queries the screen waits for. */
  queries: readonly LoadStateQuery[];
  loadingLabel: string;
  /** What the screen loads: the failure's text depends on it (failureMessage). */
  operation: PageLoad;
}

/**
 * A screen before its data is there: the spinner while any query loads, then the first failure's
 * message with Retry (which refetches the failed queries). The screen renders this while one of
 * its queries is pending or failed, and its content once they all answered.
 */
export function PageLoadState({ header, queries, loadingLabel, operation }: PageLoadStateProps) {
  const failed = queries.filter((query) => query.isError);
  const body =
    queries.some((query) => query.isPending) || failed.length === 0 ? (
      <LoadingScreen label={loadingLabel} />
    ) : (
      <Stack gap="3" align="flex-start">
        <ErrorAlert message={failureMessage(operation, failureIn(failed[0]?.error))} />
        <Button size="sm" variant="outline" onClick={() => void Promise.all(failed.map((query) => query.refetch()))}>
          Retry
        </Button>
      </Stack>
    );
  return (
    <>
      {header}
      {body}
    </>
  );
}
