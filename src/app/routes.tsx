import { lazy, type ReactNode, Suspense } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from 'wouter';
import { LoadingScreen } from '@/components/loading-screen';
import { ShellLoadingScreen } from './shell-loading-screen';
import { legacyRedirects, guardedPaths, paths, sectionRoutes } from '@/domain/paths';
import { comingSoonTarget } from '@/domain/route-reading';
import { PublicOnly } from './public-only';
import { RouteGuard } from './route-guard';
import { useRouteReading } from './route-reading';
import { KeepTypedBeforeHydration } from './typed-before-hydration';

// Every screen is its own chunk, so /login loads only what /login needs (its JavaScript budget: ≤ 160 KB gzip).
const LoginPage = lazy(() => import('@/views/login/login-page'));
const SignupPage = lazy(() => import('@/views/signup/signup-page'));
const ForgotPasswordPage = lazy(() => import('@/views/forgot-password/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/views/reset-password/reset-password-page'));
const AuthCallbackPage = lazy(() => import('@/views/auth-callback/auth-callback-page'));
const VerifyEmailPage = lazy(() => import('@/views/verify-email/verify-email-page'));
const LegalPage = lazy(() => import('@/views/legal/legal-page'));
const DocsRedirect = lazy(() => import('./docs-redirect'));
const GuardedArea = lazy(() => import('./guarded-area'));
const DashboardPage = lazy(() => import('@/views/dashboard/dashboard-page'));
const ComingSoonFeaturePage = lazy(() => import('@/views/coming-soon-feature/coming-soon-feature-page'));
const KeysPage = lazy(() => import('@/views/keys/keys-page'));
const BillingPage = lazy(() => import('@/views/billing/billing-page'));
const PaymentReturnPage = lazy(() => import('@/views/billing-return/payment-return-page'));
const PaymentCancelledPage = lazy(() => import('@/views/billing-return/payment-cancelled-page'));
const RpcTestingPage = lazy(() => import('@/views/rpc-testing/rpc-testing-page'));
const UsagePage = lazy(() => import('@/views/usage/usage-page'));
const EndpointsPage = lazy(() => import('@/views/endpoints/endpoints-page'));
const WebhooksPage = lazy(() => import('@/views/webhooks/webhooks-page'));
const DedicatedNodesPage = lazy(() => import('@/views/dedicated-nodes/dedicated-nodes-page'));
const SettingsPage = lazy(() => import('@/views/settings/settings-page'));
const SupportPage = lazy(() => import('@/views/support/support-page'));

/** The whole route table (SPEC.md §2): public screens, redirects, then the guarded area. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <Switch>
        <Route path={paths.login}>
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        </Route>
        <Route path={paths.signup}>
          <SignupPage />
        </Route>
        <Route path={paths.forgotPassword}>
          <ForgotPasswordPage />
        </Route>
        <Route path={paths.resetPassword}>
          <ResetPasswordPage />
        </Route>
        <Route path={paths.resetPasswordWithoutToken}>
          <ResetPasswordPage />
        </Route>
        <Route path={paths.authCallback}>
          <AuthCallbackPage />
        </Route>
        {/* Public: the link may be opened in a browser that is not signed in. */}
        <Route path={paths.verifyEmail}>
          <VerifyEmailPage />
        </Route>
        {/* Public whether signed in or not: the sign-in screens link to them. */}
        <Route path={paths.terms}>
          <LegalPage document="terms" />
        </Route>
        <Route path={paths.privacy}>
          <LegalPage document="privacy" />
        </Route>
        {legacyRedirects.map(({ from, to }) => (
          <Route key={from} path={from}>
            <Redirect to={to} replace />
          </Route>
        ))}
        <Route path={paths.docs}>
          <DocsRedirect />
        </Route>
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
  if (!guardedPaths.some((pattern) => matchRoute(parser, pattern, location)[0])) {
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

/** The screens inside the layout. */
function GuardedScreens() {
  return (
    <Switch>
      <Route path={paths.home}>
        <DashboardPage />
      </Route>
      <Route path={paths.keys}>
        <KeysPage />
      </Route>
      <Route path={paths.billing}>
        <BillingPage />
      </Route>
      <Route path={paths.billingSuccess}>
        <PaymentReturnPage />
      </Route>
      <Route path={paths.billingCancel}>
        <PaymentCancelledPage />
      </Route>
      <Route path={paths.rpcTesting}>
        <RpcTestingPage />
      </Route>
      <Route path={paths.support}>
        <SupportPage />
      </Route>
      <Route path={sectionRoutes.usage}>
        <SectionScreen>
          <UsagePage />
        </SectionScreen>
      </Route>
      <Route path={sectionRoutes.endpoints}>
        <SectionScreen>
          <EndpointsPage />
        </SectionScreen>
      </Route>
      <Route path={sectionRoutes.webhooks}>
        <SectionScreen>
          <WebhooksPage />
        </SectionScreen>
      </Route>
      <Route path={sectionRoutes.dedicatedNodes}>
        <SectionScreen>
          <DedicatedNodesPage />
        </SectionScreen>
      </Route>
      <Route path={sectionRoutes.settings}>
        <SectionScreen>
          <SettingsPage />
        </SectionScreen>
      </Route>
      <Route path={paths.comingSoon}>
        <ComingSoonFeaturePage />
      </Route>
      <Route path={paths.comingSoonFeature}>
        <ComingSoonFeaturePage />
      </Route>
    </Switch>
  );
}
