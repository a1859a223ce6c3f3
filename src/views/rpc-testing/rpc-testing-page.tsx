import { selectUser } from '@machines/auth';
import { type ListApiKeys, listApiKeys } from '@/api/key-calls';
import { useApiKeys } from '@/api/use-api-keys';
import { AuthActor } from '@/hooks/auth-actor';
import { usePageTitle } from '@/hooks/use-page-title';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { KEYS_LOADING } from '@/domain/key-list';
import { RpcPlayground } from './rpc-playground';
import { type RpcTestingActors, rpcTestingActors } from './rpc-testing-actors';

const TITLE = 'RPC Testing';

export interface RpcTestingPageProps {
  /** The machines' effects; the real gateway call and clipboard unless a test brings its own. */
  actors?: RpcTestingActors;
  /** How the key list is fetched into the cache; GET /apiKeys unless a test brings its own. */
  listKeys?: ListApiKeys;
}

/** /rpc-testing (SPEC.md "/rpc-testing"): try JSON-RPC methods with the user's first key. */
export default function RpcTestingPage({ actors = rpcTestingActors, listKeys = listApiKeys }: RpcTestingPageProps) {
  usePageTitle(TITLE);
  const user = AuthActor.useSelector(selectUser);
  const { keys } = useApiKeys(user?.apiKey, listKeys);
  const header = <PageHeader title={TITLE} description="Call any JSON-RPC method with your key and see what the node answers." />;

  if (keys === undefined) {
    return (
      <>
        {header}
        <LoadingScreen label={KEYS_LOADING} />
      </>
    );
  }
  const apiKey = keys[0]?.key ?? null;
  return (
    <>
      {header}
      {/* A different first key (deleted elsewhere, say) starts a fresh playground on the new URL. */}
      <RpcPlayground key={apiKey ?? 'no key'} apiKey={apiKey} actors={actors} />
    </>
  );
}
