import { useState } from 'react';
import { Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { CopyButton } from '@/components/copy-button';
import { JsonBox } from '@/components/json-box';
import { SegmentSwitch } from '@/components/segment-switch';
import { FIRST_CALL_CLIENTS, FIRST_CALL_LABELS, type FirstCallClient, firstCallSnippet, isFirstCallClient } from '@/domain/first-call';

const HEADING_ID = 'first-call-heading';
const CLIENT_ITEMS = FIRST_CALL_CLIENTS.map((client) => ({ value: client, label: FIRST_CALL_LABELS[client] }));

/** A first call to the user's own RPC URL (their key in it), in curl, viem or ethers, with Copy. */
export function FirstCallCard({ url }: { url: string }) {
  const [client, setClient] = useState<FirstCallClient>('curl');
  const { copied, failed, copy } = useCopyFeedback();
  const snippet = firstCallSnippet(client, url);
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Your first call
        </Heading>
        <Text color="fg.muted">Asks for the latest block number at your RPC URL, with your key in it.</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Flex gap="3" justify="space-between" align="center" wrap="wrap">
            <SegmentSwitch label="Client" items={CLIENT_ITEMS} value={client} isValue={isFirstCallClient} onChange={setClient} />
            <CopyButton label={`${FIRST_CALL_LABELS[client]} snippet`} copied={copied} failed={failed} onCopy={() => copy(snippet)} />
          </Flex>
          <JsonBox label={`${FIRST_CALL_LABELS[client]} snippet`} maxH="20rem">
            {snippet}
          </JsonBox>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
