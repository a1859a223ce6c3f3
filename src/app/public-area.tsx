import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Box, Flex, Link as ChakraLink } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { paths } from '@/domain/paths';
import { ProductName } from '@/components/product-name';
import { useProductName } from './product-name';
import { queryClient } from './query-client';

/**
 * A public screen's frame for a visitor who is not signed in (/status): the product's name and the
 * way to log in over the screen in <main>, with the server-data cache the screen reads through.
 * One lazy chunk, like the signed-in area: /login never loads TanStack Query.
 */
export default function PublicArea({ children }: { children: ReactNode }) {
  const productName = useProductName();
  return (
    <QueryClientProvider client={queryClient}>
      <Box minH="100dvh" bg="bg.subtle">
        <Flex
          as="header"
          justify="space-between"
          align="center"
          gap="4"
          wrap="wrap"
          px={{ base: '4', md: '8' }}
          py="4"
          bg="bg"
          borderBottomWidth="1px"
        >
          <ProductName name={productName} />
          <ChakraLink asChild variant="underline" colorPalette="blue" fontSize="sm">
            <Link href={paths.login}>Log in</Link>
          </ChakraLink>
        </Flex>
        <Box as="main" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} maxW="7xl" mx="auto">
          {children}
        </Box>
      </Box>
    </QueryClientProvider>
  );
}
