import { Link } from 'wouter';
import { Link as ChakraLink, Text } from '@chakra-ui/react';

interface LegalLinksProps {
  termsHref: string;
  privacyHref: string;
}

/** "By continuing you agree to our Terms of Service and Privacy Policy." under the sign-in cards, as links that look like links. */
export function LegalLinks({ termsHref, privacyHref }: LegalLinksProps) {
  return (
    <Text>
      By continuing you agree to our{' '}
      <ChakraLink asChild variant="underline" colorPalette="blue">
        <Link href={termsHref}>Terms of Service</Link>
      </ChakraLink>{' '}
      and{' '}
      <ChakraLink asChild variant="underline" colorPalette="blue">
        <Link href={privacyHref}>Privacy Policy</Link>
      </ChakraLink>
      .
    </Text>
  );
}
