import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Db } from '@server/db/db';
import type { KeyCache } from '@server/gateway/key-cache';
import type { PaymentServices } from '@server/handlers/payments';
import { Billing } from '@server/payments/billing';
import { ProviderError, type PaymentProvider } from '@server/payments/provider';
import { createStripeProvider } from '@server/payments/stripe/stripe-provider';

export interface PaymentDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly keyCache: Pick<KeyCache, 'invalidateUser'>;
}

/** The provider while its adapters are being wired: every call refused (502). */
function unwiredProvider(): PaymentProvider {
  const refuse = async (): Promise<never> => {
    throw new ProviderError('no payment provider is wired yet');
  };
  return {
    name: 'local',
    createCustomer: refuse,
    startCheckout: refuse,
    startChange: refuse,
    expireCheckout: refuse,
    portalUrl: refuse,
    listInvoices: refuse,
    cancelSubscription: refuse,
  };
}

/** Billing over the configured provider: Stripe when configured, else (local mode only) the test-mode provider. */
export async function createPayments(config: Config, deps: PaymentDeps): Promise<PaymentServices & { close(): void }> {
  const stripe = config.stripe === null ? null : createStripeProvider(config.stripe);
  const billing = new Billing({
    ...deps,
    provider: stripe ?? unwiredProvider(),
    publicUrl: config.publicUrl,
    salesEmail: config.salesEmail,
    graceDays: config.billingGraceDays,
  });
  billing.start();
  return { billing, stripeWebhook: stripe, testMode: null, close: () => billing.stop() };
}
