import Stripe from 'stripe';
import { ProviderError } from '@server/payments/provider';

import { UntranslatableStripeEvent } from '@server/payments/stripe/stripe-webhook';

export { UntranslatableStripeEvent };

/** Stripe's error as a ProviderError naming what failed; the secret key never appears in it. */
export function providerErrorOf(what: string, error: unknown, secretKey: string): ProviderError {
  const detail = describe(error);
  return new ProviderError(redact(`Stripe could not ${what}: ${detail}`, secretKey));
}

function describe(error: unknown): string {
  if (error instanceof Stripe.errors.StripeConnectionError) return 'Stripe did not answer (network error or time-out).';
  if (error instanceof Stripe.errors.StripeAuthenticationError) return 'Stripe refused the secret key (STRIPE_SECRET_KEY).';
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode === undefined ? '' : ` (HTTP ${error.statusCode}${error.code === undefined ? '' : `, ${error.code}`})`;
    return `${error.message}${status}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Stripe masks keys in its messages; a proxy or stand-in may not, so the key is taken out here too. */
function redact(message: string, secretKey: string): string {
  return secretKey.length === 0 ? message : message.split(secretKey).join('[secret key]');
}

/** Runs one Stripe call; whatever it throws becomes a ProviderError. */
export async function atStripe<T>(what: string, secretKey: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError || error instanceof UntranslatableStripeEvent) throw error;
    throw providerErrorOf(what, error, secretKey);
  }
}
