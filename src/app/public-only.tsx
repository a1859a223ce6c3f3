import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { selectIsAuthenticated } from '@machines/auth';
import { AuthActor } from '@/hooks/auth-actor';
import { useReturnPath } from '@/hooks/return-path';

/**
 * For /login: a signed-in user is sent on, to the page remembered by the route guard or else to /
 * (SPEC.md "/login": "Authenticated users are sent to /"). This is also how a successful login
 * leaves the login screen, so the screen itself only has to send `auth.login`.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = AuthActor.useSelector(selectIsAuthenticated);
  const returnPath = useReturnPath();
  if (isAuthenticated) return <Redirect to={returnPath} replace />;
  return <>{children}</>;
}
