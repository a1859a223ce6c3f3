import { lazy, type ReactNode } from 'react';
import type { RouteId } from '@/domain/route-table';

// Every screen is its own chunk, so /login loads only what /login needs (its JavaScript budget: ≤ 160 KB gzip).
const LoginPage = lazy(() => import('@/views/login/login-page'));
const SignupPage = lazy(() => import('@/views/signup/signup-page'));
const ForgotPasswordPage = lazy(() => import('@/views/forgot-password/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/views/reset-password/reset-password-page'));
const AuthCallbackPage = lazy(() => import('@/views/auth-callback/auth-callback-page'));
const VerifyEmailPage = lazy(() => import('@/views/verify-email/verify-email-page'));
const InvitePage = lazy(() => import('@/views/invite/invite-page'));
const LegalPage = lazy(() => import('@/views/legal/legal-page'));
const DocsRedirect = lazy(() => import('./docs-redirect'));
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
const StatusPage = lazy(() => import('@/views/status/status-page'));

/**
 * What each route of the route table (src/domain/route-table.ts) shows, one screen per route id:
 * a route without a screen, or a screen without a route, does not compile. Its access, section and
 * the rest are the table's; routes.tsx puts the two together.
 */
export const routeScreens = {
  login: <LoginPage />,
  signup: <SignupPage />,
  forgotPassword: <ForgotPasswordPage />,
  resetPassword: <ResetPasswordPage />,
  resetPasswordWithoutToken: <ResetPasswordPage />,
  authCallback: <AuthCallbackPage />,
  verifyEmail: <VerifyEmailPage />,
  invite: <InvitePage />,
  terms: <LegalPage document="terms" />,
  privacy: <LegalPage document="privacy" />,
  docs: <DocsRedirect />,
  status: <StatusPage />,
  home: <DashboardPage />,
  keys: <KeysPage />,
  endpoints: <EndpointsPage />,
  webhooks: <WebhooksPage />,
  dedicatedNodes: <DedicatedNodesPage />,
  usage: <UsagePage />,
  rpcTesting: <RpcTestingPage />,
  billing: <BillingPage />,
  billingSuccess: <PaymentReturnPage />,
  billingCancel: <PaymentCancelledPage />,
  settings: <SettingsPage />,
  support: <SupportPage />,
  comingSoon: <ComingSoonFeaturePage />,
  comingSoonFeature: <ComingSoonFeaturePage />,
} satisfies Record<RouteId, ReactNode>;
