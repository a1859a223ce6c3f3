import { NETWORKS, upstreamSettings } from '@/domain/networks';
import { billingFrequencies, cardPlans } from '@/domain/plan-catalog';
import { stripePriceVariable } from '@server/config-stripe';

/**
 * Stripe as production requires it (never called by these tests: nothing is bought): a price id for
 * each plan sold by card and each billing frequency, read from the catalog, so a new plan needs no edit here.
 */
export const productionStripeSettings: Readonly<Record<string, string>> = {
  STRIPE_SECRET_KEY: 'sk_test_production_settings',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_settings',
  ...Object.fromEntries(
    cardPlans.flatMap((plan) =>
      billingFrequencies.map((frequency) => [
        stripePriceVariable(plan.name, frequency),
        `price_${plan.name.toLowerCase()}_${frequency.toLowerCase()}`,
      ]),
    ),
  ),
};

/**
 * The smallest environment a production start accepts but its database: real mail, a public URL,
 * every network's node (a port each, from 8545) and Stripe. DATABASE_URL is the test's to add: a real
 * PostgreSQL server for a start (helpers/postgres-server.ts), any postgres:// URL where the settings are only parsed.
 */
export const productionSettings: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'no-reply@example.com',
  PUBLIC_URL: 'https://dash.example.com',
  ...Object.fromEntries(NETWORKS.map((network, index) => [upstreamSettings(network).url, `http://127.0.0.1:${8545 + index}`])),
  ...productionStripeSettings,
};
