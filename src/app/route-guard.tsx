import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { selectIsAuthenticated, selectIsLoggingOut, selectIsResolving, selectSessionEnded } from '@machines/auth';
import { AuthActor } from '@/hooks/auth-actor';
import { loginReturningTo, paths } from '@/domain/paths';
import { ShellLoadingScreen } from './shell-loading-screen';

/**
 * Lets only a signed-in user through (SPEC.md §2 "Authenticated routes"), reading the auth machine:
 * - signed in: the page;
 * - the session is being resolved (a stored token, or one stored by another tab, loading its user):
 *   a loading screen; being ended (logout): "Signing out...";
 * - a session that ended in this visit (logout, expiry, signed out in another tab): /login
 *   (SPEC.md: "Logout then goes to /login");
 * - a visitor without a session: /login, remembering the origin so that login returns there.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const isAuthenticated = AuthActor.useSelector(selectIsAuthenticated);
  const isResolving = AuthActor.useSelector(selectIsResolving);
  const isLoggingOut = AuthActor.useSelector(selectIsLoggingOut);
  const sessionEnded = AuthActor.useSelector(selectSessionEnded);
  const [location] = useLocation();
  const search = useSearch();

  if (isAuthenticated) return <>{children}</>;
  if (isLoggingOut) return <ShellLoadingScreen label="Signing out..." />;
  if (isResolving) return <ShellLoadingScreen />;
  if (sessionEnded) return <Redirect to={paths.login} replace />;
  return <Redirect to={loginReturningTo(search ? `${location}?${search}` : location)} replace />;
}
