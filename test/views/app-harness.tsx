import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { Credentials, LoginResult, User } from '@machines/auth';
import type { AppConfig } from '@/hooks/app-config';
import { AppConfigProvider } from '@/hooks/app-config-provider';
import { AuthActor, appActingProjectMachine, appAuthMachine } from '@/hooks/auth-actor';
import type { ProjectMembership } from '@machines/acting-project';
import { type InspectObserver, InspectionProvider } from '@/hooks/inspection';
import { SessionProvider } from '@/hooks/session-provider';
import { queryClient } from '@/app/query-client';
import { system } from '@/app/theme';
import { seededConfig } from './seed-config';

export const testUser: User = {
  id: 7,
  email: 'ada.lovelace@example.com',
  apiKey: 'key_0123456789abcdef',
  planId: 1,
  currentCredit: 1200,
  createdAt: '2025-02-07T10:00:00.000Z',
  emailVerified: true,
};

/** The session's effects for a test: plain async functions, wrapped as the machine's actors. */
export interface SessionEffects {
  login?: (credentials: Credentials) => Promise<LoginResult>;
  fetchUser?: (input: { token: string | null }) => Promise<User>;
  logout?: (input: { token: string | null }) => Promise<void>;
  /** The user's projects (GET /projects); their own only unless given. */
  listProjects?: () => Promise<readonly ProjectMembership[]>;
}

/** The signed-in test user's own project. */
export const testProject: ProjectMembership = { id: 'prj_00000001', name: 'My Project', role: 'owner' };

/**
 * The app's auth machine (real storage and cache actions) with the test's actors, through the
 * machine's own injection point `provide({ actors })`.
 */
export function sessionLogic({
  login = async () => ({ token: 'token-from-login', user: testUser }),
  fetchUser = async () => testUser,
  logout = async () => undefined,
  listProjects = async () => [testProject],
}: SessionEffects = {}) {
  return appAuthMachine.provide({
    actors: {
      login: fromPromise<LoginResult, Credentials>(({ input }) => login(input)),
      fetchUser: fromPromise<User, { token: string | null }>(({ input }) => fetchUser(input)),
      logout: fromPromise<void, { token: string | null }>(({ input }) => logout(input)),
      actingProject: appActingProjectMachine(() => listProjects()),
    },
  });
}

interface AppHarnessOptions {
  path?: string;
  session?: SessionEffects;
  /** Receives what every actor of the app reports, as the Stately inspector would. */
  inspect?: InspectObserver;
  /** The configuration the app's config actor starts with; what seedConfig set unless given. */
  config?: AppConfig | undefined;
}

/** Renders inside every app provider, with an in-memory router; `location.history` records navigation. */
export function renderInApp(ui: ReactElement, { path = '/', session = {}, inspect, config = seededConfig() }: AppHarnessOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const logic = sessionLogic(session);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <InspectionProvider value={inspect}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={queryClient}>
          <Router hook={location.hook}>
            <SessionProvider logic={logic}>
              <AppConfigProvider config={config}>{children}</AppConfigProvider>
            </SessionProvider>
          </Router>
        </QueryClientProvider>
      </ChakraProvider>
    </InspectionProvider>
  );
  const currentPath = () => location.history.at(-1) ?? '';
  return { ...render(ui, { wrapper }), location, currentPath };
}

/** A promise the test settles when it wants to (to observe the states in between). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A button that logs out through the app's session, for screens rendered without the navbar. */
export function LogoutButton() {
  const auth = AuthActor.useActorRef();
  return (
    <button type="button" onClick={() => auth.send({ type: 'auth.logout' })}>
      Leave
    </button>
  );
}
