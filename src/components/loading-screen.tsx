import { Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';

interface LoadingScreenProps {
  label?: string | undefined;
  /** Fills the window as the page's main landmark; otherwise sits inside an existing page. */
  fullPage?: boolean;
  /** A whole-window screen's title above the spinner (the product name), so the window is never blank of it. */
  heading?: string | undefined;
}

/** What shows while something the screen needs is on its way (route chunks, the current user). */
export function LoadingScreen({ label = 'Loading...', fullPage = false, heading }: LoadingScreenProps) {
  const status = (
    <HStack gap="3" role="status" aria-live="polite" color="fg.muted">
      <Spinner size="md" color="blue.600" aria-hidden="true" />
      <Text>{label}</Text>
    </HStack>
  );
  return (
    <Center as={fullPage ? 'main' : 'div'} minH={fullPage ? '100dvh' : '40'}>
      {heading ? (
        <Stack align="center" gap="4">
          <Text fontSize="xl" fontWeight="bold" color="fg">
            {heading}
          </Text>
          {status}
        </Stack>
      ) : (
        status
      )}
    </Center>
  );
}
