import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Db } from '@server/db/db';
import { repeatOnce } from '@server/db/advisory-locks';
import type { KeyCache } from '@server/gateway/key-cache';
import type { PaymentServices } from '@server/handlers/services';
import { Billing, type BillingSettings } from '@server/payments/billing';

export interface PaymentDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly keyCache: Pick<KeyCache, 'invalidateUser'>;
}

/**
 * Billing over the configured provider: Stripe when STRIPE_SECRET_KEY is set; otherwise, in local
 * mode only, the test-mode provider, whose events reach billing through the same applyEvent as
 * Stripe's webhooks. Production without Stripe never gets here (loadConfig requires it).
 */
export async function createPayments(config: Config, deps: PaymentDeps): Promise<PaymentServices & { close(): void }> {
  // How often the grace periods and (test mode) the subscriptions' renewals are checked.
  const checkIntervalMs = config.billingCheckSeconds * 1000;
  const settings: Omit<BillingSettings, 'provider'> = {
    ...deps,
    publicUrl: config.publicUrl,
    salesEmail: config.salesEmail,
    graceDays: config.billingGraceDays,
  };
  if (config.stripe !== null) {
    const { createStripeProvider } = await import('@server/payments/stripe/stripe-provider');
    const stripe = createStripeProvider(config.stripe);
    const billing = new Billing({ ...settings, provider: stripe });
    billing.start(checkIntervalMs);
    return { billing, stripeWebhook: stripe, testMode: null, close: () => billing.stop() };
  }
  if (config.mode !== 'local') throw new Error('No payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  const { createLocalProvider } = await import('@server/payments/local/local-provider');
  let billing: Billing | undefined;
  const local = createLocalProvider({
    db: deps.db,
    clock: deps.clock,
    publicUrl: config.publicUrl,
    log: deps.log,
    deliver: async (event) => {
      if (billing === undefined) throw new Error('a test-mode payment event arrived before billing started');
      await billing.applyEvent(event);
    },
    // The portal says the dashboard's grace end: the API's own Subscription.graceEndsAt.
    graceEndsAt: async (userId) => (await billing?.subscription(userId))?.graceEndsAt ?? null,
  });
  billing = new Billing({ ...settings, provider: local.provider });
  billing.start(checkIntervalMs);
  // Every replica runs this timer; one renews at a time (runOnce), so two do not bill the same period
  // at once, and one that comes after finds the periods already moved on.
  const stopRenewals = repeatOnce(deps.db, {
    name: 'testModeRenewals',
    intervalMs: checkIntervalMs,
    immediately: false,
    job: () => local.renewDue(),
    onError: (error) => deps.log.error({ err: error }, 'the test-mode renewals failed'),
  });
  const started = billing;
  return {
    billing: started,
    stripeWebhook: null,
    testMode: { pages: local.pages, contentSecurityPolicy: local.contentSecurityPolicy, renewDue: local.renewDue },
    close: () => {
      stopRenewals();
      started.stop();
    },
  };
}
