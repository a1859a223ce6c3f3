import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { AppConfigProvider } from '@/hooks/app-config-provider';
import { type InspectObserver, InspectionProvider } from '@/hooks/inspection';
import { SessionProvider } from '@/hooks/session-provider';
import { system } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  /** Every actor of the app reports here (the Stately inspector in development with `?inspect`). */
  inspect?: InspectObserver | undefined;
}

/**
 * Theme, the inspection observer, the session and the configuration, around every screen (the
 * server-data cache comes with the guarded area). The two app-wide actors start here, once.
 */
export function AppProviders({ children, inspect }: AppProvidersProps) {
  return (
    <InspectionProvider value={inspect}>
      <ChakraProvider value={system}>
        <SessionProvider>
          <AppConfigProvider>{children}</AppConfigProvider>
        </SessionProvider>
      </ChakraProvider>
    </InspectionProvider>
  );
}
