import { type ReactNode, useState } from 'react';
import { restoreProject } from '@/api/project-store';
import { readToken } from '@/api/token-store';
import { appAuthMachine, AuthActor } from './auth-actor';
import { useInspection } from './inspection';

interface SessionProviderProps {
  children: ReactNode;
  /** The auth machine with the app's effects unless a test provides its own actors on top. */
  logic?: typeof appAuthMachine;
}

/** The one app-wide auth actor, started from the stored token (and project picked) and reporting to the app's inspection observer. */
export function SessionProvider({ children, logic = appAuthMachine }: SessionProviderProps) {
  const inspect = useInspection();
  // Read once: the session starts from the pick of the last visit, and owns it from then on.
  const [project] = useState(restoreProject);
  return (
    <AuthActor.Provider logic={logic} options={{ input: { token: readToken(), project }, inspect }}>
      {children}
    </AuthActor.Provider>
  );
}
