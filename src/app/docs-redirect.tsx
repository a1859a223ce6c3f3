import { useEffect } from 'react';
import { Link } from 'wouter';
import { Center, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { LoadingScreen } from '@/components/loading-screen';
import { useAppConfigQuery } from '@/hooks/app-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/domain/paths';

/** /docs: leaves for the external documentation, whose address is server configuration. */
export default function DocsRedirect() {
  usePageTitle('Documentation');
  const { data: config, isError } = useAppConfigQuery();
  const target = config?.documentationUrl;

  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  if (isError) {
    return (
      <Center as="main" minH="100dvh" p="6">
        <Stack gap="3" textAlign="center">
          <Text as="h1" fontSize="xl" fontWeight="semibold">
            Documentation
          </Text>
          <Text role="alert">The documentation address could not be loaded. Please try again later.</Text>
          <ChakraLink asChild color="blue.700">
            <Link href={paths.home}>Back to the dashboard</Link>
          </ChakraLink>
        </Stack>
      </Center>
    );
  }
  return <LoadingScreen fullPage label="Opening the documentation..." />;
}
