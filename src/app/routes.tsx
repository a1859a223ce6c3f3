import { lazy, type ReactNode, Suspense } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { ShellLoadingScreen } from './shell-loading-screen';
import { paths } from '@/domain/paths';
import { comingSoonTarget } from '@/domain/route-reading';
import { guardedPatterns, legacyRedirects, type RouteId, routeFacts, routeIds, routePattern, routesWithAccess } from '@/domain/route-table';
import { PublicOnly } from './public-only';
import { RoleGate } from './role-gate';
import { RouteGuard } from './route-guard';
import { ShellWhenSignedIn } from './shell-when-signed-in';
import { routeScreens } from './route-screens';
import { useRouteReading } from './route-reading';
import { KeepTypedBeforeHydration } from './typed-before-hydration';

const GuardedArea = lazy(() => import('./guarded-area'));

/** The routes outside the layout, in the table's order: the public ones and /login (signed-out). */
const publicRoutes = routeIds.filter((id) => routeFacts(id).access !== 'signed-in');
const guardedRoutes = routesWithAccess('signed-in');

/** A route's screen, wrapped as its access, section and frame say. */
function wrapped(id: RouteId): ReactNode {
  const { access, section, shellWhenSignedIn } = routeFacts(id);
  const screen = routeScreens[id];
  if (access === 'signed-out') return <PublicOnly>{screen}</PublicOnly>;
  if (shellWhenSignedIn) return <ShellWhenSignedIn>{screen}</ShellWhenSignedIn>;
  return section ? <SectionScreen>{screen}</SectionScreen> : screen;
}

/** A route of the route table with its screen. */
function routeOf(id: RouteId) {
  return (
    <Route key={id} path={routePattern(id)}>
      {wrapped(id)}
    </Route>
  );
}

/** The routes of the route table (SPEC.md §2, src/domain/route-table.ts): public screens, redirects, then the guarded area. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <Switch>
        {publicRoutes.map(routeOf)}
        {legacyRedirects.map(({ from, to }) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        <Route>
          <GuardedEntry />
        </Route>
      </Switch>
      {/* The prerendered screens (/login, /signup, /forgot-password) are hydrated with this boundary. */}
      <KeepTypedBeforeHydration />
    </Suspense>
  );
}

/** Google sign-in may come back to `/?token=…` or `/?error=…` (SPEC.md §2: a second callback route). */
function carriesSignInResult(search: string): boolean {
  const query = new URLSearchParams(search);
  return query.has('token') || query.has('error');
}

/**
 * Everything that is not public. Kept as one element for all guarded paths so that the layout
 * (sidebar, navbar) stays mounted while the user moves between its screens.
 */
function GuardedEntry() {
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();

  if (location === paths.home && carriesSignInResult(search)) {
    // Re-encoded: the router hands the query over partly decoded (a space stays a space).
    return <Redirect to={`${paths.authCallback}?${new URLSearchParams(search).toString()}`} replace />;
  }
  if (!guardedPatterns.some((pattern) => matchRoute(parser, pattern, location)[0])) {
    return <Redirect to={paths.login} replace />;
  }
  return (
    <RouteGuard>
      <Suspense fallback={<ShellLoadingScreen />}>
        <GuardedArea>
          <Suspense fallback={<LoadingScreen />}>
            <GuardedScreens />
          </Suspense>
        </GuardedArea>
      </Suspense>
    </RouteGuard>
  );
}

/**
 * A screen SPEC.md §2 reads two ways: itself, or (COMING_SOON_SCREENS=true) a redirect to
 * /coming-soon/{first segment}. Nothing is drawn until the configuration says which.
 */
function SectionScreen({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const reading = useRouteReading();
  if (reading === undefined) return <LoadingScreen />;
  const target = reading === 'coming-soon' ? comingSoonTarget(location) : null;
  return target === null ? children : <Redirect to={target} replace />;
}

/** The screens inside the layout, each behind its role gate. */
function GuardedScreens() {
  return (
    <Switch>
      {guardedRoutes.map((id) => (
        <Route key={id} path={routePattern(id)}>
          <RoleGate id={id}>{wrapped(id)}</RoleGate>
        </Route>
      ))}
    </Switch>
  );
}
