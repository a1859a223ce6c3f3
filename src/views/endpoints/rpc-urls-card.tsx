import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { geyserUrl, networkHostUrl, stakedUrl, websocketUrl } from '@/domain/endpoint-urls';
import { atLeast, isPaid } from '@/domain/plan-rank';
import { NETWORK_LABELS, NETWORKS, type Network, rpcUrl } from '@/domain/rpc-urls';
import { LockedUrl } from './locked-url';
import { UrlField } from './url-field';

/** SPEC.md §6, word for word. */
export const STAKED_LOCKED = 'Upgrade to a paid plan to enable the Staked Connection URL';
export const GEYSER_LOCKED = 'Upgrade to Business plan or above to enable the Geyser Enhanced Websocket URL';

interface RpcUrlsCardProps {
  /** Absolute API base (…/api). */
  apiBase: string;
  network: Network;
  apiKey: string | null;
  planName: string | undefined;
}

const HEADING_ID = 'rpc-urls-heading';

/**
 * SPEC.md "Endpoints": the RPCs card. The RPC URL is the gateway's working address; the other
 * shapes (SPEC.md §7) are shown for reference only, gated by plan as SPEC.md §6 says.
 */
export function RpcUrlsCard({ apiBase, network, apiKey, planName }: RpcUrlsCardProps) {
  const other = NETWORKS.find((candidate) => candidate !== network) ?? network;
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          RPCs
        </Heading>
        <Text color="fg.muted">
          The RPC URL works now: paste it into curl or your app. The other addresses show the shapes of a deployment with a host per
          network; this server does not answer them (display only).
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <UrlField label="RPC URL" url={rpcUrl(apiBase, network, apiKey)} />
          {isPaid(planName) ? (
            <UrlField label="Dedicated Staked Connection URL" url={stakedUrl(apiBase, network, apiKey)} displayOnly />
          ) : (
            <LockedUrl label="Dedicated Staked Connection URL" message={STAKED_LOCKED} />
          )}
          <UrlField label="Standard Websocket URL" url={websocketUrl(apiBase, network, apiKey)} displayOnly />
          {atLeast(planName, 'Business') ? (
            <UrlField label="Geyser Enhanced Websocket URL" url={geyserUrl(apiBase, network, apiKey)} displayOnly />
          ) : (
            <LockedUrl label="Geyser Enhanced Websocket URL" message={GEYSER_LOCKED} />
          )}
          <UrlField label={`Shared ${NETWORK_LABELS[other]} URL`} url={networkHostUrl(apiBase, other, apiKey)} displayOnly />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
