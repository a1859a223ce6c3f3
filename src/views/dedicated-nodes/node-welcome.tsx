import { useEffect, useRef } from 'react';
import { Badge, Button, Card, HStack, Heading, List, Stack, Text } from '@chakra-ui/react';

/** What a dedicated node gives, said plainly. */
const BENEFITS = [
  'Its capacity is yours alone: no neighbours, no shared rate limits.',
  'Your choice of client (Agave or Jito) and of Geyser plugin (none or Yellowstone, both free).',
  'Billed monthly or yearly, paid in crypto (USDC) or fiat.',
] as const;

/** The welcome screen (SPEC.md: 'Add Your First Dedicated Node', for advanced users only). */
export function NodeWelcome({ onStart, focusStart }: { onStart: () => void; focusStart: boolean }) {
  const startRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusStart) startRef.current?.focus();
  }, [focusStart]);
  return (
    <Card.Root as="section" aria-labelledby="dedicated-nodes-welcome">
      <Card.Body gap="5" maxW="3xl">
        <Stack gap="2">
          <HStack gap="3" wrap="wrap">
            <Heading as="h2" size="lg" id="dedicated-nodes-welcome">
              You have no dedicated nodes yet
            </Heading>
            <Badge colorPalette="orange" variant="surface">
              Advanced users only
            </Badge>
          </HStack>
          <Text color="fg.muted">
            A dedicated node is a whole RPC node run for your projects alone. Running one well takes experience with node clients and their
            plugins, so it is meant for advanced users only.
          </Text>
        </Stack>
        <List.Root gap="2" ps="5">
          {BENEFITS.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List.Root>
        <Text fontSize="sm" color="fg.muted">
          This is a demonstration: no node types or locations are on offer yet, and an order is only recorded, never charged.
        </Text>
        <div>
          <Button ref={startRef} colorPalette="blue" onClick={onStart}>
            Add Your First Dedicated Node
          </Button>
        </div>
      </Card.Body>
    </Card.Root>
  );
}
