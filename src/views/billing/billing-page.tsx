import { useState } from 'react';
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { checkoutMachine } from '@machines/checkout';
import {
  type BillingCalls,
  billingActorsOver,
  billingCalls,
  usePlans,
  usePortalRedirect,
  useSubscription,
  useUserPlan,
} from '@/api/billing-calls';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import { PastDueBanner } from '@/components/past-due-banner';
import { showsPlansList, upgradeDueToday } from '@/domain/billing-plans';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import type { BillingFrequency } from '@/domain/plan-catalog';
import { CheckoutDialog } from './checkout-dialog';
import { CurrentPlanCard } from './current-plan-card';
import { EnterpriseCard } from './enterprise-card';
import { InvoicesCard } from './invoices-card';
import { PaymentCard } from './payment-card';
import { PlansSection } from './plans-section';

const TITLE = 'Billing & Plans';

/** The browser leaves for the provider's page (checkout, customer portal). */
const leaveFor = (url: string) => window.location.assign(url);

export interface BillingPageProps {
  /** The API calls; the real client unless a test brings its own (another server, say). */
  calls?: BillingCalls;
  /** Where the browser goes to pay or manage billing; the page leaves unless a test watches. */
  redirectTo?: (url: string) => void;
}

/** /billing (SPEC.md "/billing Billing & Plans", §4 Billing, §6, §9). */
export default function BillingPage({ calls = billingCalls, redirectTo = leaveFor }: BillingPageProps) {
  usePageTitle(TITLE);
  const [frequency, setFrequency] = useState<BillingFrequency>('MONTHLY');
  const plans = usePlans(calls);
  const userPlan = useUserPlan({ calls });
  const subscription = useSubscription(calls);
  const portal = usePortalRedirect(redirectTo, calls);
  const checkout = useFlowActor(
    checkoutMachine.provide({
      actors: billingActorsOver(calls).checkout,
      actions: { redirectTo: (_, { url }) => redirectTo(url) },
    }),
  );
  const isOpening = portal.isPending || portal.isSuccess;
  const portalError = portal.isError ? failureMessage('openPortal', failureIn(portal.error)) : null;
  const currentName = userPlan.data?.name;
  const pastDue = subscription.data?.status === 'past_due' ? subscription.data : null;
  const checkoutOpen = useSelector(checkout, (s) => !s.matches('idle'));

  return (
    <>
      <PageHeader title={TITLE} description="Your plan, the plans you can move to, and your payments." />
      <Stack gap="6">
        {pastDue ? (
          <PastDueBanner
            planName={pastDue.planName}
            graceEndsAt={pastDue.graceEndsAt}
            onOpenPortal={() => portal.mutate()}
            opening={isOpening}
            error={portalError}
          />
        ) : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <CurrentPlanCard userPlan={userPlan} subscription={subscription} />
          {/* Enterprise is billed by contract, not through the portal. */}
          {showsPlansList(currentName) ? (
            <PaymentCard onOpenPortal={() => portal.mutate()} opening={isOpening} error={pastDue ? null : portalError} />
          ) : null}
        </SimpleGrid>
        {showsPlansList(currentName) ? (
          <PlansSection
            plans={plans}
            currentPlan={currentName}
            frequency={frequency}
            onFrequencyChange={setFrequency}
            onUpgrade={(plan) =>
              checkout.send({
                type: 'checkout.open',
                plan: {
                  planId: plan.id,
                  name: plan.name,
                  frequency,
                  price: plan.price,
                  dueToday: upgradeDueToday(plan, plans.data, subscription.data, new Date()),
                },
              })
            }
            onOpenPortal={() => portal.mutate()}
            portalOpening={isOpening}
            upgradeBlocked={checkoutOpen}
          />
        ) : null}
        <EnterpriseCard />
        <InvoicesCard calls={calls} />
      </Stack>
      <CheckoutDialog checkout={checkout} />
    </>
  );
}
