import type { ReactNode } from 'react';
import { type AppConfig, AppConfigActor, appConfigLogic } from './app-config';
import { useInspection } from './inspection';

interface AppConfigProviderProps {
  children: ReactNode;
  /** The config machine over GET /config unless a test provides its own `fetchConfig` on top. */
  logic?: typeof appConfigLogic;
  /** Starts it loaded, as if GET /config had answered (the DOM tests, which run without a server). */
  config?: AppConfig | undefined;
}

/** The one app-wide config actor, reporting to the app's inspection observer; started once by the shell. */
export function AppConfigProvider({ children, logic = appConfigLogic, config }: AppConfigProviderProps) {
  const inspect = useInspection();
  return (
    <AppConfigActor.Provider logic={logic} options={{ input: { config: config ?? null }, inspect }}>
      {children}
    </AppConfigActor.Provider>
  );
}
