import { useSearch } from 'wouter';
import { Stack, Tabs } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectUser } from '@machines/auth';
import * as rpcTest from '@machines/rpc-test';
import { type ListApiKeys, listApiKeys } from '@/api/key-calls';
import { useApiKeys } from '@/api/use-api-keys';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { KEYS_LOADING, type KeyView } from '@/domain/key-list';
import { type PlaygroundPrefill, readPlaygroundSearch } from '@/domain/playground-link';
import { KeyChoice } from './key-choice';
import { RpcPlayground } from './rpc-playground';
import { type RpcTestingActors, type SubscriptionTiming, rpcTestingActors } from './rpc-testing-actors';
import { SubscriptionPlayground } from './subscription-playground';
import { useNetworks } from '@/hooks/use-networks';

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
 * /rpc-testing (SPEC.md "/rpc-testing"): try JSON-RPC methods with one of the user's keys (the
 * first unless chosen otherwise), over HTTP or as a subscription over the gateway's WebSocket. The
 * subscription tab mounts when first opened and stays mounted, so a subscription keeps running while
 * the HTTP tab is shown. A link may fill in a call (?key=&network=&method=&params=, the request log's
 * "Open in playground"): checked by readPlaygroundSearch, whatever does not check out is left at the
 * default (a key id the user does not have: the first key).
 */
export default function RpcTestingPage({ actors = rpcTestingActors, listKeys = listApiKeys, subscriptionTiming }: RpcTestingPageProps) {
  usePageTitle(TITLE);
  const user = AuthActor.useSelector(selectUser);
  const { keys } = useApiKeys(user?.apiKey, listKeys);
  const search = useSearch();
  const prefill = readPlaygroundSearch(search, useNetworks());
  const header = <PageHeader title={TITLE} description="Call any JSON-RPC method with your key and see what the node answers." />;

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
      {/* Another key list (a key added, renamed or deleted elsewhere) or another link's call starts a fresh playground. */}
      <Playground
        key={`${keys.map((key) => `${key.id}:${key.name}:${key.key}`).join(' ')} ${search}`}
        keys={keys}
        prefill={prefill}
        actors={actors}
        subscriptionTiming={subscriptionTiming}
      />
    </>
  );
}

interface PlaygroundProps {
  keys: readonly KeyView[];
  prefill: PlaygroundPrefill;
  actors: RpcTestingActors;
  subscriptionTiming: SubscriptionTiming | undefined;
}

/**
 * The key choice above both modes: machines/rpc-test.ts holds it, the HTTP calls use it, and the
 * subscription mode is started afresh with it (its WebSocket URL carries the key), so choosing
 * another key closes a running subscription.
 */
function Playground({ keys, prefill, actors, subscriptionTiming }: PlaygroundProps) {
  const playground = useFlowActor(rpcTest.rpcTestMachine.provide({ actors: actors.rpc }), {
    input: { keys: keys.map(({ id, name, key }) => ({ id, name, key })), keyId: prefill.keyId, ...prefilled(prefill) },
  });
  const apiKey = useSelector(playground, rpcTest.selectApiKey);
  return (
    <Stack gap="6">
      <KeyChoice playground={playground} />
      <Tabs.Root defaultValue="http" lazyMount variant="line">
        <Tabs.List aria-label="Playground mode" mb="6">
          <Tabs.Trigger value="http">HTTP request</Tabs.Trigger>
          <Tabs.Trigger value="subscription">Subscription (WebSocket)</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="http" p="0">
          <RpcPlayground playground={playground} actors={actors} />
        </Tabs.Content>
        <Tabs.Content value="subscription" p="0">
          <SubscriptionPlayground key={apiKey ?? 'no key'} apiKey={apiKey} actors={actors} timing={subscriptionTiming} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** The machine's input for a prefilled call: the network, and the method with its params when the link named one. */
function prefilled(prefill: PlaygroundPrefill): Omit<rpcTest.RpcTestInput, 'keys' | 'keyId'> {
  return {
    network: prefill.network,
    ...(prefill.method === null ? {} : { method: prefill.method }),
    ...(prefill.params === null ? {} : { params: prefill.params }),
  };
}
