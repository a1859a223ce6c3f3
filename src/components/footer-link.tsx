import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Link as ChakraLink, Text } from '@chakra-ui/react';

interface FooterLinkProps {
  /** The words before the link ("Already have an account?"), if any. */
  prompt?: ReactNode;
  href: string;
  children: ReactNode;
}

/** A line under a sign-in card that leads to another screen ("Already have an account? Log in"). */
export function FooterLink({ prompt, href, children }: FooterLinkProps) {
  return (
    <Text>
      {prompt ? <>{prompt} </> : null}
      <ChakraLink asChild colorPalette="blue">
        <Link href={href}>{children}</Link>
      </ChakraLink>
    </Text>
  );
}
