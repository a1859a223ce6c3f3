import { Stack } from '@chakra-ui/react';
import { useUserPlan } from '@/api/billing-calls';
import { useAppConfig } from '@/hooks/app-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import { Faq } from './faq';
import { SupportChannels } from './support-channels';

/**
 * /support (SPEC.md "/support"): the four ways to reach us and the FAQ. The page does not wait for
 * the user's plan: only the chat card depends on it (paid plans, SPEC.md §6).
 */
export default function SupportPage() {
  usePageTitle('Support');
  const config = useAppConfig();
  const plan = useUserPlan();

  return (
    <>
      <PageHeader title="Support" description="Reach our team and community, or find your answer in the FAQ." />
      <Stack gap="8">
        <SupportChannels
          config={config}
          chat={plan.data?.entitlements.chat}
          planFailed={plan.isError && !plan.isFetching}
          onRetryPlan={() => void plan.refetch()}
        />
        <Faq />
      </Stack>
    </>
  );
}
