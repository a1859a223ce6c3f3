import { Badge, Box, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type CopyActors, useCopyFeedback } from '@/hooks/use-copy-feedback';
import { CopyButton } from '@/components/copy-button';
import { JsonBox } from '@/components/json-box';
import { formatElapsed, formatSize, type RpcExchange } from '@/domain/rpc-exchange';
import type { AccessRefusal } from '@/domain/rpc-refusal';
import { AccessRefusalNotice } from './access-refusal-notice';

interface ResponsePanelProps {
  exchange: RpcExchange | null;
  running: boolean;
  /** The answer is an error response (a refused or failed call, SPEC.md §8). */
  failed: boolean;
  /** The owner's access control refused the call: the panel says why and what to do. */
  refusal: AccessRefusal | null;
  /** The host this dashboard runs on (the Origin of its calls). */
  dashboardHost: string;
  clipboard: CopyActors;
}

/** SPEC.md "/rpc-testing": elapsed time in ms, size in bytes and the JSON, with copy. */
export function ResponsePanel({ exchange, running, failed, refusal, dashboardHost, clipboard }: ResponsePanelProps) {
  const { copied, failed: copyFailed, copy } = useCopyFeedback(clipboard);
  return (
    <Card.Root as="section" aria-labelledby="response-heading" aria-busy={running}>
      <Card.Body>
        <Stack gap="4">
          <Flex gap="3" justify="space-between" align="center" wrap="wrap">
            <Heading id="response-heading" as="h2" size="md">
              Response
            </Heading>
            {exchange ? <CopyButton label="response" copied={copied} failed={copyFailed} onCopy={() => copy(exchange.json)} /> : null}
          </Flex>
          <Box role="status" aria-live="polite">
            {running ? (
              <Text color="fg.muted">Running...</Text>
            ) : exchange ? (
              <HStack gap="4" wrap="wrap" fontSize="sm">
                <Badge colorPalette={failed ? 'red' : 'green'} variant="subtle">
                  {exchange.status === null ? 'No response' : `HTTP ${exchange.status}`}
                </Badge>
                <Text>
                  Time: <strong>{formatElapsed(exchange.elapsedMs)}</strong>
                </Text>
                <Text>
                  Size: <strong>{formatSize(exchange.sizeBytes)}</strong>
                </Text>
              </HStack>
            ) : (
              <Text color="fg.muted">Choose a method and press Run to see the answer here.</Text>
            )}
          </Box>
          {refusal && !running ? <AccessRefusalNotice refusal={refusal} dashboardHost={dashboardHost} /> : null}
          {exchange && !running ? (
            <JsonBox label="Response JSON" maxH="28rem" failed={failed}>
              {exchange.json}
            </JsonBox>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
