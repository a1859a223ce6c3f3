import { Link } from 'wouter';
import { Box, Link as ChakraLink } from '@chakra-ui/react';
import { paths } from '@/domain/paths';

/** The product name, linking home; an empty slot of the same height until the configuration arrives. */
export function Brand({ productName }: { productName?: string | undefined }) {
  if (!productName) return <Box h="6" aria-hidden="true" />;
  return (
    <ChakraLink asChild fontWeight="bold" fontSize="lg" color="fg" textDecoration="none" _hover={{ textDecoration: 'none' }}>
      <Link href={paths.home}>{productName}</Link>
    </ChakraLink>
  );
}
