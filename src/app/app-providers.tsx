import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { readToken } from '@/api/token-store';
import { AuthActor } from '@/hooks/auth-actor';
import type { InspectObserver } from './inspector';
import { system } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  inspect?: InspectObserver | undefined;
}

/** Theme and the session, around every screen (the server-data cache comes with the guarded area). */
export function AppProviders({ children, inspect }: AppProvidersProps) {
  return (
    <ChakraProvider value={system}>
      <AuthActor.Provider options={{ input: { token: readToken() }, inspect }}>{children}</AuthActor.Provider>
    </ChakraProvider>
  );
}
