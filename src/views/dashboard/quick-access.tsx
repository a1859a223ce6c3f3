import { Link } from 'wouter';
import { Card, Heading, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { paths } from '@/domain/paths';
import { useOpensHref } from '@/hooks/acting-project';

const shortcuts = [
  { title: 'RPC Usage', text: 'Credits used by your calls, by method and over time.', href: paths.usage },
  { title: 'Webhook Management', text: 'Get notified when on-chain events happen.', href: paths.webhooks },
  { title: 'Billing & Plans', text: 'Compare plans, upgrade and manage payments.', href: paths.billing },
] as const;

/** Shortcuts to the screens developers use most (SPEC.md "/ Dashboard": Quick Access). */
export function QuickAccess() {
  const opens = useOpensHref();
  return (
    <section aria-labelledby="quick-access-heading">
      <Heading id="quick-access-heading" as="h2" size="lg" mb="3">
        Quick Access
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {shortcuts
          .filter(({ href }) => opens(href))
          .map(({ title, text, href }) => (
            <Card.Root
              key={title}
              position="relative"
              _hover={{ borderColor: 'blue.500' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
            >
              <Card.Body gap="1">
                <Heading as="h3" size="md">
                  <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
                    <Link href={href}>{title}</Link>
                  </LinkOverlay>
                </Heading>
                <Text color="fg.muted">{text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
      </SimpleGrid>
    </section>
  );
}
