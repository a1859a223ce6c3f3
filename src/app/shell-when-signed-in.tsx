import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect } from 'wouter';
import { selectIsAuthenticated, selectIsLoggingOut, selectIsResolving, selectSessionEnded } from '@machines/auth';
import { LoadingScreen } from '@/components/loading-screen';
import { AuthActor } from '@/hooks/auth-actor';
import { paths } from '@/domain/paths';
import { ShellLoadingScreen } from './shell-loading-screen';

const GuardedArea = lazy(() => import('./guarded-area'));
const PublicArea = lazy(() => import('./public-area'));

/**
 * A public route that a signed-in user sees inside the layout (the route table's `shellWhenSignedIn`):
 * - signed in: the layout (sidebar, navbar) around the screen, as for any signed-in screen;
 * - the session is being resolved: the shell's loading screen, so a signed-in user never sees the
 *   public frame flash first; being ended (logout): "Signing out...";
 * - a session that ended in this visit: /login, as from any screen of the layout (SPEC.md "Logout then goes to /login");
 * - a visitor: the public frame around the same screen.
 */
export function ShellWhenSignedIn({ children }: { children: ReactNode }) {
  const isAuthenticated = AuthActor.useSelector(selectIsAuthenticated);
  const isResolving = AuthActor.useSelector(selectIsResolving);
  const isLoggingOut = AuthActor.useSelector(selectIsLoggingOut);
  const sessionEnded = AuthActor.useSelector(selectSessionEnded);

  if (isLoggingOut) return <ShellLoadingScreen label="Signing out..." />;
  if (isResolving) return <ShellLoadingScreen />;
  if (sessionEnded) return <Redirect to={paths.login} replace />;
  const Area = isAuthenticated ? GuardedArea : PublicArea;
  return (
    <Suspense fallback={isAuthenticated ? <ShellLoadingScreen /> : <LoadingScreen fullPage />}>
      <Area>
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
      </Area>
    </Suspense>
  );
}
