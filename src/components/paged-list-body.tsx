import type { ReactNode } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from './error-alert';
import { LoadingScreen } from './loading-screen';

interface PagedListBodyProps {
  /** The first page's spinner, its failure, or the pages. */
  view: 'loading' | 'failed' | 'shown';
  loadingLabel: string;
  /** Why the last fetch failed; shown above the pages when a next page failed. */
  error: string | null;
  onRetry: () => void;
  /** Whether the pages hold anything; when not, `emptyText` stands for the table. */
  isEmpty: boolean;
  emptyText: string;
  /** A next page exists: Load more is shown (disabled while it cannot be asked for). */
  hasMore: boolean;
  canLoadMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** The table of the pages. */
  children: ReactNode;
}

/** The body of a list loaded a page at a time (the request log, the audit log): spinner, failure with Retry, empty text, table, Load more. */
export function PagedListBody(props: PagedListBodyProps) {
  const { view, error, isEmpty, hasMore, loadingMore } = props;
  if (view === 'loading') return <LoadingScreen label={props.loadingLabel} />;
  if (view === 'failed')
    return (
      <Stack gap="3" align="flex-start">
        <ErrorAlert message={error ?? ''} />
        <Button size="sm" variant="outline" onClick={props.onRetry}>
          Retry
        </Button>
      </Stack>
    );
  return (
    <Stack gap="4">
      {error === null ? null : <ErrorAlert message={error} />}
      {isEmpty ? (
        <Text py="6" textAlign="center" color="fg.muted">
          {props.emptyText}
        </Text>
      ) : (
        props.children
      )}
      {hasMore ? (
        <Button
          alignSelf="center"
          size="sm"
          variant="outline"
          onClick={props.onMore}
          disabled={!props.canLoadMore && !loadingMore}
          loading={loadingMore}
          loadingText="Loading more..."
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
