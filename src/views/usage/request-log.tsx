import { Card, Heading, Text } from '@chakra-ui/react';
import { useApiKeyList } from '@/api/key-calls';
import { type RequestLogActors, requestLogActors } from '@/api/request-log-calls';
import { PageLoadState } from '@/components/page-load-state';
import { UpgradeLock } from '@/components/upgrade-lock';
import { RequestLogPanel } from './request-log-panel';

interface RequestLogProps {
  /** False on Free (the request log needs a paid plan, as RPC Metrics). */
  unlocked: boolean;
  /** GET /apiKeys/{id}/requests and PUT /apiKeys/{id}/requestLog: the real calls unless a test brings its own. */
  actors?: RequestLogActors;
}

const HEADING_ID = 'request-log-heading';

/** The request log of /usage: a key's calls of the last 24 hours, and the way to run one again in the playground. */
export function RequestLog({ unlocked, actors = requestLogActors }: RequestLogProps) {
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} minW="0">
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Request Log
        </Heading>
        {unlocked ? <Text color="fg.muted">Each call of one key over the last 24 hours, newest first.</Text> : null}
      </Card.Header>
      <Card.Body>
        {unlocked ? (
          <KeysThenLog actors={actors} />
        ) : (
          <UpgradeLock>
            The request log (each call of your keys over the last 24 hours) is available on paid plans. Upgrade to see and replay your
            calls.
          </UpgradeLock>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The log waits for the key list (its key picker); without a key there is nothing to log. */
function KeysThenLog({ actors }: { actors: RequestLogActors }) {
  const keys = useApiKeyList();
  if (keys.isPending || keys.isError) {
    return <PageLoadState header={null} queries={[keys]} loadingLabel="Loading your API keys..." operation="loadRequestLog" />;
  }
  const first = keys.data[0];
  if (first === undefined) {
    return (
      <Text py="6" textAlign="center" color="fg.muted">
        You have no API key: create one to see its calls here.
      </Text>
    );
  }
  return <RequestLogPanel keys={keys.data} keyId={first.id} actors={actors} labelledBy={HEADING_ID} />;
}
