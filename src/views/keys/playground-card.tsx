import { Link } from 'wouter';
import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { paths } from '@/domain/paths';

/** SPEC.md "/keys": the Playground card linking to /rpc-testing. */
export function PlaygroundCard() {
  return (
    <Card.Root as="section" aria-labelledby="playground-heading" bgGradient="to-r" gradientFrom="blue.50" gradientTo="purple.50">
      <Card.Body>
        <Flex direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between" align={{ md: 'center' }}>
          <Stack gap="1">
            <Heading id="playground-heading" as="h2" size="md">
              Playground
            </Heading>
            <Text color="fg.muted">Try any JSON-RPC method with your key and see the answer, its time and its size.</Text>
          </Stack>
          <Button asChild colorPalette="blue" variant="solid" alignSelf={{ base: 'stretch', md: 'auto' }}>
            <Link href={paths.rpcTesting}>Open the RPC Playground</Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
