import { useSearch } from 'wouter';
import { Tabs } from '@chakra-ui/react';
import { selectUser } from '@machines/auth';
import { type ListApiKeys, listApiKeys } from '@/api/key-calls';
import { useApiKeys } from '@/api/use-api-keys';
import { AuthActor } from '@/hooks/auth-actor';
import { usePageTitle } from '@/hooks/use-page-title';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { KEYS_LOADING } from '@/domain/key-list';
import { readPlaygroundSearch } from '@/domain/playground-link';
import { RpcPlayground } from './rpc-playground';
import { type RpcTestingActors, type SubscriptionTiming, rpcTestingActors } from './rpc-testing-actors';
import { SubscriptionPlayground } from './subscription-playground';

const TITLE = 'RPC Testing';

export interface RpcTestingPageProps {
  /** The machines' effects; the real gateway call, WebSocket and clipboard unless a test brings its own. */
  actors?: RpcTestingActors;
  /** How the key list is fetched into the cache; GET /apiKeys unless a test brings its own. */
  listKeys?: ListApiKeys;
  /** The subscription's clock and tries; the real ones unless a test brings its own. */
  subscriptionTiming?: SubscriptionTiming;
}

/**
 * /rpc-testing (SPEC.md "/rpc-testing"): try JSON-RPC methods with the user's first key, over HTTP
 * or as a subscription over the gateway's WebSocket. The subscription tab mounts when first opened
 * and stays mounted, so a subscription keeps running while the HTTP tab is shown. A link may fill
 * in a call (?key=&network=&method=&params=, the request log's "Open in playground"): checked by
 * readPlaygroundSearch, whatever does not check out is left at the default.
 */
export default function RpcTestingPage({ actors = rpcTestingActors, listKeys = listApiKeys, subscriptionTiming }: RpcTestingPageProps) {
  usePageTitle(TITLE);
  const user = AuthActor.useSelector(selectUser);
  const { keys } = useApiKeys(user?.apiKey, listKeys);
  const search = useSearch();
  const prefill = readPlaygroundSearch(search);
  const header = <PageHeader title={TITLE} description="Call any JSON-RPC method with your key and see what the node answers." />;

  if (keys === undefined) {
    return (
      <>
        {header}
        <LoadingScreen label={KEYS_LOADING} />
      </>
    );
  }
  const apiKey = (keys.find((key) => key.id === prefill.keyId) ?? keys[0])?.key ?? null;
  return (
    <>
      {header}
      <Tabs.Root defaultValue="http" lazyMount variant="line">
        <Tabs.List aria-label="Playground mode" mb="6">
          <Tabs.Trigger value="http">HTTP request</Tabs.Trigger>
          <Tabs.Trigger value="subscription">Subscription (WebSocket)</Tabs.Trigger>
        </Tabs.List>
        {/* A different key (deleted elsewhere, say) or another link's call starts fresh playgrounds. */}
        <Tabs.Content value="http" p="0">
          <RpcPlayground key={`${apiKey ?? 'no key'} ${search}`} apiKey={apiKey} prefill={prefill} actors={actors} />
        </Tabs.Content>
        <Tabs.Content value="subscription" p="0">
          <SubscriptionPlayground key={apiKey ?? 'no key'} apiKey={apiKey} actors={actors} timing={subscriptionTiming} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
