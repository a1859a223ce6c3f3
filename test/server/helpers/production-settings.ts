/** Stripe as production requires it (never called by these tests: nothing is bought). */
export const productionStripeSettings = {
  STRIPE_SECRET_KEY: 'sk_test_production_settings',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_settings',
  STRIPE_PRICE_DEVELOPER_MONTHLY: 'price_developer_monthly',
  STRIPE_PRICE_DEVELOPER_ANNUALY: 'price_developer_annualy',
  STRIPE_PRICE_BUSINESS_MONTHLY: 'price_business_monthly',
  STRIPE_PRICE_BUSINESS_ANNUALY: 'price_business_annualy',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_professional_monthly',
  STRIPE_PRICE_PROFESSIONAL_ANNUALY: 'price_professional_annualy',
};

/**
 * The smallest environment a production start accepts but its database: real mail, a public URL, both
 * upstream nodes and Stripe. DATABASE_URL is the test's to add: a real PostgreSQL server for a start
 * (helpers/postgres-server.ts), any postgres:// URL where the settings are only parsed.
 */
export const productionSettings = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'no-reply@example.com',
  PUBLIC_URL: 'https://dash.example.com',
  UPSTREAM_MAINNET_URL: 'http://127.0.0.1:8545',
  UPSTREAM_DEVNET_URL: 'http://127.0.0.1:8546',
  ...productionStripeSettings,
};
