import { usePortalRedirect, useSubscription } from '@/api/billing-calls';
import { PastDueBanner } from '@/components/past-due-banner';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';

const leaveFor = (url: string) => window.location.assign(url);

/** The failed renewal, as /billing says it too: nothing at all unless the subscription is past due. */
export function PastDueNotice({ redirectTo = leaveFor }: { redirectTo?: (url: string) => void }) {
  const subscription = useSubscription();
  const portal = usePortalRedirect(redirectTo);
  const pastDue = subscription.data?.status === 'past_due' ? subscription.data : null;
  if (!pastDue) return null;
  return (
    <PastDueBanner
      planName={pastDue.planName}
      graceEndsAt={pastDue.graceEndsAt}
      onOpenPortal={() => portal.mutate()}
      opening={portal.isPending || portal.isSuccess}
      error={portal.isError ? failureMessage('openPortal', failureIn(portal.error)) : null}
    />
  );
}
