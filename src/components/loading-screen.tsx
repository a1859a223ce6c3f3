import { Center, Spinner, Text } from '@chakra-ui/react';

interface LoadingScreenProps {
  label?: string;
  /** Fills the window as the page's main landmark; otherwise sits inside an existing page. */
  fullPage?: boolean;
}

/** What shows while something the screen needs is on its way (route chunks, the current user). */
export function LoadingScreen({ label = 'Loading...', fullPage = false }: LoadingScreenProps) {
  return (
    <Center as={fullPage ? 'main' : 'div'} minH={fullPage ? '100dvh' : '40'} gap="3" role="status" aria-live="polite" color="fg.muted">
      <Spinner size="md" color="blue.600" aria-hidden="true" />
      <Text>{label}</Text>
    </Center>
  );
}
