import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { geyserUrl, stakedUrl, websocketUrl } from '@/domain/endpoint-urls';
import { lowestWith } from '@/domain/plan-catalog';
import { rpcUrl } from '@/domain/rpc-urls';
import type { Network, NetworkInfo } from '@/domain/networks';
import { LockedUrl } from './locked-url';
import { UnavailableUrl } from './unavailable-url';
import { UrlField } from './url-field';

/**
 * SPEC.md §6, word for word (the plan named is the table's lowest with the Geyser entitlement). Its staked-connection text ("Upgrade to a paid plan to enable the
 * Staked Connection URL") is not shown: no plan gets a staked connection yet, so no plan is told
 * to pay for one; every plan reads the same "Not available yet".
 */
export const GEYSER_LOCKED = `Upgrade to ${lowestWith('geyser').name} plan or above to enable the Geyser Enhanced Websocket URL`;

interface RpcUrlsCardProps {
  /** Absolute API base (…/api). */
  apiBase: string;
  /** The networks served: the others' shared URLs follow the chosen one's. */
  networks: readonly NetworkInfo[];
  network: Network;
  apiKey: string | null;
  /** Whether the user's plan unlocks the Geyser websocket (GET /users/plan's entitlements). */
  geyser: boolean;
}

const HEADING_ID = 'rpc-urls-heading';

/**
 * SPEC.md "Endpoints": the RPCs card. The RPC URL, the standard websocket (the same URL, ws/wss) and
 * the shared URL of the other network are the gateway's working addresses, with Copy; the staked and
 * Geyser addresses (SPEC.md §7) are not answered yet and say so; the Geyser one is gated by plan as
 * SPEC.md §6 says.
 */
export function RpcUrlsCard({ apiBase, networks, network, apiKey, geyser }: RpcUrlsCardProps) {
  const others = networks.filter((candidate) => candidate.name !== network);
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          RPCs
        </Heading>
        <Text color="fg.muted">
          The RPC and websocket URLs work now: paste them into curl or your app. The staked and Geyser connections are not available yet.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <UrlField label="RPC URL" url={rpcUrl(apiBase, network, apiKey)} />
          <UnavailableUrl label="Dedicated Staked Connection URL" plannedUrl={stakedUrl(apiBase, network, apiKey)} />
          <UrlField label="Standard Websocket URL" url={websocketUrl(apiBase, network, apiKey)} />
          {geyser ? (
            <UnavailableUrl label="Geyser Enhanced Websocket URL" plannedUrl={geyserUrl(apiBase, network, apiKey)} />
          ) : (
            <LockedUrl label="Geyser Enhanced Websocket URL" message={GEYSER_LOCKED} />
          )}
          {others.map((other) => (
            <UrlField key={other.name} label={`Shared ${other.label} URL`} url={rpcUrl(apiBase, other.name, apiKey)} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
