import { Stack } from '@chakra-ui/react';
import { useUserPlan } from '@/api/billing-calls';
import { useMe } from '@/api/account-calls';
import { useApiKeyList } from '@/api/key-calls';
import { useAppConfig } from '@/hooks/app-config';
import { useCreditForecast } from '@/hooks/use-credit-forecast';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import { PageLoadState } from '@/components/page-load-state';
import { PastDueNotice } from './past-due-notice';
import { PlanOverview } from './plan-overview';
import { PlanUnavailable } from './plan-unavailable';
import { QuickAccess } from './quick-access';
import { StatCards } from './stat-cards';
import { WelcomeBanner } from './welcome-banner';

/** / : the signed-in user's plan, credits, keys and shortcuts (SPEC.md "/ Dashboard"). */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const productName = useAppConfig()?.productName;
  const me = useMe();
  const plan = useUserPlan();
  const keys = useApiKeyList();
  const forecast = useCreditForecast();

  const header = <PageHeader title="Dashboard" description="Your plan, credits and API keys." />;

  // Without the user there is nothing to show. A failed plan leaves the rest of the page (its part
  // says what failed); a failed key list is not an error of the page (SPEC.md §7, below).
  if (me.isPending || plan.isPending || keys.isPending || me.isError) {
    return <PageLoadState header={header} queries={[me, plan, keys]} loadingLabel="Loading your dashboard..." operation="loadDashboard" />;
  }

  // SPEC.md §7: when the key list fails, the user's own apiKey stands in as the one key.
  const keyCount = keys.data?.length ?? (me.data.apiKey ? 1 : 0);
  return (
    <>
      {header}
      <Stack gap="6">
        <PastDueNotice />
        <WelcomeBanner email={me.data.email} productName={productName} />
        {plan.isError ? (
          <PlanUnavailable error={plan.error} onRetry={() => void plan.refetch()} />
        ) : (
          <PlanOverview plan={plan.data} creditsUsed={me.data.currentCredit} forecast={forecast} />
        )}
        <StatCards plan={plan.data} creditsUsed={me.data.currentCredit} keyCount={keyCount} />
        <QuickAccess />
      </Stack>
    </>
  );
}
