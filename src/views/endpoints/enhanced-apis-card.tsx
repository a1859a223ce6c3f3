import { Badge, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { parseTransactionsUrl, transactionHistoryUrl } from '@/domain/endpoint-urls';
import type { Network } from '@/domain/networks';
import { UnavailableUrl } from './unavailable-url';

interface EnhancedApisCardProps {
  apiBase: string;
  network: Network;
  apiKey: string | null;
}

const HEADING_ID = 'enhanced-apis-heading';

function ApiEntry({ name, description, url }: { name: string; description: string; url: string | null }) {
  return (
    <Stack gap="2">
      <Flex gap="2" align="center">
        <Badge colorPalette="green" variant="solid" size="sm">
          GET
        </Badge>
        <Heading as="h3" size="md">
          {name}
        </Heading>
      </Flex>
      <Text color="fg.muted" fontSize="sm">
        {description}
      </Text>
      <UnavailableUrl label={`${name} URL`} plannedUrl={url} />
    </Stack>
  );
}

/** SPEC.md "Endpoints": the Enhanced APIs card (SPEC.md §7 paths, with the api-key parameter), not answered yet. */
export function EnhancedApisCard({ apiBase, network, apiKey }: EnhancedApisCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Enhanced APIs
        </Heading>
        <Text color="fg.muted">Human-readable transactions, parsed for you. These APIs are not available yet.</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <ApiEntry
            name="Parse Transaction(s)"
            description="Parsed details of one or more transactions."
            url={parseTransactionsUrl(apiBase, network, apiKey)}
          />
          <ApiEntry
            name="Parse Transaction History"
            description="The parsed transaction history of an address."
            url={transactionHistoryUrl(apiBase, network, apiKey)}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
