import { useCallback, useRef } from 'react';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { selectCurrentRole } from '@machines/acting-project.selectors';
import { selectUser } from '@machines/auth';
import { useUserPlan } from '@/api/billing-calls';
import { type ListApiKeys, listApiKeys, refreshKeyData } from '@/api/key-calls';
import { useApiKeys } from '@/api/use-api-keys';
import { useActingProject, useOpensHref } from '@/hooks/acting-project';
import { AuthActor } from '@/hooks/auth-actor';
import { useFocusAfterEvent } from '@/hooks/use-focus-after';
import { usePageTitle } from '@/hooks/use-page-title';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { KEYS_LOADING, countedKeys } from '@/domain/key-list';
import { changesKeys, keysReadOnlyText } from '@/domain/roles';
import { paths } from '@/domain/paths';
import { GenerateKey } from './generate-key';
import { KeyTable } from './key-table';
import { KeyListUnavailable } from './key-list-unavailable';
import { type KeysPageActors, keysPageActors } from './keys-page-actors';
import { PlaygroundCard } from './playground-card';
import { RpcUrlCard } from './rpc-url-card';

/** The plan changes only through billing, which refreshes it; no need to refetch it on every visit. */
const PLAN_STALE_MS = 30_000;
const TITLE = 'API Keys & Endpoints';

export interface KeysPageProps {
  /** The machines' effects; the real calls and clipboard unless a test brings its own. */
  actors?: KeysPageActors;
  /** How the key list is fetched into the cache; GET /apiKeys with its 10 s time-out unless a test brings its own. */
  listKeys?: ListApiKeys;
}

/** /keys (SPEC.md "/keys API Keys & Endpoints"). */
export default function KeysPage({ actors = keysPageActors, listKeys = listApiKeys }: KeysPageProps) {
  usePageTitle(TITLE);
  const user = AuthActor.useSelector(selectUser);
  const { keys, failed, refreshing, retry } = useApiKeys(user?.apiKey, listKeys);
  const plan = useUserPlan({ staleTime: PLAN_STALE_MS });
  // A Viewer reads the keys (secrets masked by the server) and changes none of them.
  const role = useActingProject(selectCurrentRole, null);
  const readOnly = !changesKeys(role);
  const opens = useOpensHref();
  const queryClient = useQueryClient();
  const auth = AuthActor.useActorRef();
  // The session's user too: User.apiKey (the oldest key left) is the fallback key and the navbar's.
  const keysChanged = useCallback(() => {
    void refreshKeyData(queryClient);
    auth.send({ type: 'auth.refresh' });
  }, [queryClient, auth]);
  // A deleted row takes its focused button with it: the focus goes to the table's heading.
  // Once the row and its dialog have left the page (after the render the deletion causes), so the
  // dialog's focus trap cannot take the focus back.
  const keysHeading = useRef<HTMLHeadingElement>(null);
  const rowDeleted = useFocusAfterEvent(keysHeading);

  const header = <PageHeader title={TITLE} description="The keys that authenticate your RPC calls, and the URL to call." />;
  if (keys === undefined) {
    return (
      <>
        {header}
        <LoadingScreen label={KEYS_LOADING} />
      </>
    );
  }

  return (
    <>
      {header}
      <Stack gap="6">
        {opens(paths.rpcTesting) ? <PlaygroundCard /> : null}
        <Card.Root as="section" aria-labelledby="api-keys-heading">
          <Card.Body>
            <Stack gap="5">
              <Heading id="api-keys-heading" ref={keysHeading} tabIndex={-1} as="h2" size="md" outline="none">
                API Keys
              </Heading>
              {failed ? <KeyListUnavailable hasKey={keys.length > 0} onRetry={retry} /> : null}
              {readOnly && role !== null ? (
                <Text color="fg.muted">{keysReadOnlyText(role)}</Text>
              ) : plan.data ? (
                <GenerateKey
                  count={countedKeys({ keys, failed })}
                  maxKey={plan.data.maxKey}
                  busy={refreshing}
                  actors={actors.generator}
                  onKeysChanged={keysChanged}
                />
              ) : plan.isError ? (
                <Stack gap="2" align="flex-start">
                  <ErrorAlert message="Your plan's key limit could not be loaded." />
                  <Button size="sm" variant="outline" onClick={() => void plan.refetch()}>
                    Retry
                  </Button>
                </Stack>
              ) : (
                <Text color="fg.muted">Loading your plan...</Text>
              )}
              {keys.length > 0 ? (
                <KeyTable
                  keys={keys}
                  actors={actors}
                  readOnly={readOnly}
                  onKeysChanged={keysChanged}
                  onDeleted={rowDeleted}
                  labelledBy="api-keys-heading"
                />
              ) : (
                <Text color="fg.muted">You have no API keys yet. Generate one to call the RPC endpoints.</Text>
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
        {/* A masked secret makes no URL: a member who reads the keys masked gets the placeholder. */}
        <RpcUrlCard apiKey={readOnly ? null : (keys[0]?.key ?? null)} clipboard={actors.clipboard} />
      </Stack>
    </>
  );
}
