import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import type { accessControlActors } from '@/api/access-control-calls';
import { apiBaseUrl } from '@/api/client';
import { useUserPlan } from '@/api/billing-calls';
import { useMe } from '@/api/account-calls';
import { usePageTitle } from '@/hooks/use-page-title';
import { NetworkSwitch } from '@/components/network-switch';
import { PageHeader } from '@/components/page-header';
import { PageLoadState } from '@/components/page-load-state';
import { absoluteApiBase, rpcUrl } from '@/domain/rpc-urls';
import { defaultNetwork, type Network } from '@/domain/networks';
import { useNetworks } from '@/hooks/use-networks';
import { AccessControlCard } from './access-control-card';
import { EnhancedApisCard } from './enhanced-apis-card';
import { FirstCallCard } from './first-call-card';
import { RpcUrlsCard } from './rpc-urls-card';

const TITLE = 'Endpoints';

export interface EndpointsPageProps {
  /** The access-control editor's effects; the real API unless a test brings its own. */
  actors?: typeof accessControlActors;
}

/** /endpoints (SPEC.md "Endpoints"): the user's URLs per network, who may call them, and the enhanced APIs. */
export default function EndpointsPage({ actors }: EndpointsPageProps) {
  usePageTitle(TITLE);
  const networks = useNetworks();
  const [network, setNetwork] = useState<Network>(() => defaultNetwork(networks));
  const me = useMe();
  const plan = useUserPlan();
  const apiBase = absoluteApiBase(apiBaseUrl, window.location.origin);

  const header = (
    <PageHeader
      title={TITLE}
      description="The URLs your applications call, and who may call them."
      actions={<NetworkSwitch networks={networks} value={network} onChange={setNetwork} />}
    />
  );

  if (me.isPending || plan.isPending || me.isError || plan.isError) {
    return <PageLoadState header={header} queries={[me, plan]} loadingLabel="Loading endpoints..." operation="loadEndpoints" />;
  }

  const apiKey = me.data.apiKey;
  return (
    <>
      {header}
      <Stack gap="6">
        <RpcUrlsCard apiBase={apiBase} networks={networks} network={network} apiKey={apiKey} geyser={plan.data.entitlements.geyser} />
        <FirstCallCard url={rpcUrl(apiBase, network, apiKey)} />
        <AccessControlCard actors={actors} />
        <EnhancedApisCard apiBase={apiBase} network={network} apiKey={apiKey} />
      </Stack>
    </>
  );
}
