import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { Link, useSearch } from 'wouter';
import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { checkoutReturnMachine, selectCanRecheck, selectError, selectOutcome, selectPlanName } from '@machines/checkout-return';
import { type BillingCalls, billingActorsOver, billingCalls, refreshBillingData } from '@/api/billing-calls';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { SuccessAlert } from '@/components/success-alert';
import { CHECKOUT_QUERY_PARAM, RETURN_TEXTS, paymentReceived } from '@/domain/payment-return';
import { paths } from '@/domain/paths';

export interface PaymentReturnPageProps {
  calls?: BillingCalls;
  /** Shorter waits between questions for tests; the machine's 1 s otherwise. */
  pollDelayMs?: number;
  maxChecks?: number;
}

const backToBilling = (
  <ChakraLink asChild colorPalette="blue" fontWeight="medium">
    <Link href={paths.billing}>Back to Billing</Link>
  </ChakraLink>
);

/**
 * /billing/success?checkout=<id>: where the provider sends the browser after paying. Arriving
 * here proves nothing; the page asks the server until the verified payment completed
 * (machines/checkout-return.ts), then refreshes everything the new plan changed.
 */
export default function PaymentReturnPage({ calls = billingCalls, pollDelayMs, maxChecks }: PaymentReturnPageProps) {
  usePageTitle('Payment');
  const checkoutId = new URLSearchParams(useSearch()).get(CHECKOUT_QUERY_PARAM);
  const queryClient = useQueryClient();
  const auth = AuthActor.useActorRef();
  const paymentConfirmed = useCallback(() => {
    void refreshBillingData(queryClient);
    auth.send({ type: 'auth.refresh' });
  }, [queryClient, auth]);
  const flow = useFlowActor(
    checkoutReturnMachine.provide({
      actors: billingActorsOver(calls).checkoutReturn,
      actions: { paymentConfirmed },
      ...(pollDelayMs === undefined ? {} : { delays: { pollDelay: pollDelayMs } }),
    }),
    { input: { checkoutId, ...(maxChecks === undefined ? {} : { maxChecks }) } },
  );
  const outcome = useSelector(flow, selectOutcome);
  const planName = useSelector(flow, selectPlanName);
  const error = useSelector(flow, selectError);
  const canRecheck = useSelector(flow, selectCanRecheck);

  const recheck = canRecheck ? (
    <Button size="sm" variant="outline" onClick={() => flow.send({ type: 'checkout.recheck' })}>
      Check again
    </Button>
  ) : null;

  let body: ReactNode;
  switch (outcome) {
    case 'confirming':
      body = <LoadingScreen label={RETURN_TEXTS.confirming} />;
      break;
    case 'complete':
      body = (
        <Stack gap="4" align="flex-start">
          <SuccessAlert message={paymentReceived(planName)} />
          <ChakraLink asChild colorPalette="blue" fontWeight="medium">
            <Link href={paths.home}>Go to the dashboard</Link>
          </ChakraLink>
          {backToBilling}
        </Stack>
      );
      break;
    case 'expired':
      body = (
        <Stack gap="4" align="flex-start">
          <Text role="status">{RETURN_TEXTS.expired}</Text>
          {backToBilling}
        </Stack>
      );
      break;
    case 'stillConfirming':
      body = (
        <Stack gap="4" align="flex-start">
          <Text role="status">{RETURN_TEXTS.stillConfirming}</Text>
          {recheck}
          {backToBilling}
        </Stack>
      );
      break;
    case 'failed':
      body = (
        <Stack gap="4" align="flex-start">
          <ErrorAlert message={error ?? RETURN_TEXTS.stillConfirming} />
          {recheck}
          {backToBilling}
        </Stack>
      );
      break;
    case 'noCheckout':
      body = (
        <Stack gap="4" align="flex-start">
          <Text>{RETURN_TEXTS.noCheckout}</Text>
          {backToBilling}
        </Stack>
      );
      break;
  }

  return (
    <>
      <PageHeader title="Payment" />
      {body}
    </>
  );
}
