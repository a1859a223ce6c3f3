import type { ReactNode } from 'react';
import { Box, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';

interface AuthPageFrameProps {
  /** The screen's one h1. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Already have an account? Log in"). */
  footer?: ReactNode;
  /** Over the title, inside the card: the product's name (ProductName). */
  brand?: ReactNode;
}

/** The centred card every sign-in screen sits in (login, signup, password reset, callback). */
export function AuthPageFrame({ title, subtitle, children, footer, brand }: AuthPageFrameProps) {
  return (
    <Center as="main" minH="100dvh" px="4" py="10" bg="bg.subtle">
      <Box w="full" maxW="md">
        <Card.Root variant="elevated">
          <Card.Header>
            <Stack gap="1">
              {brand}
              <Heading as="h1" size="2xl" fontWeight="semibold">
                {title}
              </Heading>
              {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
            </Stack>
          </Card.Header>
          <Card.Body>
            <Stack gap="5">{children}</Stack>
          </Card.Body>
        </Card.Root>
        {footer ? (
          <Stack mt="5" gap="2" align="center" textAlign="center" fontSize="sm" color="fg.muted">
            {footer}
          </Stack>
        ) : null}
      </Box>
    </Center>
  );
}
