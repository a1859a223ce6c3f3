import { useState } from 'react';
import { Card, Heading, Stack } from '@chakra-ui/react';
import { rpcUrl } from '@/domain/rpc-urls';
import { defaultNetwork, type Network } from '@/domain/networks';
import { useNetworks } from '@/hooks/use-networks';
import { currentApiBase } from '@/api/rpc-calls';
import { type CopyActors, useCopyFeedback } from '@/hooks/use-copy-feedback';
import { CopyField } from '@/components/copy-field';
import { NetworkSwitch } from '@/components/network-switch';

interface RpcUrlCardProps {
  /** The user's first key; null when there is none (the URL shows a placeholder). */
  apiKey: string | null;
  clipboard: CopyActors;
}

/** SPEC.md "/keys": the RPC URL field with its Mainnet/Devnet switch (default mainnet). */
export function RpcUrlCard({ apiKey, clipboard }: RpcUrlCardProps) {
  // Which network's URL to show is this card's own choice; nothing else depends on it.
  const networks = useNetworks();
  const [network, setNetwork] = useState<Network>(() => defaultNetwork(networks));
  const { copied, failed, copy } = useCopyFeedback(clipboard);
  const url = rpcUrl(currentApiBase(), network, apiKey);

  return (
    <Card.Root as="section" aria-labelledby="rpc-url-heading">
      <Card.Body>
        <Stack gap="4">
          <Heading id="rpc-url-heading" as="h2" size="md">
            Endpoint
          </Heading>
          <NetworkSwitch networks={networks} value={network} onChange={setNetwork} />
          <CopyField
            label="RPC URL"
            value={url}
            copied={copied}
            failed={failed}
            onCopy={() => copy(url)}
            helperText={
              apiKey ? 'Send JSON-RPC calls here with POST. The URL uses your first key.' : 'Generate a key to get a working URL.'
            }
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
