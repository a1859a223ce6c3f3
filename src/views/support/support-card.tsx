import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@chakra-ui/react';

interface SupportCardProps {
  /** Unique on the page: names the card through its heading. */
  id: string;
  title: string;
  text: string;
  icon: ReactNode;
  /** The card's link or button, and what it says when it is not available. */
  children: ReactNode;
}

/** One way to get help: what it is, and the link that leads there. */
export function SupportCard({ id, title, text, icon, children }: SupportCardProps) {
  const headingId = `${id}-heading`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm">
      <Card.Body gap="3">
        <Flex align="center" gap="2" color="blue.700">
          {icon}
          <Heading id={headingId} as="h3" size="md" color="fg">
            {title}
          </Heading>
        </Flex>
        <Text color="fg.muted" flex="1">
          {text}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
