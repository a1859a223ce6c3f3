import { Badge, Card, HStack, Heading, List, Text } from '@chakra-ui/react';
import { ACK_NOTE, PROPAGATION_NOTE } from './webhook-texts';

const HEADING_ID = 'about-webhooks-heading';

/** SPEC.md "Webhooks": the About card — what webhooks do, their kinds, and the two timing rules. */
export function AboutWebhooksCard() {
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} h="full">
      <Card.Header>
        <HStack gap="2" wrap="wrap">
          <Heading id={HEADING_ID} as="h2" size="lg">
            About Webhooks
          </Heading>
          <Badge colorPalette="purple" variant="subtle">
            Preview
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <Text>
          A webhook calls your server when a transaction touches one of the addresses you watch, so your app reacts to transfers, swaps,
          mints and burns without polling the RPC.
        </Text>
        <List.Root gap="1.5" ps="5" color="fg.muted">
          <List.Item>
            <strong>Enhanced</strong> webhooks send parsed, readable events; <strong>raw</strong> ones the transaction as the node returns
            it; <strong>Discord</strong> ones post a message to a channel.
          </List.Item>
          <List.Item>{PROPAGATION_NOTE}</List.Item>
          <List.Item>{ACK_NOTE}</List.Item>
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}
