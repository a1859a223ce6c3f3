import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import {
  type checkoutMachine,
  selectCanClose,
  selectCanPay,
  selectCanRetry,
  selectError,
  selectIsBusy,
  selectIsOpen,
  selectPlan,
} from '@machines/checkout';
import { ErrorAlert } from '@/components/error-alert';
import { ModalDialog } from '@/components/modal-dialog';
import { formatUsd, monthlyEquivalentLabel, priceLabel } from '@/domain/money';
import { billingPeriods } from '@/domain/plan-catalog';

/**
 * The payment confirmation modal (SPEC.md /billing: Upgrade opens it, 'Pay with Card'): the plan,
 * its period and price, and what is due today (prorated for a paying user, as the payment page). A dialog: focus trapped inside, labelled by its title; Escape and a click
 * outside close it (cancel) except while the checkout is being started.
 */
export function CheckoutDialog({ checkout }: { checkout: Actor<typeof checkoutMachine> }) {
  const open = useSelector(checkout, selectIsOpen);
  const plan = useSelector(checkout, selectPlan);
  const error = useSelector(checkout, selectError);
  const busy = useSelector(checkout, selectIsBusy);
  const canPay = useSelector(checkout, selectCanPay);
  const canRetry = useSelector(checkout, selectCanRetry);
  const canClose = useSelector(checkout, selectCanClose);
  const close = () => checkout.send({ type: 'checkout.close' });
  const monthly = plan ? monthlyEquivalentLabel(plan.price, plan.frequency) : null;

  return (
    <ModalDialog
      open={open}
      title={plan ? `Upgrade to ${plan.name}` : 'Upgrade'}
      busy={!canClose}
      onCancel={close}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={!canClose}>
            Cancel
          </Button>
          {canRetry ? (
            <Button colorPalette="blue" onClick={() => checkout.send({ type: 'checkout.retry' })}>
              Try again
            </Button>
          ) : (
            <Button
              colorPalette="blue"
              onClick={() => checkout.send({ type: 'checkout.pay' })}
              disabled={!canPay && !busy}
              loading={busy}
              loadingText="Redirecting..."
            >
              Pay with Card
            </Button>
          )}
        </>
      }
    >
      {plan ? (
        <Stack gap="3">
          <Dialog.Description>
            The {plan.name} plan, billed {billingPeriods[plan.frequency].adverb}. You pay by card on our payment provider's secure page;
            your plan changes once the payment is confirmed.
          </Dialog.Description>
          <Stack gap="0">
            <Text fontSize="2xl" fontWeight="semibold">
              {priceLabel(plan.price, plan.frequency)}
            </Text>
            {monthly ? <Text color="fg.muted">{monthly}, billed yearly</Text> : null}
          </Stack>
          {plan.dueToday ? (
            <Stack gap="1" borderWidth="1px" borderRadius="l2" p="3">
              <Text fontWeight="semibold">Due today: {formatUsd(plan.dueToday.cents)}</Text>
              {plan.dueToday.prorated ? (
                <Text fontSize="sm" color="fg.muted">
                  The new plan's price for a period starting today, less the unused part of your current period. The payment page confirms
                  the amount.
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {error ? <ErrorAlert message={error} /> : null}
        </Stack>
      ) : null}
    </ModalDialog>
  );
}
