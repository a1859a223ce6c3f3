import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { selectIsAuthenticated, selectIsResolving, type AuthSnapshot } from '@machines/auth';
import { readToken } from '@/api/token-store';
import { LoadingScreen } from '@/components/loading-screen';
import { AuthActor } from '@/hooks/auth-actor';
import { loginReturningTo, paths } from '@/domain/paths';

const selectIsLoggingOut = (s: AuthSnapshot) => s.matches('loggingOut');

/**
 * Lets only a signed-in user through (SPEC.md §2 "Authenticated routes"):
 * - signed in: the page;
 * - the session is being resolved: a loading screen; being ended (logout): "Signing out...";
 * - a token is stored but no user is loaded (e.g. stored by another tab or by the Google callback):
 *   the token is handed to the auth machine, which fetches the current user, loading screen meanwhile;
 * - a visitor who arrives without a session: /login, remembering the origin so that login returns there;
 * - a session that ended here (logout, expiry): /login, only once the token is gone from storage
 *   (SPEC.md: "Logout then goes to /login").
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const auth = AuthActor.useActorRef();
  const isAuthenticated = AuthActor.useSelector(selectIsAuthenticated);
  const isResolving = AuthActor.useSelector(selectIsResolving);
  const isLoggingOut = AuthActor.useSelector(selectIsLoggingOut);
  const [location] = useLocation();
  const search = useSearch();
  const hadSession = useRef(false);
  if (isAuthenticated) hadSession.current = true;

  const settled = !isAuthenticated && !isResolving && !isLoggingOut;
  const storedToken = settled ? readToken() : null;

  useEffect(() => {
    if (storedToken) auth.send({ type: 'auth.tokenReceived', token: storedToken });
  }, [auth, storedToken]);

  if (isAuthenticated) return <>{children}</>;
  if (isLoggingOut) return <LoadingScreen fullPage label="Signing out..." />;
  if (!settled || storedToken) return <LoadingScreen fullPage />;
  if (hadSession.current) return <Redirect to={paths.login} replace />;
  return <Redirect to={loginReturningTo(search ? `${location}?${search}` : location)} replace />;
}
