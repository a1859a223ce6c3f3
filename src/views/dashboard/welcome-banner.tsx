import { Box, Heading, Text } from '@chakra-ui/react';
import { EmailText } from '@/components/email-text';

interface WelcomeBannerProps {
  email: string | null;
  productName?: string | undefined;
}

export function WelcomeBanner({ email, productName }: WelcomeBannerProps) {
  return (
    <Box
      as="section"
      aria-labelledby="welcome-heading"
      bgGradient="to-r"
      gradientFrom="blue.700"
      gradientTo="purple.700"
      color="white"
      rounded="xl"
      px={{ base: '5', md: '8' }}
      py={{ base: '5', md: '7' }}
    >
      <Heading id="welcome-heading" as="h2" size="xl">
        {productName ? `Welcome to ${productName}` : 'Welcome'}
      </Heading>
      <Text mt="2" maxW="2xl">
        {email ? (
          <>
            Signed in as {/* Wraps at its '@' and dots, never in the middle of a word. */}
            <Text as="strong">
              <EmailText email={email} />
            </Text>
            .{' '}
          </>
        ) : null}
        Your plan, credits and API keys at a glance.
      </Text>
    </Box>
  );
}
