/** The query parameter of /billing/success naming the checkout (the server's success URL sets it). */
export const CHECKOUT_QUERY_PARAM = 'checkout';

/** What the pages the payment provider sends the browser back to say (SPEC.md is silent on them). */
export const RETURN_TEXTS = {
  confirming: 'Confirming your payment…',
  expired: 'This checkout has expired or was replaced by a newer one. Nothing was charged.',
  stillConfirming: 'Your payment is still being confirmed. This can take a few minutes: check Billing later.',
  noCheckout: 'There is no payment to confirm here. Start from Billing.',
  cancelled: 'The payment was cancelled and nothing was charged. Your plan has not changed.',
} as const;

/** 'Payment received. You are now on the Developer plan.' */
export function paymentReceived(planName: string | null): string {
  return planName ? `Payment received. You are now on the ${planName} plan.` : 'Payment received.';
}
