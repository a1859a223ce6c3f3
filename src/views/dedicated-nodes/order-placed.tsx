import { useEffect, useRef } from 'react';
import { Badge, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { DedicatedNodeOrder } from '@/domain/node-order';
import { OrderSummary } from './order-summary';

/** The confirmation after Order: what was ordered, and that nothing was charged (a demonstration). */
export function OrderPlaced({ order, onDone }: { order: DedicatedNodeOrder; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card.Root as="section" aria-labelledby="dedicated-node-ordered">
      <Card.Body gap="5">
        <Stack gap="2">
          <HStack gap="3" wrap="wrap">
            <Heading as="h2" size="lg" id="dedicated-node-ordered" ref={headingRef} tabIndex={-1} outline="none">
              Order received
            </Heading>
            <Badge colorPalette="gray" variant="surface">
              Demo
            </Badge>
          </HStack>
          <Text role="status">This is a demonstration: your order was only recorded. Nothing was charged and no node is being set up.</Text>
        </Stack>
        <Stack gap="3" borderWidth="1px" borderColor="border" rounded="lg" p="4" bg="bg.subtle">
          <Heading as="h3" size="sm">
            What you ordered
          </Heading>
          <OrderSummary order={order} />
        </Stack>
        <div>
          <Button colorPalette="blue" onClick={onDone}>
            Done
          </Button>
        </div>
      </Card.Body>
    </Card.Root>
  );
}
